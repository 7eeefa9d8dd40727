import { loadedWordsKind } from '../../src/wording/rules/loaded-words';
import { kindCases } from './cases';

kindCases(
  loadedWordsKind,
  [
    ['How much do you love our mouth-watering pastries?', 'mouth-watering'],
    ['Since the old booking system was a total disaster, should we keep the new one?', 'disaster'],
    ['Is our refurbished reading room amazing?', 'amazing'],
    ['Do you still rely on a flimsy paper timetable?', 'flimsy'],
  ],
  [
    'How would you rate our pastries?',
    'Since the booking system changed, how do you book a lane?',
    'Is our reading room quiet enough?',
    'Do you use a paper timetable?',
  ],
);
