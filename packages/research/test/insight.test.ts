import {
  aggregatedResultsSchema,
  type Opinion,
  type PersonaAttributeName,
} from '@chorus/contracts';
import {
  aggregateResponses,
  drawTotals,
  estimatePanel,
  keyInsight,
  opinionPercentages,
} from '../src';

describe('opinionPercentages (largest remainder)', () => {
  it.each([
    // positive, neutral, negative -> positive, neutral, negative
    [
      [1, 1, 1],
      [33, 34, 33],
    ],
    [
      [2, 1, 0],
      [67, 33, 0],
    ],
    [
      [1, 2, 0],
      [33, 67, 0],
    ],
    [
      [0, 0, 3],
      [0, 0, 100],
    ],
    [
      [6, 3, 1],
      [60, 30, 10],
    ],
    [
      [1, 1, 5],
      [14, 14, 72],
    ],
    [
      [3, 3, 1],
      [43, 43, 14],
    ],
    [
      [1, 0, 2],
      [33, 0, 67],
    ],
    [
      [7, 0, 0],
      [100, 0, 0],
    ],
    [
      [4, 4, 3],
      [36, 37, 27],
    ],
    [
      [1, 5, 1],
      [14, 72, 14],
    ],
  ])('%j -> %j', ([positive, neutral, negative], expected) => {
    const result = opinionPercentages({
      positive: positive!,
      neutral: neutral!,
      negative: negative!,
    });
    expect([result.positive, result.neutral, result.negative]).toEqual(expected);
    expect(result.positive + result.neutral + result.negative).toBe(100);
  });

  it('always sums to 100 for any mix of up to 30 answers', () => {
    for (let p = 0; p <= 30; p++) {
      for (let n = 0; p + n <= 30; n++) {
        for (let g = 0; p + n + g <= 30; g++) {
          if (p + n + g === 0) continue;
          const r = opinionPercentages({ positive: p, neutral: n, negative: g });
          expect(r.positive + r.neutral + r.negative).toBe(100);
          // A side nobody took stays at zero.
          if (p === 0) expect(r.positive).toBe(0);
          if (g === 0) expect(r.negative).toBe(0);
        }
      }
    }
  });

  it('answers zeros when nobody answered', () => {
    expect(opinionPercentages({ positive: 0, neutral: 0, negative: 0 })).toEqual({
      positive: 0,
      neutral: 0,
      negative: 0,
    });
  });
});

function answer(
  personaName: string,
  opinion: Opinion,
  confidence: number,
  personaAttributes: PersonaAttributeName[],
) {
  return { personaName, opinion, confidence, grounding: { personaAttributes } };
}

describe('keyInsight', () => {
  it.each([
    {
      what: 'unanimous',
      answers: [
        answer('Ana', 'positive', 0.8, ['occupation']),
        answer('Ben', 'positive', 0.6, ['occupation', 'age']),
      ],
      expected:
        'Unanimous positive: 2 of 2 personas (100%) lean positive, mostly because of occupation. Ana holds the clearest view (80% likely positive).',
    },
    {
      what: 'a strong majority with dissent',
      answers: [
        answer('Ana', 'negative', 0.9, ['income', 'safetyScores.economic']),
        answer('Ben', 'negative', 0.7, ['safetyScores.economic']),
        answer('Cy', 'negative', 0.6, ['income']),
        answer('Di', 'positive', 0.5, ['occupation']),
      ],
      expected:
        'Strong negative: 3 of 4 personas (75%) lean negative, mostly because of income. 1 persona disagrees, citing occupation. Ana holds the clearest view (90% likely negative).',
    },
    {
      what: 'a slim majority',
      answers: [
        answer('Ana', 'positive', 0.55, ['lifestyle']),
        answer('Ben', 'positive', 0.5, ['lifestyle']),
        answer('Cy', 'neutral', 0.4, []),
        answer('Di', 'negative', 0.75, ['age']),
      ],
      expected:
        'Mostly positive: 2 of 4 personas (50%) lean positive, mostly because of lifestyle. 1 persona disagrees, citing age. Di holds the clearest view (75% likely negative).',
    },
    {
      what: 'a split',
      answers: [
        answer('Ana', 'positive', 0.6, ['occupation']),
        answer('Ben', 'negative', 0.7, ['safetyScores.world']),
      ],
      expected:
        'Opinion is split: 50% positive, 0% neutral, 50% negative. Positive answers turn on occupation. Negative answers turn on world safety. Ben holds the clearest view (70% likely negative).',
    },
    {
      what: 'one persona',
      answers: [answer('Ana', 'neutral', 0.4, [])],
      expected: 'Unanimous neutral: 1 of 1 persona (100%) lean neutral.',
    },
    {
      what: 'equally common grounds: the one named first',
      answers: [
        answer('Ana', 'negative', 0.9, ['safetyScores.economic', 'age']),
        answer('Ben', 'negative', 0.8, ['safetyScores.economic', 'age']),
      ],
      expected:
        'Unanimous negative: 2 of 2 personas (100%) lean negative, mostly because of economic safety. Ana holds the clearest view (90% likely negative).',
    },
  ])('$what', ({ answers, expected }) => {
    expect(keyInsight(answers)).toBe(expected);
  });
});

describe('aggregateResponses', () => {
  it('gives percentages summing to 100 and a key insight that passes the schema', () => {
    const results = aggregateResponses([
      answer('Ana', 'positive', 0.8, ['occupation']),
      answer('Ben', 'neutral', 0.5, []),
      answer('Cy', 'negative', 0.7, ['income']),
    ]);
    expect(results).toMatchObject({ positive: 33, neutral: 34, negative: 33 });
    expect(aggregatedResultsSchema.safeParse(results).success).toBe(true);
  });

  it('is refused by the schema when percentages do not add up', () => {
    const parsed = aggregatedResultsSchema.safeParse({
      positive: 50,
      neutral: 20,
      negative: 20,
      keyInsight: 'x',
    });
    expect(parsed.success).toBe(false);
  });
});

describe('the headline shares are the estimate of all draws', () => {
  const drawn = (
    personaName: string,
    opinion: Opinion,
    draws: { positive: number; neutral: number; negative: number },
  ) => ({
    ...answer(
      personaName,
      opinion,
      Math.max(draws.positive, draws.neutral, draws.negative) / 20,
      [],
    ),
    draws,
  });
  // Each shows its most likely opinion; the draws spread around it.
  const answers = [
    drawn('Ana', 'positive', { positive: 11, neutral: 6, negative: 3 }),
    drawn('Ben', 'neutral', { positive: 5, neutral: 12, negative: 3 }),
    drawn('Cy', 'negative', { positive: 2, neutral: 5, negative: 13 }),
    drawn('Di', 'positive', { positive: 9, neutral: 8, negative: 3 }),
  ];

  it('gives the percentages of every draw, rounded by the largest remainder, as the estimate does', () => {
    const estimate = estimatePanel(
      answers.map((a) => a.draws),
      1,
    );
    const results = aggregateResponses(answers, estimate);
    // 27/80, 31/80, 22/80 of the draws: 33.75 %, 38.75 %, 27.5 %.
    expect(estimate.shares).toEqual({ positive: 33.8, neutral: 38.8, negative: 27.5 });
    expect(results).toMatchObject({ positive: 34, neutral: 39, negative: 27 });
    expect(results.positive + results.neutral + results.negative).toBe(100);
    // Counting the shown opinions would have said 50 % positive.
    expect(results.positive).not.toBe(50);
    expect(aggregatedResultsSchema.safeParse(results).success).toBe(true);
  });

  it('the key insight speaks of the same numbers', () => {
    const insight = keyInsight(answers);
    expect(insight).toMatch(
      /^Mostly neutral: 39% of the panel's answers are neutral, the most likely view of 1 of 4 personas/,
    );
    expect(drawTotals(answers)).toEqual({ positive: 27, neutral: 31, negative: 22 });
  });

  it("says so when the leading share is no persona's most likely view", () => {
    const spread = [
      drawn('Ana', 'neutral', { positive: 2, neutral: 10, negative: 8 }),
      drawn('Ben', 'neutral', { positive: 2, neutral: 9, negative: 9 }),
      drawn('Cy', 'positive', { positive: 10, neutral: 2, negative: 8 }),
    ];
    expect(keyInsight(spread)).toMatch(
      /^Mostly negative: 42% of the panel's answers are negative, though no persona holds it as its most likely view\./,
    );
  });

  it('answers stored without draws count one opinion each', () => {
    const results = aggregateResponses(answers.map(({ draws: _draws, ...rest }) => rest));
    expect(results).toMatchObject({ positive: 50, neutral: 25, negative: 25 });
  });
});
