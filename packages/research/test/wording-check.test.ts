import { checkWording, type WordingProblemKind } from '../src/wording/legacy';
import { scoreWordingSet, wordingSet } from './wording-set';

describe('each rule names its kind and the words that triggered it, and rewords neutrally', () => {
  it.each<[string, WordingProblemKind, string, string]>([
    // Leading openers and tags
    [
      'Wouldn’t you love a faster checkout?',
      'leading',
      'Wouldn’t you',
      'How would you feel about a faster checkout?',
    ],
    [
      "Don't you think our banking app is easy to use?",
      'leading',
      "Don't you think",
      'Do you think our banking app is easy to use, or not?',
    ],
    ["Isn't our dashboard great?", 'leading', "Isn't", 'What do you think of our dashboard?'],
    [
      'Surely you’d pay more for fresh ingredients?',
      'leading',
      'Surely',
      'Would you pay more for fresh ingredients?',
    ],
    [
      'Everyone knows meal kits save time, right?',
      'leading',
      'Everyone knows',
      'Do you think meal kits save time, or not?',
    ],
    [
      'Our invoices are easy to read, aren’t they?',
      'leading',
      'aren’t they',
      'Do you think our invoices are easy to read, or not?',
    ],
    [
      'How much do you like our new workout plans?',
      'leading',
      'How much do you like',
      'What do you think of our new workout plans?',
    ],
    [
      'Why do you love our travel app?',
      'leading',
      'Why do you love',
      'What do you think of our travel app?',
    ],
    [
      'How excited would you be to try our savings goals?',
      'leading',
      'How excited',
      'How would you feel about trying our savings goals?',
    ],
    [
      'WOULDN’T IT BE GREAT to plan trips with friends in one place?',
      'leading',
      'WOULDN’T IT',
      'How would you feel about planning trips with friends in one place?',
    ],
    // Loaded adjectives
    [
      'How likely are you to try our revolutionary meal kit?',
      'loaded',
      'revolutionary',
      'How likely are you to try our meal kit?',
    ],
    [
      'Would you try an innovative budgeting tool?',
      'loaded',
      'innovative',
      'Would you try a budgeting tool?',
    ],
    ['Is our great planner worth $10?', 'loaded', 'our great', 'Is our planner worth $10?'],
    ['Is our new CRM amazing?', 'loaded', 'amazing', 'What do you think of our new CRM?'],
    // Presumption
    [
      'How much would you pay for our coaching?',
      'presumptive',
      'How much would you pay for our',
      'What, if anything, would you pay for our coaching?',
    ],
    [
      'When will you buy the annual plan?',
      'presumptive',
      'When will you buy',
      'When, if ever, would you buy the annual plan?',
    ],
    [
      'How often will you open the app each day?',
      'presumptive',
      'How often will you open',
      'How often, if at all, would you open the app each day?',
    ],
    // Two asks in one
    [
      'Is our app fast and affordable?',
      'double-barrelled',
      'fast and affordable',
      'Is our app fast?',
    ],
    [
      'Would you use and recommend it?',
      'double-barrelled',
      'use and recommend',
      'Would you use it?',
    ],
    [
      'Is the app easy to use and worth the price?',
      'double-barrelled',
      'use and worth',
      'Is the app easy to use?',
    ],
    // Absolutes
    [
      'Do you always compare fares before booking?',
      'absolute',
      'always',
      'How often do you compare fares before booking?',
    ],
    [
      'Does the sync work every time you open the app?',
      'absolute',
      'every time',
      'Does the sync work when you open the app?',
    ],
  ])('%s', (question, kind, phrase, neutral) => {
    const check = checkWording(question);
    expect(check.leading).toBe(true);
    expect(check.findings).toContainEqual(expect.objectContaining({ kind, phrase }));
    for (const finding of check.findings) expect(finding.why).toMatch(/^\S.*\.$/);
    expect(check.neutral).toBe(neutral);
    expect(checkWording(check.neutral).findings).toEqual([]);
    expect(check.reversed).toMatch(/\?$/);
  });
});

describe('neutral questions pass as they are', () => {
  it.each([
    'What would make you love a budgeting app?',
    'How do you split time between cooking and cleaning?',
    "What's the best way to reach you?",
    'How clearly does your bank explain its fees?',
    'Do you prefer booking trips on your phone or on a laptop?',
    'Would you rather cook or order in?',
    'How often do you order takeaway?',
    'What does your perfect weekday dinner look like?',
  ])('%s', (question) => {
    const check = checkWording(`  ${question} `);
    expect(check).toMatchObject({ leading: false, findings: [], neutral: question });
  });

  it('does not flag an open question for an absolute', () => {
    expect(checkWording('Why do you always pack the night before?').leading).toBe(false);
  });
});

describe('the reversed framing presumes no', () => {
  it.each([
    [
      'Would you pay $20 a month for a meal planner?',
      "Wouldn't you find paying $20 a month for a meal planner not worth it?",
    ],
    ["Don't you think our onboarding is simple?", "Don't you doubt that our onboarding is simple?"],
    ['Wouldn’t you love a faster checkout?', "Wouldn't you have doubts about a faster checkout?"],
    ['How often do you check your balance?', "Isn't it rare for you to check your balance?"],
    ['Is our app fast?', "Wouldn't you say no to this: is our app fast?"],
    [
      'How do you plan your meals?',
      "Wouldn't your honest answer be a negative one: how do you plan your meals?",
    ],
  ])('%s', (question, reversed) => {
    expect(checkWording(question).reversed).toBe(reversed);
  });

  it('is a question even for an empty or unpunctuated text', () => {
    expect(checkWording('').reversed).toMatch(/\?$/);
    expect(checkWording('Tell us about your commute').reversed).toMatch(/\?$/);
  });
});

describe('the labelled set', () => {
  it('holds at least 40 questions, half of them leading', () => {
    expect(wordingSet.length).toBeGreaterThanOrEqual(40);
    expect(wordingSet.filter((q) => q.leading).length * 2).toBe(wordingSet.length);
  });

  it('flags at least 90% of the leading questions and at most 10% of the neutral ones', () => {
    const score = scoreWordingSet();
    const leading = score.leadingFlagged / score.leadingTotal;
    const neutral = score.neutralFlagged / score.neutralTotal;
    process.stdout.write(
      `wording check: ${Math.round(leading * 100)}% of leading flagged ` +
        `(${score.leadingFlagged}/${score.leadingTotal}), ${Math.round(neutral * 100)}% of neutral ` +
        `(${score.neutralFlagged}/${score.neutralTotal})\n`,
    );
    expect(leading).toBeGreaterThanOrEqual(0.9);
    expect(neutral).toBeLessThanOrEqual(0.1);
  });

  it.each(wordingSet.map((q) => [q.text]))('rewords %s into a question that passes', (text) => {
    const check = checkWording(text);
    expect(checkWording(check.neutral).findings).toEqual([]);
    expect(check.neutral).toMatch(/\?$/);
    expect(check.reversed).toMatch(/\?$/);
  });
});
