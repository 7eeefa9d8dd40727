import { socialProofKind } from '../../src/wording/rules/social-proof';
import { kindCases } from './cases';

kindCases(
  socialProofKind,
  [
    ['Nine out of ten cyclists service their bikes with us. Would you book a service?', 'cyclists'],
    ['Our yoga classes are the most popular in town. Would you join one?', 'most popular'],
    ['Thousands of readers have already joined our book club. Will you join too?', 'readers'],
    ["More than 20,000 glowing reviews can't be wrong. Would you book a table?", 'reviews'],
    [
      'Every running club in the city is training with our app. Would you give it a go?',
      'running club',
    ],
    ['Why do so many cyclists recommend our repair shop?', 'cyclists'],
    [
      'Local architects have praised our loft conversions. Would you ask us for a quote?',
      'praised',
    ],
    ['Her memoir has been a bestseller since spring. Will you read it?', 'bestseller'],
  ],
  [
    'How many people in your household cycle?',
    'Which of our yoga classes have you attended, if any?',
    'Have you ever joined a book club?',
    'Our plan suits offices of under 80 people. Would you like a quote?',
    'Suppose our mechanics could come to your home. Would you book a visit?',
    'How many reviews did you read before booking?',
    'Local architects have designed the new library. Would you visit it?',
  ],
);
