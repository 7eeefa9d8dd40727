import { type PersonaResponse, type QuestionView, type RunDetails } from '@chorus/contracts';
import { analyzeRun } from '@chorus/research';
import { checkWording } from '@chorus/research/wording';
import { buildStudyReport } from '../src/study-report/model';
import { studyReportFileName, studyReportMarkdown } from '../src/study-report/markdown';

const response = (overrides: Partial<PersonaResponse>): PersonaResponse => ({
  personaId: 'p1',
  personaName: 'Maya Chen',
  opinion: 'positive',
  confidence: 0.62,
  safetyInfluence: 'low',
  response: 'I would pay for it.',
  reasoning: 'Maya Chen leans positive because it saves her time.',
  grounding: { personaAttributes: ['income'], profileFields: ['pricingModels'] },
  distribution: { positive: 0.62, neutral: 0.28, negative: 0.1 },
  draws: { positive: 13, neutral: 5, negative: 2 },
  ...overrides,
});

const run: RunDetails = {
  engine: 'openai',
  model: 'gpt-4o-mini',
  temperature: 0.7,
  seed: 2,
  draws: 20,
  promptTemplateHash: 'abcdef012345',
  profileVersion: '0123456789ab',
  personaVersions: [],
  usage: { inputTokens: 12_000, outputTokens: 2_400, modelCalls: 4, cachedAnswers: 0 },
  costUsd: 0.0032,
  coverage: [],
  sensitivity: null,
};

function question(overrides: Partial<QuestionView> = {}): QuestionView {
  const responses = [
    response({}),
    response({
      personaId: 'p2',
      personaName: 'Tom | "TJ" *Jones*',
      opinion: 'negative',
      confidence: 0.7,
      response: '=HYPERLINK("http://evil") is what I think\n# not a heading',
      reasoning: 'Tom leans negative because money is tight.',
      distribution: { positive: 0.1, neutral: 0.2, negative: 0.7 },
      draws: { positive: 2, neutral: 4, negative: 14 },
    }),
  ];
  return {
    id: 'q1',
    productId: 'prod',
    questionText: "Wouldn't you love our amazing planner?",
    status: 'complete',
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:01:00.000Z',
    aggregatedResults: { positive: 50, neutral: 0, negative: 50, keyInsight: 'Opinion is split.' },
    responses,
    errorReason: null,
    seed: 2,
    checkWording: false,
    progress: null,
    run,
    // Inference sends the question's wording check with its run.
    analysis: analyzeRun(
      responses,
      { ...run, wording: checkWording("Wouldn't you love our amazing planner?") },
      "Wouldn't you love our amazing planner?",
    ),
    previousRuns: [],
    drift: null,
    type: 'opinion',
    spec: null,
    typedResult: null,
    studyId: null,
    segmentCuts: [],
    typedDrift: null,
    panel: null,
    followUps: [
      {
        id: 't1',
        personaId: 'p2',
        personaName: 'Tom | "TJ" *Jones*',
        role: 'asker',
        text: 'Why?',
        status: 'complete',
        error: null,
        createdAt: '2026-11-25T10:02:00.000Z',
      },
      {
        id: 't2',
        personaId: 'p2',
        personaName: 'Tom | "TJ" *Jones*',
        role: 'persona',
        text: 'Because twelve a month is a lot.',
        status: 'partial',
        error: 'Cut off',
        createdAt: '2026-11-25T10:02:01.000Z',
      },
    ],
    ...overrides,
  };
}

const markdown = studyReportMarkdown(
  buildStudyReport({
    productName: 'Weekwise',
    question: question(),
    generatedAt: '2026-11-25T12:00:00.000Z',
  }),
);

describe('the study report', () => {
  it.each([
    ['the title', '# Study report: Weekwise'],
    ['the question', "> Wouldn't you love our amazing planner?"],
    ['the wording check with its neutral rewording', 'Wording check: leading.'],
    [
      'the words that steer the answer',
      'Wording check: leading. Words that steer the answer: "Wouldn\'t you", "amazing".',
    ],
    ['the neutral rewording', 'Ask instead: "Would you love our planner, or not?"'],
    [
      'the shares with their likely ranges',
      '| Opinion | Share of all answers | Likely range if asked again |',
    ],
    ['the shares in plain words', 'Each of the 2 personas answered 20 times'],
    ['the method, at the end', '## How this is measured'],
    ['the method', 'Method: 95% percentile bootstrap over personas and draws'],
    ['the small panel caveat', 'Indicative only: with fewer than 10 personas'],
    ['the key insight', 'Key insight: Opinion is split.'],
    ['the leading-question alarm', 'Leading question: The question steers people'],
    ['the panel', '| Persona | Opinion | Likelihood | Distribution |'],
    [
      'a persona with its distribution',
      '| Maya Chen | Positive | 62% | Positive 62%, Neutral 28%, Negative 10% |',
    ],
    [
      'each answer with its reasoning',
      'Reasoning: Maya Chen leans positive because it saves her time.',
    ],
    ['the grounds', 'Grounds: Income, Pricing Models.'],
    ['a follow-up and its reply, marked cut off', 'Because twelve a month is a lot. \\(cut off\\)'],
    ['the run details', '| Model | gpt-4o-mini |'],
    ['a share of all answers with one decimal, as written', '| Positive | 37.5% |'],
    ['the seed', '| Seed \\(to repeat the run\\) | 2 |'],
    ['the tokens', '| Tokens | 12,000 in, 2,400 out |'],
    ['the cost', '| Cost | $0.0032 |'],
  ])('has %s', (_what, text) => {
    expect(markdown).toContain(text);
  });

  it('escapes what Markdown would read as formatting in user text', () => {
    expect(markdown).toContain('### Tom \\| "TJ" \\*Jones\\*: Negative, 70% likely');
    expect(markdown).toContain('> \\# not a heading');
    // Table cells stay on their row: the pipe in the name is escaped.
    expect(markdown).toContain('| Tom \\| "TJ" \\*Jones\\* | Negative | 70% |');
  });

  it('keeps a cell that starts like a formula from being run when pasted into a spreadsheet', () => {
    const report = buildStudyReport({
      productName: 'Weekwise',
      question: question({
        responses: [response({ personaName: '=cmd|calc', opinion: 'neutral' })],
      }),
      generatedAt: new Date(),
    });
    expect(studyReportMarkdown(report)).toContain("| '=cmd\\|calc | Neutral |");
  });

  it('says where each persona came from and sets the panel against real answers', () => {
    const withReal = studyReportMarkdown(
      buildStudyReport({
        productName: 'Weekwise',
        question: question(),
        generatedAt: '2026-11-25T12:00:00.000Z',
        personas: [
          { id: 'p1' },
          {
            id: 'p2',
            custom: {
              source: 'csv',
              sourceText: 'Name: Tom',
              fileName: 'customers.csv',
              builtBy: 'local',
              provenance: {
                name: 'given',
                age: 'given',
                gender: 'inferred',
                occupation: 'given',
                location: 'inferred',
                income: 'inferred',
                lifestyle: 'inferred',
                motivations: 'inferred',
                personality: 'inferred',
              },
            },
          },
        ],
        calibration: {
          questionId: 'q1',
          questionText: "Wouldn't you love our amazing planner?",
          fileName: 'survey.csv',
          createdAt: '2026-11-25T11:00:00.000Z',
          answerColumn: 'rating',
          personaSource: "Each persona's opinion in the current run (its seeded draw)",
          fidelity: {
            n: 4,
            human: [1, 1, 2],
            persona: [1, 0, 1],
            distance: 0.31,
            distanceMeaning: 'fairly close to the real answers',
            ks: 0.25,
            spreadRatio: 0.5,
            spreadMeaning: 'the panel is more uniform than real customers',
            segments: [
              { label: 'Age 25-34', human: [1, 0, 1], persona: [0, 0, 0], distance: null },
            ],
          },
        },
      }),
    );
    expect(withReal).toContain('| Persona | Opinion | Likelihood | Distribution | Source |');
    expect(withReal).toContain('| Template library |');
    expect(withReal).toContain(
      '| Your customer, from customer file customers.csv; given: name, age, occupation; the rest inferred |',
    );
    expect(withReal).toContain('## Against real answers');
    expect(withReal).toContain('4 real answers from survey.csv');
    expect(withReal).toContain('| Positive | 1 of 4: 25% | 1 of 2: 50% |');
    expect(withReal).toContain('| Neutral | 1 of 4: 25% | 0 of 2: 0% |');
    expect(withReal).toContain('| Negative | 2 of 4: 50% | 1 of 2: 50% |');
    expect(withReal).toContain('Jensen–Shannon distance: 0.31, fairly close to the real answers.');
    expect(withReal).toContain('Largest gap between the cumulative shares: 0.25.');
    expect(withReal).toContain(
      'Spread ratio, persona variance over real variance: 0.50, the panel is more uniform than real customers.',
    );
    expect(withReal).toContain('| Age 25-34 | 2 | 0 | no personas in it |');
    expect(markdown).not.toContain('Against real answers');
  });

  it('leaves out what a question does not have: runs, run details, shares of draws', () => {
    const bare = studyReportMarkdown(
      buildStudyReport({
        productName: 'Old',
        question: question({
          questionText: 'How often do you plan your week?',
          run: null,
          analysis: null,
          followUps: [],
          responses: [response({ distribution: undefined, draws: undefined })],
        }),
        generatedAt: new Date(),
      }),
    );
    expect(bare).toContain('| Opinion | Share of personas |');
    expect(bare).not.toContain('95% interval');
    expect(bare).not.toContain('## Run details');
    expect(bare).toContain('Wording check: no leading or loaded wording found.');
    expect(bare).toContain('None: the wording is neutral');
    expect(bare).toContain('Positive 62%'.replace('Positive 62%', 'not recorded'));
  });

  it.each([
    ['Weekwise', 'Would you pay $30?', 'pdf', 'study-report-weekwise-would-you-pay-30.pdf'],
    ['Café Ü', 'Ça va?', 'md', 'study-report-cafe-u-ca-va.md'],
    ['', '???', 'md', 'study-report.md'],
  ] as const)('names the file of %s / %s', (product, text, extension, name) => {
    expect(studyReportFileName(product, text, extension)).toBe(name);
  });
});
