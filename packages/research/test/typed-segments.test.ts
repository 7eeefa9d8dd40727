import {
  MIN_SEGMENT_SIZE,
  type PriceRangeDraw,
  type SpecOf,
  type TypedAnswer,
  type TypedQuestionSpec,
} from '@chorus/contracts';
import { SEGMENT_DIFFERENCE_TEST, segmentCuts, segmentDifferences } from '../src';

const nps = (...draws: number[]): TypedAnswer => ({ type: 'nps', draws, noAnswer: 0 });

/** `count` personas of one segment, persona i answering `answer(i)`. */
const rows = (segment: string, count: number, answer: (i: number) => TypedAnswer) =>
  Array.from({ length: count }, (_, i) => ({ segment, answer: answer(i) }));

describe('segment cuts', () => {
  it(`gives each segment its figures, or none below ${MIN_SEGMENT_SIZE} respondents`, () => {
    const cuts = segmentCuts(
      { type: 'nps' },
      [
        ...rows('Women', 6, () => nps(10, 9)),
        ...rows('Men', MIN_SEGMENT_SIZE - 1, () => nps(3)),
        ...rows('Other', MIN_SEGMENT_SIZE, () => nps(7)),
        // No usable draw: not a respondent.
        ...rows('Other', 2, () => nps()),
      ],
      1,
    );
    expect(cuts.map((c) => [c.segment, c.respondents, c.tooFew])).toEqual([
      ['Women', 6, false],
      ['Men', MIN_SEGMENT_SIZE - 1, true],
      ['Other', MIN_SEGMENT_SIZE, false],
    ]);
    expect(cuts[1]!.result).toBeNull();
    const women = cuts[0]!.result;
    if (women?.type !== 'nps') throw new Error('no NPS for Women');
    expect(women.score.value).toBe(100);
    const other = cuts[2]!.result;
    if (other?.type !== 'nps') throw new Error('no NPS for Other');
    expect(other.passives.value).toBe(1);
  });

  it('is the same for the same seed', () => {
    const data = [...rows('A', 8, (i) => nps(i, 10 - i)), ...rows('B', 8, (i) => nps(i % 3, 9))];
    expect(segmentCuts({ type: 'nps' }, data, 3)).toEqual(segmentCuts({ type: 'nps' }, data, 3));
  });
});

describe('segment differences', () => {
  it('notes a difference beyond chance in plain words, naming the test', () => {
    // Owners answer 10, 9 and 9 (24 personas) or 4 (6): promoters 28 / 30,
    // detractors 2 / 30, NPS 100 × 26 / 30 = 86.67. Trial users answer 2, 5
    // and 6 (22) or 9 (8): promoters 8 / 90, detractors 82 / 90, NPS −82.22.
    const data = [
      ...rows('Owners', 30, (i) => nps(10, 9, i % 5 === 0 ? 4 : 9)),
      ...rows('Trial users', 30, (i) => nps(2, 5, i % 4 === 0 ? 9 : 6)),
    ];
    const notes = segmentDifferences({ type: 'nps' }, data, 5);
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(note!.figure).toBe('Net Promoter Score');
    expect(note!.segments).toEqual(['Owners', 'Trial users']);
    expect(note!.test).toBe(SEGMENT_DIFFERENCE_TEST);
    expect(SEGMENT_DIFFERENCE_TEST).toBe('bootstrap difference of the two segments, 95 %');
    expect(note!.values).toEqual([86.67, -82.22]);
    expect(note!.difference.low).toBeGreaterThan(0);
    expect(note!.difference.value).toBeCloseTo(note!.values[0] - note!.values[1], 1);
    expect(note!.note).toMatch(
      /^Net Promoter Score: Owners 86\.67 against Trial users −82\.22, a difference of 168\.89 \(95% interval [\d.]+ to [\d.]+\); beyond chance by the bootstrap difference of the two segments, 95 %\.$/,
    );
  });

  it('says nothing when the segments answer alike', () => {
    const alike = (i: number) => nps(i % 11, (i * 3) % 11, (i * 7) % 11);
    const data = [...rows('North', 40, alike), ...rows('South', 40, alike)];
    expect(segmentDifferences({ type: 'nps' }, data, 5)).toEqual([]);
  });

  it('leaves out segments too small to say anything', () => {
    const data = [
      ...rows('Owners', 30, () => nps(10)),
      ...rows('Trial users', MIN_SEGMENT_SIZE - 1, () => nps(0)),
    ];
    expect(segmentDifferences({ type: 'nps' }, data, 5)).toEqual([]);
  });

  it('compares every pair of segments', () => {
    const data = [
      ...rows('A', 20, () => nps(10, 9)),
      ...rows('B', 20, () => nps(0, 3)),
      ...rows('C', 20, () => nps(10, 10)),
    ];
    const notes = segmentDifferences({ type: 'nps' }, data, 5);
    expect(notes.map((n) => n.segments)).toEqual([
      ['A', 'B'],
      ['B', 'C'],
    ]);
  });

  const scale: SpecOf<'scale'> = {
    type: 'scale',
    points: 5,
    lowLabel: 'Poor',
    highLabel: 'Excellent',
    pointLabels: [],
    ratingMethod: 'direct',
  };
  const choice: SpecOf<'multiple_choice'> = {
    type: 'multiple_choice',
    options: ['Email', 'Chat', 'Phone'],
    noneOption: false,
  };
  const ranking: SpecOf<'ranking'> = { type: 'ranking', items: ['Price', 'Speed', 'Support'] };
  const maxdiff: SpecOf<'maxdiff'> = {
    type: 'maxdiff',
    items: ['Price', 'Speed', 'Support', 'Design'],
    perSet: 3,
    sets: 4,
  };
  const ladder: SpecOf<'price_ladder'> = {
    type: 'price_ladder',
    offer: 'Chorus Pro',
    currency: 'USD',
    period: 'month',
    prices: [10, 20, 30, 40],
  };
  const range: SpecOf<'price_range'> = {
    type: 'price_range',
    offer: 'Chorus Pro',
    currency: 'USD',
    period: 'month',
    likelihood: false,
  };
  const priced = (shift: number, i: number): PriceRangeDraw => {
    const a = 5 + shift + (i % 5);
    return {
      tooCheap: a,
      bargain: a + 5,
      expensive: a + 10,
      tooExpensive: a + 15,
      buyAtBargain: 0,
      buyAtExpensive: 0,
    };
  };

  it.each<
    [string, TypedQuestionSpec, (i: number) => TypedAnswer, (i: number) => TypedAnswer, RegExp[]]
  >([
    [
      'scale: the mean',
      scale,
      (i) => ({ type: 'scale', draws: [4 + (i % 2), 5, 4], noAnswer: 0 }),
      (i) => ({ type: 'scale', draws: [1 + (i % 2), 2, 3], noAnswer: 0 }),
      [/^Mean rating: High 4\.5 against Low 2\.17, a difference of 2\.33 \(95% interval/],
    ],
    [
      // Email is ticked by all of High and a quarter of Low; Chat by half of
      // both, so only Email gets a note.
      'choice: each option on its own',
      choice,
      (i) => ({ type: 'multiple_choice', draws: [i % 2 ? [0, 1] : [0]], noAnswer: 0 }),
      (i) => ({
        type: 'multiple_choice',
        draws: [i % 4 === 0 ? [0, 1] : i % 4 === 1 ? [1] : []],
        noAnswer: 0,
      }),
      [
        /^Share choosing Email: High 100% against Low 25%, a difference of 75 points \(95% interval \d+ to \d+ points\)/,
      ],
    ],
    [
      'number: the median',
      { type: 'number', unit: 'hours a week', min: 0, max: 40 },
      (i) => ({ type: 'number', draws: [20 + (i % 5)], noAnswer: 0 }),
      (i) => ({ type: 'number', draws: [5 + (i % 5)], noAnswer: 0 }),
      [/^Median \(hours a week\): High 22 against Low 7, a difference of 15 /],
    ],
    [
      // Price is on top over both segments (mean rank 1.65 against Speed's
      // 1.85): first for all of High; for Low first for 7 of 20, last for 13,
      // (7 + 39) / 20 = 2.3.
      'ranking: the mean rank of the item on top overall',
      ranking,
      () => ({ type: 'ranking', draws: [[0, 1, 2]], noAnswer: 0 }),
      (i) => ({ type: 'ranking', draws: [i % 3 ? [1, 2, 0] : [0, 2, 1]], noAnswer: 0 }),
      [/^Mean rank of Price: High 1 against Low 2\.3, a difference of −1\.3 /],
    ],
    [
      // High always picks Price best, Low always Speed: over both, Speed
      // scores (0 + 40) / 80 = 0.5 and Price (40 − 30) / 80 = 0.125, so Speed
      // is compared: 0 for High, (2 − 0) / 2 = 1 for Low.
      'maxdiff: the score of the item on top overall',
      maxdiff,
      () => ({
        type: 'maxdiff',
        draws: [
          [
            { shown: [0, 1, 2], best: 0, worst: 2 },
            { shown: [0, 1, 3], best: 0, worst: 3 },
          ],
        ],
        noAnswer: 0,
      }),
      (i) => ({
        type: 'maxdiff',
        draws: [
          [
            { shown: [0, 1, 2], best: 1, worst: i % 2 ? 0 : 2 },
            { shown: [0, 1, 3], best: 1, worst: 0 },
          ],
        ],
        noAnswer: 0,
      }),
      [/^Best–worst score of Speed: High 0 against Low 1, a difference of −1 /],
    ],
    [
      // High buys at $10 and $20, Low (18 of 20) only at $10: over both,
      // demand 1, 0.55, 0, 0 → revenue $10, $11, 0, 0, so the best is $20.
      'price ladder: demand at the best price overall',
      ladder,
      () => ({ type: 'price_ladder', draws: [2], buyProbability: [], noAnswer: 0 }),
      (i) => ({ type: 'price_ladder', draws: [i % 10 ? 1 : 2], buyProbability: [], noAnswer: 0 }),
      [/^Share buying at \$20 a month: High 100% against Low 10%, a difference of 90 points/],
    ],
    [
      // The same answers, $20 higher for High.
      'price range: the optimal price',
      range,
      (i) => ({ type: 'price_range', draws: [priced(20, i)], outOfOrder: 0, noAnswer: 0 }),
      (i) => ({ type: 'price_range', draws: [priced(0, i)], outOfOrder: 0, noAnswer: 0 }),
      [
        /^Optimal price: High \$\d+(\.\d\d)? against Low \$\d+(\.\d\d)?, a difference of \$\d+(\.\d\d)? /,
      ],
    ],
  ])('%s', (_name, spec, high, low, expected) => {
    const data = [...rows('High', 20, high), ...rows('Low', 20, low)];
    const notes = segmentDifferences(spec, data, 9);
    expect(notes.map((n) => n.note)).toEqual(expected.map((e) => expect.stringMatching(e)));
    for (const note of notes) expect(note.note).toContain(SEGMENT_DIFFERENCE_TEST);
  });
});
