import type {
  PersonaResponse,
  QuestionView,
  SegmentCutView,
  TypedAnswer,
  TypedQuestionSpec,
} from '@chorus/contracts';
import { typedResultOf } from '@chorus/research';
import { buildStudyReport } from '../src/study-report/model';
import { studyReportMarkdown } from '../src/study-report/markdown';
import { buildStudyDocument } from '../src/study-report/study';
import { renderStudyReportPdf } from '../src/study-report-pdf';

// The report of a typed question and of a study: every figure in plain words
// with its 95 % interval, each persona's answer in words, the methods named;
// the open opinion question's report as it was.

const names = ['Maya Chen', 'Tom Jones', 'Ana Ruiz', 'Lee Park', 'Sam Okoro', 'Ivy Stone'];

function response(index: number, typed?: TypedAnswer): PersonaResponse {
  return {
    personaId: `p${index + 1}`,
    personaName: names[index] ?? `Persona ${index + 1}`,
    opinion: 'positive',
    confidence: 0.6,
    safetyInfluence: 'low',
    response: 'It would save me time.',
    reasoning: 'Leans positive because it saves time.',
    grounding: { personaAttributes: ['income'], profileFields: [] },
    ...(typed ? { typed } : {}),
  };
}

function question(
  questionText: string,
  spec: TypedQuestionSpec | null,
  answers: TypedAnswer[],
  overrides: Partial<QuestionView> = {},
): QuestionView {
  return {
    id: `q-${spec?.type ?? 'opinion'}`,
    productId: 'prod',
    questionText,
    status: 'complete',
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:01:00.000Z',
    aggregatedResults: { positive: 100, neutral: 0, negative: 0, keyInsight: 'All positive.' },
    responses: spec ? answers.map((a, i) => response(i, a)) : [response(0), response(1)],
    errorReason: null,
    seed: 1,
    checkWording: false,
    progress: null,
    run: null,
    analysis: null,
    previousRuns: [],
    drift: null,
    followUps: [],
    type: spec?.type ?? 'opinion',
    spec,
    typedResult: spec ? typedResultOf(spec, answers, 1) : null,
    studyId: null,
    segmentCuts: [],
    typedDrift: null,
    panel: null,
    ...overrides,
  };
}

const repeat = <T>(value: T, times: number): T[] => Array.from({ length: times }, () => value);

const scaleSpec: TypedQuestionSpec = {
  type: 'scale',
  points: 5,
  lowLabel: 'Definitely would not buy',
  highLabel: 'Definitely would buy',
  pointLabels: [],
  ratingMethod: 'direct',
};
const scale = question(
  'How likely would you be to buy Planwise?',
  scaleSpec,
  names.map((_, i) => ({
    type: 'scale',
    draws: [...repeat(4, 14), ...repeat(i % 2 === 0 ? 5 : 2, 6)],
    noAnswer: i === 0 ? 1 : 0,
  })),
);

const nps = question(
  'How likely are you to recommend Planwise to a friend?',
  { type: 'nps' },
  names.map((_, i) => ({ type: 'nps', draws: repeat([10, 9, 7, 3, 6, 9][i]!, 20), noAnswer: 0 })),
);

const ladder = question(
  'Would you buy Planwise Family at this price?',
  {
    type: 'price_ladder',
    offer: 'Planwise Family',
    currency: 'USD',
    period: 'month',
    prices: [5, 10, 15, 20, 30],
  },
  names.map((_, i) => ({
    type: 'price_ladder',
    buyProbability: [0.9, 0.8, 0.6, 0.3, 0.1],
    draws: repeat([3, 2, 4, 1, 3, 5][i]!, 20),
    noAnswer: 0,
  })),
);

const range = question(
  'What would you expect to pay for Planwise Family?',
  {
    type: 'price_range',
    offer: 'Planwise Family',
    currency: 'USD',
    period: 'month',
    likelihood: true,
  },
  names.map((_, i) => ({
    type: 'price_range',
    draws: Array.from({ length: 20 }, (_, d) => ({
      tooCheap: 3 + i + (d % 3),
      bargain: 8 + i + (d % 4),
      expensive: 15 + i + (d % 5),
      tooExpensive: 24 + i + (d % 6),
      buyAtBargain: 0.7,
      buyAtExpensive: 0.3,
    })),
    outOfOrder: i === 5 ? 2 : 0,
    noAnswer: 0,
  })),
);

/** The Markdown with its escapes taken out, to read the words as written. */
const plain = (markdown: string) => markdown.replace(/\\([\\`*_{}[\]()#+!|<>~-])/g, '$1');

const markdownOf = (q: QuestionView) =>
  plain(
    studyReportMarkdown(
      buildStudyReport({
        productName: 'Planwise',
        question: q,
        generatedAt: '2026-11-25T12:00:00Z',
      }),
    ),
  );

describe('a typed question’s report', () => {
  it('gives a scale’s mean, top-two box and share per point with their intervals in plain words', () => {
    const md = markdownOf(scale);
    expect(md).toContain('## Rating scale results');
    expect(md).toContain('From 6 personas; 1 draw without a usable answer was left out.');
    expect(md).toMatch(
      /Average rating \d(\.\d)? of 5 \(likely between \d(\.\d)? and \d(\.\d)?\)\./,
    );
    expect(md).toMatch(
      /\d+% chose 4 or 5, the top-two box \(likely (between \d+% and \d+%|exactly 100%)\)\./,
    );
    expect(md).toContain('| Point | Share of answers | Likely range if asked again |');
    expect(md).toMatch(/\| 5 Definitely would buy \| \d+% \| \d+% to \d+% \|/);
    // Each persona's answer in words, with how often.
    expect(md).toContain(
      '### Maya Chen: Rated 4 of 5 in most draws (14 of 20) (1 draw without an answer)',
    );
    expect(md).toContain('Leaning of the open answer: Positive, 60% likely.');
    expect(md).toContain('## How this is measured');
    expect(md).toContain('percentile bootstrap');
    expect(md).toContain('top-two box is the share at the two highest points');
    // The open answers' leaning stays, under its own heading.
    expect(md).toContain('## Leaning of the open answers');
    expect(md).not.toContain('## Results');
  });

  it('says when a scale was rated by semantic similarity, and names the method', () => {
    const md = markdownOf({
      ...scale,
      spec: { ...scaleSpec, ratingMethod: 'semantic-similarity' },
    });
    expect(md).toContain('Rated by semantic similarity: each persona answered in its own words');
    expect(md).toContain('Semantic-similarity rating (Maier et al. 2025)');
    expect(markdownOf(scale)).not.toContain('semantic similarity');
  });

  it('gives the NPS score and its three groups with their intervals', () => {
    const md = markdownOf(nps);
    expect(md).toContain('## Net Promoter Score results');
    expect(md).toMatch(
      /Net Promoter Score [+−]?\d+ \(likely between [+−]?\d+ and [+−]?\d+\), on a scale from −100 to \+100\./,
    );
    expect(md).toMatch(/\d+% would recommend it, scoring 9 or 10 \(likely between \d+% and \d+%\)/);
    expect(md).toMatch(/\| Promoters \(9–10\) \| \d+% \| \d+% to \d+% \|/);
    expect(md).toMatch(/\| Net Promoter Score \| [+−]?\d+ \| [+−]?\d+ to [+−]?\d+ \|/);
    expect(md).toContain('### Maya Chen: Scored 10 of 10 in every draw (a promoter)');
    expect(md).toContain('Net Promoter Score (NPS): the share of promoters');
    // A positive score's sign is left out of a cell rather than guarded as a formula.
    expect(md).not.toContain("'+");
  });

  it('gives a price ladder’s table, best price and summary, naming Gabor–Granger', () => {
    const result = ladder.typedResult;
    if (result?.type !== 'price_ladder') throw new Error('not a ladder');
    const md = markdownOf(ladder);
    expect(md).toContain(result.summary);
    expect(md).toMatch(
      /Best price \$\d+ a month \(likely (between \$\d+ and \$\d+|exactly \$\d+)\): the most revenue/,
    );
    expect(md).toContain(
      '| Price a month | Would buy | Likely range | Revenue per person asked | Likely range |',
    );
    expect(md).toMatch(/\| \$15 \| \d+% \| \d+% to \d+% \| \$[\d.]+ \| \$[\d.]+ to \$[\d.]+ \|/);
    expect(md).toContain('### Maya Chen: Would buy up to $15 a month (the middle of its 20 draws)');
    expect(md).toContain('Gabor–Granger price ladder');
    expect(md).toContain('Asked as: Price ladder (Gabor–Granger). Offer: Planwise Family.');
  });

  it('gives a price range’s four price points, acceptable range and Newton–Miller–Smith price', () => {
    const result = range.typedResult;
    if (result?.type !== 'price_range') throw new Error('not a price range');
    const md = markdownOf(range);
    expect(md).toContain(result.summary);
    expect(md).toMatch(/Acceptable range \$[\d.]+ to \$[\d.]+ a month: the low end likely/);
    expect(md).toMatch(/Optimal price \$[\d.]+ a month \(likely between \$[\d.]+ and \$[\d.]+\)/);
    expect(md).toContain('| Price point | Price a month | Likely range |');
    expect(md).toMatch(/\| Optimal price point \| \$[\d.]+ \| \$[\d.]+ to \$[\d.]+ \|/);
    expect(md).toContain('2 answers were set aside because the four prices were out of order');
    expect(md).toMatch(/\(Newton–Miller–Smith\), the most revenue at \$[\d.]+ a month\./);
    expect(md).toContain('Van Westendorp Price Sensitivity Meter');
    expect(md).toContain('Newton–Miller–Smith extension');
    expect(md).toMatch(/### Ivy Stone: Too cheap at \$\d+ a month, a bargain at \$\d+ a month/);
    expect(md).toContain('2 draws with the prices out of order set aside');
  });

  it('cuts the figures by segment, saying "too few to say" and the differences beyond chance', () => {
    const cut: SegmentCutView = {
      trait: 'age',
      segments: [
        { label: '18–34', respondents: 6, tooFew: false, result: nps.typedResult },
        { label: '65+', respondents: 2, tooFew: true, result: null },
      ],
      notes: [
        {
          figure: 'Net Promoter Score',
          segments: ['18–34', '35–54'],
          difference: { value: 30, low: 10, high: 50 },
          test: 'bootstrap difference of the two segments, 95 %',
          note: 'Net Promoter Score: 18–34 +40 against 35–54 +10, a difference of 30.',
        },
      ],
    };
    const md = markdownOf({ ...nps, segmentCuts: [cut] });
    expect(md).toContain('## By segment');
    expect(md).toContain('### Age band');
    expect(md).toContain('| Segment | Respondents | Net Promoter Score |');
    expect(md).toMatch(/\| 18–34 \| 6 \| [+−]?\d+ \(likely between [+−]?\d+ and [+−]?\d+\) \|/);
    expect(md).toContain('| 65+ | 2 | too few to say |');
    expect(md).toContain('Net Promoter Score: 18–34 +40 against 35–54 +10, a difference of 30.');
    expect(md).toContain('Segments: each segment');
  });

  it('draws bars with interval whiskers for the PDF, and renders one', async () => {
    const report = buildStudyReport({
      productName: 'Planwise',
      question: ladder,
      generatedAt: new Date(),
    });
    // The opinion bars at the top give way to the question's own figures.
    expect(report.shares).toEqual([]);
    const charts = report.sections.flatMap((s) => s.blocks.flatMap((b) => b.charts ?? []));
    expect(charts.map((c) => c.title)).toEqual([
      'Who would buy at each price a month',
      'Revenue per person asked at each price a month',
    ]);
    for (const bar of charts[0]!.bars) {
      expect(bar.low).toBeLessThanOrEqual(bar.value);
      expect(bar.high).toBeGreaterThanOrEqual(bar.value);
    }
    const pdf = await renderStudyReportPdf(report);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('the open opinion question’s report', () => {
  it('keeps its sections and its opinion bars', () => {
    const report = buildStudyReport({
      productName: 'Planwise',
      question: question('Would you pay $8 a month for Planwise?', null, []),
      generatedAt: '2026-11-25T12:00:00Z',
    });
    expect(report.sections.map((s) => s.heading)).toEqual([
      'The question',
      'Results',
      'Alarms',
      'The panel',
      "Each persona's answer",
    ]);
    expect(report.shares.map((s) => s.opinion)).toEqual(['positive', 'neutral', 'negative']);
    const md = studyReportMarkdown(report);
    expect(md).toContain('### Maya Chen: Positive, 60% likely');
    expect(md).not.toContain('Asked as:');
    expect(md).not.toContain('How this is measured');
  });
});

describe('a study’s report', () => {
  const study = {
    name: 'Planwise pricing',
    offer: 'Planwise Family, a weekly meal planner',
    createdAt: '2026-11-25T10:00:00.000Z',
    questions: [scale, nps, ladder, range],
  };
  const report = buildStudyDocument({
    productName: 'Planwise',
    study,
    generatedAt: '2026-11-25T12:00:00Z',
  });
  const md = plain(studyReportMarkdown(report));

  it('opens with the study’s name and offer, then each question in order', () => {
    expect(md).toContain('# Study report: Planwise pricing');
    expect(md).toContain('Offer: Planwise Family, a weekly meal planner');
    expect(md).toContain('| # | Question | Type | Personas |');
    const parts = [
      '## Question 1 of 4: Rating scale',
      '## Question 2 of 4: Net Promoter Score',
      '## Question 3 of 4: Price ladder',
      '## Question 4 of 4: Price range',
    ];
    const at = parts.map((p) => md.indexOf(p));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(md).toContain('### Rating scale results');
    expect(md).toContain('### Price ladder results');
    expect(md).toContain(
      '| Maya Chen | Would buy up to $15 a month (the middle of its 20 draws) |',
    );
  });

  it('names every method once, at the end', () => {
    const measured = md.slice(md.indexOf('## How this is measured'));
    for (const method of [
      'percentile bootstrap',
      'Net Promoter Score (NPS)',
      'Gabor–Granger',
      'Van Westendorp',
      'Newton–Miller–Smith',
    ]) {
      expect(measured).toContain(method);
    }
    expect(md.match(/## How this is measured/g)).toHaveLength(1);
  });

  it('renders as a PDF', async () => {
    const pdf = await renderStudyReportPdf(report);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
