import { identityAppeal } from '../../src/wording/rules/identity-appeal';
import { kindCases } from './cases';

kindCases(
  identityAppeal,
  [
    [
      'Serious runners always stretch before a race. Would you join our stretching class?',
      'Serious runners',
    ],
    ['As a responsible dog owner, how often would you use our grooming service?', 'responsible'],
    ['If you really care about your teeth, would you book a check-up?', 'care'],
    ['People who truly value their time shop online. Would you try our delivery service?', 'value'],
    ['People who run marathons never skip a warm-up. How often do you warm up?', 'never'],
    ['Stylish men choose our tailoring. Which suit will you try on first?', 'Stylish'],
    ['As a generous and thoughtful neighbour, would you give to our food bank?', 'generous'],
  ],
  [
    'Do you stretch before a run?',
    'As a dog owner, how often do you groom your dog?',
    'How much does the price of a check-up matter to you?',
    'Men often buy suits in spring. Which month do you buy yours?',
    'As a neighbour, how often do you visit the food bank?',
  ],
);
