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
    // Showy praise, a thing made to shine, a person flourishing.
    [
      'If our designers could make your garden jaw-dropping by May, would you hire them?',
      'jaw-dropping',
    ],
    ['If our cleaners left your oven sparkling, would you book them?', 'sparkling'],
    ['If our choir let your voice soar, would you join this term?', 'soar'],
    // A burden ceasing, gone ("with no…") or escaped ("instead of…").
    ['What if the school run stopped being a misery? Would you try our bus?', 'stopped'],
    ['What if your parcel arrived on time, with no calls to chase it? Would you pay more?', 'no'],
    [
      'Think of reading in a calm lounge instead of a crowded waiting room. Would you upgrade?',
      'instead',
    ],
    // The scene painted first, then an "if" that refers back to it.
    [
      'Our valets could return your car gleaming by lunchtime. If we offered that, would you book?',
      'If we offered that',
    ],
    ['No more queuing at the post office: if that were possible, would you use our lockers?', 'if'],
    ['What if you never had to iron a shirt again?', 'What if'],
    ['If you could stop worrying about burst pipes, would you book a check?', 'If you could'],
    ['Imagine not having to cook on Christmas Day. Would you order our hamper?', 'Imagine'],
    [
      'Picture leaving every money worry behind. Would you book a session with our adviser?',
      'Picture',
    ],
    [
      'How would you feel if someone else took care of the food and the tidying at a party?',
      'someone else took care',
    ],
    // Relief from a named burden, asked as a feeling; a burden escaped, before a ";".
    ['How would you feel if stage fright no longer held you back at work?', 'no longer'],
    [
      'Suppose a cracked screen meant a short wait rather than a lost afternoon; how would you feel about using us?',
      'rather than',
    ],
  ],
  [
    'If the studio were open later, would you train more often?',
    'Imagine you needed a repair on a Sunday. Where would you take your bike?',
    'What if the class were cancelled? Would you want a refund?',
    'What if the tap leaks again? Would you call us?',
    'Imagine you had to mow your lawn once a week. How long would it take?',
    'Suppose your bills changed each month. Would you want a reminder?',
    'If you use our lockers, would you pay by card?',
    'What if we stopped opening on Sundays? Would you shop on Saturdays instead?',
    'Think of the last time you posted a parcel. How long did it take?',
    'Our valets work from eight until six. If we offered that, would you book?',
    'If you have never had a boiler service, what has stopped you?',
    'If we offered a lunch with no dessert, would you order it?',
    'Imagine you had to cook on Christmas Day. What would you make?',
    'Who takes care of the food at your parties?',
    'How would you feel if someone else chose the menu for you?',
    // A loss asked about as a feeling is no relief.
    'How would you feel if we no longer offered evening classes?',
  ],
);
