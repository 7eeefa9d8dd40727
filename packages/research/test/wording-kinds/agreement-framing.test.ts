import { agreementFraming } from '../../src/wording/rules/agreement-framing';
import { kindCases } from './cases';

kindCases(
  agreementFraming,
  [
    ["Isn't the new opening time better for everyone?", "Isn't"],
    ["Given how full the car park gets, wouldn't you rather cycle to the library?", "wouldn't"],
    ['The new timetable is much clearer, right?', 'right'],
    ["You'd agree that the refurbished gym is an improvement?", 'agree'],
    // The whole tag after a statement.
    ["A good van should be clean, don't you think?", "don't you think"],
  ],
  [
    'Is the new opening time convenient for you?',
    'Do you agree or disagree that the timetable is clear?',
    'Would you rather cycle or drive to the library?',
    'Given the new car park, how do you usually travel to the library?',
  ],
);
