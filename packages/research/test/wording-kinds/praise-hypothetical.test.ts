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
    [
      'What if a leaking tap were a thing of the past? Would you join our plumbing plan?',
      'thing of the past',
    ],
    ['Imagine a lawn that mows itself while you sleep. Would you try our robot mower?', 'itself'],
    ['Suppose your bills were paid automatically each month. Would you sign up?', 'automatically'],
    ['Picture the relief of a finished tax return. Would you use our service?', 'relief'],
  ],
  [
    'If the studio were open later, would you train more often?',
    'Imagine you needed a repair on a Sunday. Where would you take your bike?',
    'What if the class were cancelled? Would you want a refund?',
    'What if the tap leaks again? Would you call us?',
    'Imagine you had to mow your lawn once a week. How long would it take?',
    'Suppose your bills changed each month. Would you want a reminder?',
  ],
);
