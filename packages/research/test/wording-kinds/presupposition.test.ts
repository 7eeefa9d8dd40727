import { presuppositionKind } from '../../src/wording/rules/presupposition';
import { kindCases } from './cases';

kindCases(
  presuppositionKind,
  [
    ['How often do you struggle to find a free lane at the pool?', 'struggle'],
    ['Which of our new smoothies will you order?', 'order'],
    ['What was most inspiring about your first lesson with our tutor?', 'inspiring'],
    ['How much stronger did you feel after our classes?', 'stronger'],
  ],
  [
    'How often, if at all, do you struggle to find a free lane?',
    'Which of our smoothies, if any, would you order?',
    'What was your first lesson with our tutor like?',
    'How much do our classes cost?',
  ],
);
