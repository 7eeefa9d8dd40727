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
    ['Would you rather shop at our market or watch the high street close down?', 'close down'],
    ['Should we hold a seat for you, or would you rather miss out?', 'miss out'],
    ['Do you want our hand-checked files or a virus-ridden free download?', 'virus-ridden'],
  ],
  [
    'Would you rather pay monthly or yearly?',
    'Do you prefer white or brown bread?',
    'Would you rather book online or by phone?',
    'Will you renew today, or decide later?',
    'Would you rather shop at our market or online?',
    'Should we hold a seat for you, or would you rather book later?',
  ],
);
