import { presuppositionKind } from '../../src/wording/rules/presupposition';
import { kindCases } from './cases';

kindCases(
  presuppositionKind,
  [
    ['How often do you struggle to find a free lane at the pool?', 'struggle'],
    ['Which of our new smoothies will you order?', 'order'],
    ['What was most inspiring about your first lesson with our tutor?', 'inspiring'],
    ['How much stronger did you feel after our classes?', 'stronger'],
    ["Isn't it time you upgraded your phone?", 'time you upgraded'],
    ['When will you be booking your next lesson?', 'booking'],
    ['When will you collect your new glasses?', 'collect'],
    ['What did your dog enjoy most at our grooming salon?', 'enjoy'],
    ["What impressed you most about our plumber's visit?", 'impressed'],
    ['How much did you enjoy the cooking class?', 'enjoy'],
    ['What was the best moment of your trip with us?', 'best'],
  ],
  [
    'How often, if at all, do you struggle to find a free lane?',
    'Which of our smoothies, if any, would you order?',
    'What was your first lesson with our tutor like?',
    'How much do our classes cost?',
    'Tell us about the last time you replaced a boiler. What happened?',
    'When will you next need a lesson?',
    'What do you enjoy most in your free time?',
    'What did you enjoy most at school?',
    "What surprised you most about our plumber's visit?",
    'How much did you spend at the cooking class?',
    'What was the first thing you did on your trip with us?',
    'What makes our hiking boots comfier than other brands?',
    'What if your commute stopped being something you hated? Would you cycle?',
    'Imagine your boiler never broke down again. Would you take out cover?',
  ],
);
