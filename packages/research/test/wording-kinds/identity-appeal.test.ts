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
  ],
  [
    'Do you stretch before a run?',
    'As a dog owner, how often do you groom your dog?',
    'How much does the price of a check-up matter to you?',
  ],
);
