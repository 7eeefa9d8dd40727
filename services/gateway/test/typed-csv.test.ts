import {
  type PersonaResponse,
  type QuestionView,
  readCsvTable,
  type TypedAnswer,
  type TypedQuestionSpec,
} from '@chorus/contracts';
import { typedResultOf } from '@chorus/research';
import { answersCsv, summaryCsv } from '../src/typed-csv';

// The answers as CSV in long format, one row per persona, question and draw,
// and every figure with its interval; a label that looks like a formula stays text.

function response(index: number, typed?: TypedAnswer): PersonaResponse {
  return {
    personaId: `p${index + 1}`,
    personaName: ['Maya Chen', 'Tom Jones', 'Ana Ruiz'][index] ?? `Persona ${index + 1}`,
    opinion: 'neutral',
    confidence: 0.5,
    safetyInfluence: 'low',
    response: 'Maybe.',
    reasoning: 'Unsure.',
    grounding: { personaAttributes: [], profileFields: [] },
    ...(typed ? { typed } : {}),
  };
}

function question(id: string, spec: TypedQuestionSpec, answers: TypedAnswer[]): QuestionView {
  return {
    id,
    productId: 'prod',
    questionText: `Question ${id}?`,
    status: 'complete',
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:01:00.000Z',
    aggregatedResults: null,
    responses: answers.map((answer, i) => response(i, answer)),
    errorReason: null,
    seed: 1,
    checkWording: false,
    progress: null,
    run: null,
    analysis: null,
    previousRuns: [],
    drift: null,
    followUps: [],
    type: spec.type,
    spec,
    typedResult: typedResultOf(spec, answers, 1),
    studyId: null,
    segmentCuts: [],
    typedDrift: null,
    panel: null,
  };
}

function table(csv: string) {
  const read = readCsvTable(csv);
  if (!read.ok) throw new Error(read.message);
  return read;
}

const lead = [
  'question_id',
  'question_text',
  'question_type',
  'persona_id',
  'persona_name',
  'draw',
];

const scale = question(
  'scale',
  {
    type: 'scale',
    points: 5,
    lowLabel: 'Definitely would not buy',
    highLabel: 'Definitely would buy',
    pointLabels: [],
    ratingMethod: 'direct',
  },
  [
    { type: 'scale', draws: [4, 5, 4], noAnswer: 1 },
    { type: 'scale', draws: [2, 2, 3], noAnswer: 0 },
  ],
);

describe('the answers in long format', () => {
  it('gives a scale one row per persona and draw, then the draws without an answer', () => {
    const csv = answersCsv([scale]);
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      [...lead, 'value'].join(','),
      'scale,Question scale?,scale,p1,Maya Chen,1,4',
      'scale,Question scale?,scale,p1,Maya Chen,2,5',
    ]);
    const { header, rows } = table(csv);
    expect(header).toEqual([...lead, 'value']);
    expect(rows).toHaveLength(2 * 3 + 1);
    expect(rows[3]).toEqual([
      'scale',
      'Question scale?',
      'scale',
      'p1',
      'Maya Chen',
      '4',
      'no answer',
    ]);
    expect(rows[4]).toEqual(['scale', 'Question scale?', 'scale', 'p2', 'Tom Jones', '1', '2']);
  });

  it('writes choices as labels, and keeps an option that looks like a formula as text', () => {
    const options = ['=HYPERLINK("http://evil")', '+1 more', 'Recipes'];
    const single = question('one', { type: 'single_choice', options, noneOption: true }, [
      { type: 'single_choice', draws: [0, 3], noAnswer: 0 },
    ]);
    const multiple = question('many', { type: 'multiple_choice', options, noneOption: false }, [
      { type: 'multiple_choice', draws: [[1, 2], []], noAnswer: 0 },
    ]);
    const csv = answersCsv([single, multiple]);
    // The guard of the contracts' writer: a leading quote, so a spreadsheet shows the text.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    const { header, rows } = table(csv);
    expect(header).toEqual([...lead, 'value', 'options']);
    expect(rows.map((r) => r.slice(5))).toEqual([
      ['1', `'=HYPERLINK("http://evil")`, ''],
      ['2', 'None of these', ''],
      ['1', '', "'+1 more; Recipes"],
      ['2', '', 'None of these'],
    ]);
  });

  it('writes a ranking as labels in order and a best–worst draw as one row per shown set', () => {
    const items = ['Price', 'Recipes', 'Speed', 'Nutrition', 'Variety'];
    const ranking = question('rank', { type: 'ranking', items: items.slice(0, 3) }, [
      { type: 'ranking', draws: [[2, 0, 1]], noAnswer: 0 },
    ]);
    const maxdiff = question('md', { type: 'maxdiff', items, perSet: 4, sets: 3 }, [
      {
        type: 'maxdiff',
        draws: [
          [
            { shown: [0, 1, 2, 3], best: 0, worst: 3 },
            { shown: [1, 2, 3, 4], best: 4, worst: 1 },
          ],
        ],
        noAnswer: 1,
      },
    ]);
    const { header, rows } = table(answersCsv([ranking, maxdiff]));
    expect(header).toEqual([...lead, 'order', 'shown', 'best', 'worst']);
    expect(rows.map((r) => r.slice(5))).toEqual([
      ['1', 'Speed > Price > Recipes', '', '', ''],
      ['1', '', 'Price; Recipes; Speed; Nutrition', 'Price', 'Nutrition'],
      ['1', '', 'Recipes; Speed; Nutrition; Variety', 'Variety', 'Recipes'],
      ['2', '', 'no answer', 'no answer', 'no answer'],
    ]);
  });

  it('writes a price ladder one row per draw and price, and a price range with its four prices', () => {
    const ladder = question(
      'ladder',
      {
        type: 'price_ladder',
        offer: 'Planwise',
        currency: 'USD',
        period: 'month',
        prices: [5, 10, 15, 20],
      },
      [{ type: 'price_ladder', buyProbability: [0.9, 0.6, 0.3, 0.1], draws: [2, 0], noAnswer: 0 }],
    );
    const range = question(
      'range',
      {
        type: 'price_range',
        offer: 'Planwise',
        currency: 'USD',
        period: 'month',
        likelihood: false,
      },
      [
        {
          type: 'price_range',
          draws: [
            {
              tooCheap: 3,
              bargain: 8,
              expensive: 15,
              tooExpensive: 25,
              buyAtBargain: 0,
              buyAtExpensive: 0,
            },
          ],
          outOfOrder: 1,
          noAnswer: 1,
        },
      ],
    );
    const ladderRows = table(answersCsv([ladder]));
    expect(ladderRows.header).toEqual([...lead, 'price', 'would_buy']);
    expect(ladderRows.rows.map((r) => r.slice(5))).toEqual([
      ['1', '5', 'yes'],
      ['1', '10', 'yes'],
      ['1', '15', 'no'],
      ['1', '20', 'no'],
      ['2', '5', 'no'],
      ['2', '10', 'no'],
      ['2', '15', 'no'],
      ['2', '20', 'no'],
    ]);
    const rangeRows = table(answersCsv([range]));
    expect(rangeRows.header).toEqual([
      ...lead,
      'too_cheap',
      'bargain',
      'expensive',
      'too_expensive',
      'buy_at_bargain',
      'buy_at_expensive',
    ]);
    expect(rangeRows.rows.map((r) => r.slice(5))).toEqual([
      // The likelihoods were not asked: left empty rather than written as 0.
      ['1', '3', '8', '15', '25', '', ''],
      ['2', ...Array(6).fill('out of order')],
      ['3', ...Array(6).fill('no answer')],
    ]);
  });

  it('gives a study the answer columns of every type it holds, and an opinion question its draws', () => {
    const opinion: QuestionView = {
      ...scale,
      id: 'open',
      type: 'opinion',
      spec: null,
      typedResult: null,
      responses: [{ ...response(0), draws: { positive: 2, neutral: 1, negative: 0 } }],
    };
    const nps = question('nps', { type: 'nps' }, [{ type: 'nps', draws: [9], noAnswer: 0 }]);
    const { header, rows } = table(answersCsv([opinion, nps]));
    expect(header).toEqual([...lead, 'value']);
    expect(rows.map((r) => [r[0], r[5], r[6]])).toEqual([
      ['open', '1', 'positive'],
      ['open', '2', 'positive'],
      ['open', '3', 'neutral'],
      ['nps', '1', '9'],
    ]);
  });
});

describe('the figures', () => {
  it('gives one row per figure with its value and 95% interval', () => {
    const nps = question('nps', { type: 'nps' }, [
      { type: 'nps', draws: [10, 9, 9], noAnswer: 0 },
      { type: 'nps', draws: [3, 6, 7], noAnswer: 0 },
    ]);
    const ladder = question(
      'ladder',
      {
        type: 'price_ladder',
        offer: 'Planwise',
        currency: 'USD',
        period: 'month',
        prices: [9, 19, 29, 39],
      },
      [
        { type: 'price_ladder', buyProbability: [1, 1, 0, 0], draws: [2, 2, 3], noAnswer: 0 },
        { type: 'price_ladder', buyProbability: [1, 0, 0, 0], draws: [1, 1, 2], noAnswer: 0 },
      ],
    );
    const { header, rows } = table(summaryCsv([scale, nps, ladder]));
    expect(header).toEqual(['question_id', 'question_text', 'figure', 'value', 'low', 'high']);
    const figure = (id: string, name: string) => rows.find((r) => r[0] === id && r[2] === name);
    expect(figure('scale', 'share: 5 Definitely would buy')).toBeDefined();
    expect(figure('scale', 'mean rating')).toBeDefined();
    expect(figure('scale', 'respondents')).toEqual([
      'scale',
      'Question scale?',
      'respondents',
      '2',
      '',
      '',
    ]);
    for (const [id, name] of [
      ['scale', 'top-two box'],
      ['nps', 'nps score'],
      ['nps', 'promoters'],
      ['ladder', 'demand at $19'],
      ['ladder', 'revenue per person at $19'],
      ['ladder', 'best price'],
    ] as const) {
      const row = figure(id, name);
      expect(row).toBeDefined();
      const [value, low, high] = row!.slice(3).map(Number);
      expect(low).toBeLessThanOrEqual(value!);
      expect(high).toBeGreaterThanOrEqual(value!);
    }
    const result = ladder.typedResult;
    if (result?.type !== 'price_ladder') throw new Error('not a ladder');
    expect(figure('ladder', 'best price')?.[3]).toBe(String(result.bestPrice.value));
  });
});
