import { loadedChoiceKind } from '../../src/wording/rules/loaded-choice';
import { kindCases } from './cases';

kindCases(
  loadedChoiceKind,
  [
    ['Would you rather book a check-up now or risk losing a tooth later?', 'risk losing'],
    ['Do you prefer our fresh sourdough or a stale supermarket loaf?', 'stale'],
    [
      'Will you renew your bus pass today, or leave your children to walk home in the dark?',
      'leave your children',
    ],
    ['Would you rather enjoy our home-cooked lunches or settle for a sandwich?', 'settle for'],
  ],
  [
    'Would you rather pay monthly or yearly?',
    'Do you prefer white or brown bread?',
    'Would you rather book online or by phone?',
    'Will you renew today, or decide later?',
  ],
);
