import { praiseHypotheticalKind } from '../../src/wording/rules/praise-hypothetical';
import { kindCases } from './cases';

kindCases(
  praiseHypotheticalKind,
  [
    [
      'Imagine never having to queue for a treadmill again. Would you upgrade your membership?',
      'never',
    ],
    [
      'What if our stunning new studio were open around the clock? Would you train more often?',
      'stunning',
    ],
    ['If our award-winning tutors could coach you at home, would you sign up?', 'award-winning'],
  ],
  [
    'If the studio were open later, would you train more often?',
    'Imagine you needed a repair on a Sunday. Where would you take your bike?',
    'What if the class were cancelled? Would you want a refund?',
  ],
);
