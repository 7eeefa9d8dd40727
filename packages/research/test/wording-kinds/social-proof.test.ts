import { socialProofKind } from '../../src/wording/rules/social-proof';
import { kindCases } from './cases';

kindCases(
  socialProofKind,
  [
    ['Nine out of ten cyclists service their bikes with us. Would you book a service?', 'cyclists'],
    ['Our yoga classes are the most popular in town. Would you join one?', 'most popular'],
    ['Thousands of readers have already joined our book club. Will you join too?', 'readers'],
  ],
  [
    'How many people in your household cycle?',
    'Which of our yoga classes have you attended, if any?',
    'Have you ever joined a book club?',
  ],
);
