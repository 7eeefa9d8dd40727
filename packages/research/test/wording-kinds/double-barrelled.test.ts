import { doubleBarrelledKind } from '../../src/wording/rules/double-barrelled';
import { kindCases } from './cases';

kindCases(
  doubleBarrelledKind,
  [
    ['Were the changing rooms and the showers clean?', 'the changing rooms and the showers'],
    ['Was the trainer friendly and the class too long?', 'the class'],
    ['How satisfied are you with the price and quality of our lessons?', 'price and quality'],
    ['How happy are you with the trainers and with the changing rooms?', 'with the changing rooms'],
    ['Would you like news about our courses and our open days?', 'our open days'],
    ['Was the plumber tidy and on time?', 'tidy and on time'],
    ['Is the app quick to load and easy to use?', 'easy to use'],
    // A verdict asked of two things each named in full, or presumed of two qualities.
    ['What did you think of the starters and the desserts at our tasting night?', 'starters and'],
    ['Why are our guided walks so relaxing and so good value?', 'relaxing and'],
    ['When you visit, will you rent skis and book a lesson?', 'skis and book'],
    ['How happy are you with our opening hours and our parking?', 'our opening'],
    ['How important are price and speed to you when choosing a plumber?', 'price and speed'],
    // Two claims put to the person by one tag.
    ["A good gym should have friendly staff and fair prices, don't you agree?", 'and'],
  ],
  [
    'Were the changing rooms clean?',
    'Was the class long enough?',
    'Were the fish and chips hot?',
    'How happy are you with the trainers at our gym?',
    'Would you like news about our courses?',
    'Was the plumber on time?',
    'Was the plumber on time or late?',
    'Is the app easy to use on a phone?',
    'What do you think of our clinic for cats and dogs?',
    'What did you think of the fish and chips?',
    'Why are you and your partner thinking of moving?',
    'How happy are you with our opening hours?',
    'How important is price to you when choosing a plumber?',
    'What do you price your time at, and why?',
    "Our vans are clean, aren't they?",
  ],
);
