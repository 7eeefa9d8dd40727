import {
  budgetRefusal,
  costOf,
  defaultModelPrices,
  type Opinion,
  type OpinionCounts,
  opinionDistributionSchema,
  type RunDetails,
} from '@chorus/contracts';
import {
  analyzeRun,
  compareRuns,
  confidenceOfDistribution,
  drawsFor,
  estimatePanel,
  intervalSentence,
  keyInsightWithIntervals,
  modeOf,
  normalizeDistribution,
  normalizedEntropy,
  panelAgrees,
  supportedLead,
} from '../src';
import { checkWording } from '../src/wording';

const counts = (positive: number, neutral: number, negative: number): OpinionCounts => ({
  positive,
  neutral,
  negative,
});

/** `n` personas whose 20 draws all fell on `opinion`. */
const unanimous = (n: number, opinion: Opinion): OpinionCounts[] =>
  Array.from({ length: n }, () => ({ ...counts(0, 0, 0), [opinion]: 20 }));

describe('distributions', () => {
  it.each([
    [{ positive: 0.2, neutral: 0.3, negative: 0.5 }, true],
    [{ positive: 0.33, neutral: 0.33, negative: 0.33 }, true],
    [{ positive: 0.5, neutral: 0.5, negative: 0.5 }, false],
    [{ positive: 1.2, neutral: -0.2, negative: 0 }, false],
    [{ positive: 0.9, neutral: 0, negative: 0 }, false],
  ])('%j is valid: %s', (distribution, valid) => {
    expect(opinionDistributionSchema.safeParse(distribution).success).toBe(valid);
  });

  it.each([
    [
      { positive: 0.33, neutral: 0.33, negative: 0.33 },
      { positive: 0.3333, negative: 0.3333 },
    ],
    [
      { positive: 2, neutral: 1, negative: 1 },
      { positive: 0.5, negative: 0.25 },
    ],
    [
      { positive: 0, neutral: 0, negative: 0 },
      { positive: 0, negative: 0 },
    ],
  ])('normalises %j to add up to 1', (distribution, expected) => {
    const normal = normalizeDistribution(distribution);
    expect(normal).toMatchObject(expected);
    expect(normal.positive + normal.neutral + normal.negative).toBeCloseTo(1, 9);
  });

  it.each<[{ positive: number; neutral: number; negative: number }, Opinion, number]>([
    [{ positive: 0.6, neutral: 0.3, negative: 0.1 }, 'positive', 0.6],
    [{ positive: 0.2, neutral: 0.2, negative: 0.6 }, 'negative', 0.6],
    // A tie goes neutral first, then positive: a tie never overstates a side.
    [{ positive: 0.4, neutral: 0.4, negative: 0.2 }, 'neutral', 0.4],
    [{ positive: 0.45, neutral: 0.1, negative: 0.45 }, 'positive', 0.45],
  ])('%j peaks at %s, confidence %d', (distribution, mode, confidence) => {
    expect(modeOf(distribution)).toBe(mode);
    expect(confidenceOfDistribution(distribution)).toBe(confidence);
  });
});

describe('seeded draws', () => {
  const split = { positive: 0.5, neutral: 0.3, negative: 0.2 };

  it('gives the same draws for the same seed and persona, and others for another seed', () => {
    expect(drawsFor(split, 1, 'persona-a', 20)).toEqual(drawsFor(split, 1, 'persona-a', 20));
    const bySeed = [1, 2, 3, 4, 5].map((seed) => JSON.stringify(drawsFor(split, seed, 'p', 20)));
    expect(new Set(bySeed).size).toBeGreaterThan(1);
    const byPersona = ['a', 'b', 'c', 'd'].map((id) => JSON.stringify(drawsFor(split, 1, id, 20)));
    expect(new Set(byPersona).size).toBeGreaterThan(1);
  });

  it.each([
    [{ positive: 1, neutral: 0, negative: 0 }, counts(50, 0, 0)],
    [{ positive: 0, neutral: 1, negative: 0 }, counts(0, 50, 0)],
    [{ positive: 0, neutral: 0, negative: 1 }, counts(0, 0, 50)],
  ])('a certain distribution %j always draws its opinion', (distribution, expected) => {
    const drawn = drawsFor(distribution, 9, 'p', 50);
    expect(drawn.counts).toEqual(expected);
    expect(drawn.opinion).toBe(modeOf(distribution));
  });

  it('draws each opinion about as often as its probability says (20,000 draws)', () => {
    const { counts: tally } = drawsFor(split, 42, 'p', 20_000);
    expect(tally.positive / 20_000).toBeCloseTo(0.5, 1);
    expect(tally.neutral / 20_000).toBeCloseTo(0.3, 1);
    expect(tally.negative / 20_000).toBeCloseTo(0.2, 1);
  });
});

describe('the panel estimate and its intervals', () => {
  it('shares are the share of every draw, and each interval holds its share', () => {
    const panel = [counts(20, 0, 0), counts(10, 10, 0), counts(0, 0, 20), counts(5, 5, 10)];
    const estimate = estimatePanel(panel, 1);
    expect(estimate.shares).toEqual({ positive: 43.8, neutral: 18.8, negative: 37.5 });
    for (const o of ['positive', 'neutral', 'negative'] as const) {
      expect(estimate.intervals[o].low).toBeLessThanOrEqual(estimate.shares[o]);
      expect(estimate.intervals[o].high).toBeGreaterThanOrEqual(estimate.shares[o]);
    }
    expect(estimate).toMatchObject({ personas: 4, drawsPerPersona: 20, indicative: true });
    expect(estimatePanel(panel, 1)).toEqual(estimate);
  });

  it.each([
    [4, true],
    [9, true],
    [10, false],
    [40, false],
  ])('with %d personas the result is indicative: %s', (n, indicative) => {
    expect(estimatePanel(unanimous(n, 'positive'), 1).indicative).toBe(indicative);
  });

  it('narrows as personas are added: the persona, not the draw, is the sampling unit', () => {
    const mixed = (n: number) =>
      Array.from({ length: n }, (_, i) => (i % 2 === 0 ? counts(20, 0, 0) : counts(0, 0, 20)));
    const width = (n: number) => {
      const { intervals } = estimatePanel(mixed(n), 3);
      return intervals.positive.high - intervals.positive.low;
    };
    expect(width(10)).toBeGreaterThan(width(40));
    expect(width(40)).toBeGreaterThan(width(160));
    // Half the panel positive: the interval is centred near 50%.
    const { intervals } = estimatePanel(mixed(100), 3);
    expect(intervals.positive.low).toBeGreaterThan(35);
    expect(intervals.positive.high).toBeLessThan(65);
  });

  it.each<[string, OpinionCounts[], Opinion | undefined]>([
    ['a unanimous panel of 12', unanimous(12, 'positive'), 'positive'],
    [
      '7 positive against 5 negative',
      [...unanimous(7, 'positive'), ...unanimous(5, 'negative')],
      undefined,
    ],
    [
      '30 negative against 10 neutral',
      [...unanimous(30, 'negative'), ...unanimous(10, 'neutral')],
      'negative',
    ],
  ])('%s: the intervals support a lead of %s', (_name, panel, lead) => {
    const estimate = estimatePanel(panel, 5);
    expect(supportedLead(estimate)).toBe(lead);
    expect(intervalSentence(estimate)).toMatch(lead ? /leads clearly/ : /No opinion leads/);
  });

  it('the key insight names no majority the intervals do not support', () => {
    const answers = [
      ...Array.from({ length: 4 }, (_, i) => ({
        personaName: `P${i}`,
        opinion: 'positive' as const,
        confidence: 0.6,
        grounding: { personaAttributes: ['income' as const] },
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        personaName: `N${i}`,
        opinion: 'negative' as const,
        confidence: 0.6,
        grounding: { personaAttributes: ['age' as const] },
      })),
    ];
    const estimate = estimatePanel(
      answers.map((a) => ({ ...counts(0, 0, 0), [a.opinion]: 20 })),
      1,
    );
    const insight = keyInsightWithIntervals(answers, estimate);
    expect(insight).not.toMatch(/Mostly positive|Strong positive/);
    expect(insight).toContain('No opinion leads beyond the intervals');
    expect(insight).toContain('Indicative only: 7 personas are too few');
    expect(insight).toContain('Positive answers turn on income.');
  });
});

describe('how spread the answers are', () => {
  it.each([
    [{ positive: 100, neutral: 0, negative: 0 }, 0],
    [{ positive: 90, neutral: 5, negative: 5 }, 0.359],
    [{ positive: 80, neutral: 10, negative: 10 }, 0.582],
    [{ positive: 33.3, neutral: 33.3, negative: 33.3 }, 1],
  ])('entropy of %j is %d', (shares, entropy) => {
    expect(normalizedEntropy(shares)).toBeCloseTo(entropy, 3);
  });

  it.each<[string, OpinionCounts[], Opinion[], boolean]>([
    ['every persona alike', unanimous(5, 'positive'), Array(5).fill('positive'), true],
    [
      'two personas alike are too few to judge',
      unanimous(2, 'positive'),
      Array(2).fill('positive'),
      false,
    ],
    [
      '90/5/5 spread is little',
      [...Array(18).fill(counts(20, 0, 0)), counts(0, 20, 0), counts(0, 0, 20)],
      [...Array(18).fill('positive'), 'neutral', 'negative'],
      true,
    ],
    [
      'a 60/20/20 panel is spread',
      [
        ...Array(6).fill(counts(20, 0, 0)),
        ...Array(2).fill(counts(0, 20, 0)),
        ...Array(2).fill(counts(0, 0, 20)),
      ],
      [...Array(6).fill('positive'), 'neutral', 'neutral', 'negative', 'negative'],
      false,
    ],
  ])('%s: the panel agrees %s', (_name, panel, drawn, agrees) => {
    expect(panelAgrees(estimatePanel(panel, 1), drawn)).toBe(agrees);
  });
});

const run = (overrides: Partial<RunDetails> = {}): RunDetails => ({
  engine: 'openai',
  model: 'gpt-4o-mini',
  temperature: 0.7,
  seed: 1,
  draws: 20,
  promptTemplateHash: 'abc',
  profileVersion: 'def',
  personaVersions: [],
  usage: { inputTokens: 0, outputTokens: 0, modelCalls: 0, cachedAnswers: 0 },
  costUsd: 0,
  coverage: [
    { name: 'Age', covered: ['31-45'], missing: ['18-30', '46-60', '60+'] },
    { name: 'Gender', covered: ['Male'], missing: ['Female', 'Non-binary', 'Other'] },
  ],
  sensitivity: null,
  ...overrides,
});

describe('the alarms of a run', () => {
  const alike = Array.from({ length: 5 }, () => ({
    opinion: 'positive' as const,
    draws: counts(20, 0, 0),
  }));

  it('notes in plain words that a panel agrees, and raises no echo alarm from answers alone', () => {
    const analysis = analyzeRun(alike, run());
    expect(analysis!.alarms.some((a) => a.kind === 'echo-chamber')).toBe(false);
    const note = analysis!.notes!.find((n) => n.kind === 'panel-agrees');
    expect(note?.text).toBe(
      'Two answers picked at random from the panel would give the same opinion 10 times in 10.',
    );
    expect(note?.text).not.toMatch(/entropy/i);
    expect(note?.technical).toContain('Normalised entropy of the shares 0.00');
  });

  it.each([
    // As asked 80% positive, reversed 70% negative: the personas follow the framing.
    [
      { positive: 80, neutral: 10, negative: 10 },
      { positive: 10, neutral: 20, negative: 70 },
      true,
    ],
    // Reversed framing leaves the view where it was: a real view.
    [
      { positive: 80, neutral: 10, negative: 10 },
      { positive: 75, neutral: 15, negative: 10 },
      false,
    ],
  ])(
    'flattery when both framings draw agreement (%j, reversed %j): %s',
    (asked, reversed, flagged) => {
      const analysis = analyzeRun(
        alike,
        run({
          sensitivity: {
            neutralText: 'How would you feel about it?',
            reversedText: 'Would you find it not worth it?',
            asked,
            neutral: asked,
            reversed,
          },
        }),
      );
      expect(analysis!.alarms.some((a) => a.kind === 'flattery')).toBe(flagged);
    },
  );

  it.each([
    [
      { positive: 80, neutral: 10, negative: 10 },
      { positive: 50, neutral: 30, negative: 20 },
      true,
    ],
    [
      { positive: 80, neutral: 10, negative: 10 },
      { positive: 70, neutral: 20, negative: 10 },
      false,
    ],
  ])(
    'wording sensitivity when the neutral framing moves the answer 15 points or more',
    (asked, neutral, flagged) => {
      const analysis = analyzeRun(
        alike,
        run({
          sensitivity: {
            neutralText: 'How would you feel about it?',
            reversedText: 'Would you find it not worth it?',
            asked,
            neutral,
            reversed: neutral,
          },
        }),
      );
      expect(analysis!.alarms.some((a) => a.kind === 'wording-sensitive')).toBe(flagged);
      // Either way the outcome is reported: an alarm, or a note that the answers held.
      expect(analysis!.notes!.some((n) => n.kind === 'wording-stable')).toBe(!flagged);
    },
  );

  it('says in plain words that the answers did not move when the wording changed', () => {
    const asked = { positive: 60, neutral: 25, negative: 15 };
    const analysis = analyzeRun(
      alike,
      run({
        sensitivity: {
          neutralText: 'How would you feel about it?',
          reversedText: 'Would you find it not worth it?',
          asked,
          neutral: { positive: 58, neutral: 27, negative: 15 },
          reversed: { positive: 57, neutral: 25, negative: 18 },
        },
      }),
    );
    const note = analysis!.notes!.find((n) => n.kind === 'wording-stable');
    expect(note?.text).toBe(
      'The answers did not move when the wording was reversed or made neutral (largest shift 3 points).',
    );
    expect(analysis!.alarms.some((a) => a.kind === 'wording-sensitive')).toBe(false);
  });

  it('names the framing that moved the answers, the reversed one included', () => {
    const asked = { positive: 60, neutral: 25, negative: 15 };
    const analysis = analyzeRun(
      alike,
      run({
        sensitivity: {
          neutralText: 'How would you feel about it?',
          reversedText: 'Would you find it not worth it?',
          asked,
          neutral: asked,
          reversed: { positive: 30, neutral: 25, negative: 45 },
        },
      }),
    );
    const alarm = analysis!.alarms.find((a) => a.kind === 'wording-sensitive');
    expect(alarm?.text).toContain(
      'asked the other way round (“Would you find it not worth it?”), positive answers moved by 30 points',
    );
    expect(analysis!.notes!.some((n) => n.kind === 'wording-stable')).toBe(false);
  });

  it('carries the leading alarm with its words and a neutral rewording', () => {
    const question = "Don't you agree that our amazing new app is the best way to plan meals?";
    const analysis = analyzeRun(alike, run({ wording: checkWording(question) }), question);
    const leading = analysis!.alarms.find((a) => a.kind === 'leading');
    expect(leading).toBeDefined();
    expect(leading!.words!.length).toBeGreaterThan(0);
    for (const phrase of leading!.words!) {
      expect(question.toLowerCase()).toContain(phrase.toLowerCase());
    }
    expect(leading!.rewording).toBeTruthy();
    expect(leading!.rewording).not.toBe(question);
    expect(leading!.text).toContain(`Ask instead: “${leading!.rewording}”`);
    expect(leading!.technical).toBeTruthy();
  });

  it('tells the edits to make by hand when no rewording is safe', () => {
    const question = 'Thousands of riders love it. Will you book?';
    const wording = {
      ...checkWording(question),
      leading: true,
      neutral: question,
      rewording: 'edit-yourself' as const,
      edits: [
        {
          phrase: 'Thousands of riders love it.',
          change: 'remove' as const,
          why: 'It tells people what others do.',
        },
        { phrase: 'love', change: 'replace' as const, suggestion: 'use', why: 'A loaded word.' },
      ],
    };
    const leading = analyzeRun(alike, run({ wording }), question)!.alarms.find(
      (a) => a.kind === 'leading',
    );
    expect(leading!.text).toContain(
      'Edit it yourself: remove “Thousands of riders love it.”; change “love” to “use”.',
    );
    expect(leading!.text).not.toContain('Ask instead');
    expect(leading!.rewording).toBeUndefined();
  });

  it('raises no leading alarm for a neutral question, nor for a run stored without its wording check', () => {
    const neutral = 'How much would you pay each month for a meal-planning app?';
    expect(analyzeRun(alike, run({ wording: checkWording(neutral) }), neutral)!.alarms).toEqual([]);
    const leading = "Don't you agree that our amazing new app is the best way to plan meals?";
    expect(analyzeRun(alike, run(), leading)!.alarms).toEqual([]);
  });
});

describe('drift between runs', () => {
  it.each<[string, OpinionCounts[], OpinionCounts[], boolean]>([
    ['the same panel', unanimous(20, 'positive'), unanimous(20, 'positive'), false],
    [
      'from all positive to all negative',
      unanimous(20, 'positive'),
      unanimous(20, 'negative'),
      true,
    ],
    [
      'one persona of twenty changing its mind',
      unanimous(20, 'positive'),
      [...unanimous(19, 'positive'), ...unanimous(1, 'neutral')],
      false,
    ],
  ])('%s: drift %s', (_name, before, after, drift) => {
    const report = compareRuns(estimatePanel(before, 1), estimatePanel(after, 2));
    expect(report.drift).toBe(drift);
    expect(report.text).toMatch(drift ? /^Drift:/ : /^No drift:/);
  });
});

describe('cost and budget', () => {
  it.each([
    [{ inputTokens: 1_000_000, outputTokens: 0 }, 'gpt-4o-mini', 0.15],
    [{ inputTokens: 10_000, outputTokens: 2_000 }, 'gpt-4o-mini', 0.0027],
    [{ inputTokens: 10_000, outputTokens: 2_000 }, 'gpt-4o', 0.045],
  ])('%j on %s costs $%d', (usage, model, dollars) => {
    expect(costOf(usage, defaultModelPrices[model])).toBeCloseTo(dollars, 9);
  });

  it('has no cost for a model without a price', () => {
    expect(costOf({ inputTokens: 5, outputTokens: 5 }, undefined)).toBeUndefined();
  });

  it.each<[string, number | null, number, number, RegExp | undefined]>([
    ['no budget', null, 100, 5, undefined],
    ['within the budget', 5, 1, 0.5, undefined],
    [
      'reached',
      5,
      5,
      0.01,
      /has reached its monthly budget of \$5\.00 \(\$5\.00 used this month\)/,
    ],
    ['this question would pass it', 5, 4.99, 0.02, /would cost about \$0\.02.*\$0\.01 left/],
    [
      'a $0 budget refuses a question that costs',
      0,
      0,
      0.001,
      /reached its monthly budget of \$0\.00/,
    ],
    ['a $0 budget lets a free question through', 0, 0, 0, undefined],
  ])('%s', (_name, monthlyBudgetUsd, spentThisMonthUsd, estimate, refusal) => {
    const refused = budgetRefusal(
      { monthlyBudgetUsd, spentThisMonthUsd, questionsThisMonth: 1 },
      estimate,
    );
    if (refusal) expect(refused).toMatch(refusal);
    else expect(refused).toBeUndefined();
  });
});
