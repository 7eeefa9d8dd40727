import { assumptiveWhyKind } from '../../src/wording/rules/assumptive-why';
import { kindCases } from './cases';

kindCases(
  assumptiveWhyKind,
  [
    ["Why is our bakery's sourdough so much better than supermarket bread?", 'Why is'],
    ['Why do you prefer our app over other language apps?', 'prefer'],
    ['What makes our repair service the smartest choice for commuters?', 'What makes'],
  ],
  [
    'Why did you start learning Spanish?',
    'Why do you cycle to work, if you do?',
    'What would make a repair service worth using for you?',
  ],
);
