import { loadedWordsKind } from '../../src/wording/rules/loaded-words';
import { kindCases } from './cases';

kindCases(
  loadedWordsKind,
  [
    ['How much do you love our mouth-watering pastries?', 'mouth-watering'],
    ['Since the old booking system was a total disaster, should we keep the new one?', 'disaster'],
    ['Is our refurbished reading room amazing?', 'amazing'],
    ['Do you still rely on a flimsy paper timetable?', 'flimsy'],
    ['Would you join our fun, sociable walking group?', 'fun'],
    ['Would you book our unbeatable £30 family ticket?', 'unbeatable'],
    ['How likely are you to watch the charming new documentary from Blue Harbour?', 'charming'],
    ['Do you still use that bug-ridden scheduling app?', 'bug-ridden'],
    ['What do you think of our rugged hiking boots?', 'rugged'],
    ['How much would you pay to skip the hassle of assembling furniture?', 'hassle'],
    ["Wouldn't it be fantastic to have your bike serviced at home?", 'fantastic'],
    ['Is an hour a month a small price to pay for a tidy garden?', 'small price to pay'],
    ['Would you fit our top-quality cables?', 'top-quality'],
  ],
  [
    'How would you rate our pastries?',
    'Since the booking system changed, how do you book a lane?',
    'Is our reading room quiet enough?',
    'Do you use a paper timetable?',
    'What do you think of our guest rooms?',
    'Would you book a £30 family ticket?',
    'How likely are you to watch the new documentary from Blue Harbour?',
    'Do you still use the old scheduling app?',
    'How much would you pay for furniture assembly?',
    'Would it be useful to have your bike serviced at home?',
    'Would you try our colour-match service?',
    'Our best-selling boots are back in stock. Would you like a pair?',
    'Would 2,000 five-star reviews make you more likely to book?',
  ],
);
