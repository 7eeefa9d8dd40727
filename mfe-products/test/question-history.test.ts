import {
  confidencePercent,
  filterQuestions,
  questionCsvFileName,
  questionResultsCsv,
  shouldPollQuestions,
  questionStatusFilters,
  selectedPersonasSummary,
} from '../src/question-history';
import type { PersonaResponse } from '@chorus/contracts';

describe('confidencePercent', () => {
  it.each([
    [0, '0%'],
    [1, '100%'],
    [0.856, '86%'],
    [0.5, '50%'],
    [0.004, '0%'],
  ])('%d -> %s', (confidence, expected) => {
    expect(confidencePercent(confidence)).toBe(expected);
  });
});

function response(overrides: Partial<PersonaResponse>): PersonaResponse {
  return {
    personaId: 'p1',
    personaName: 'Maya Chen',
    opinion: 'positive',
    confidence: 0.82,
    safetyInfluence: 'medium',
    response: 'I would pay for it.',
    reasoning: 'It saves me time.',
    grounding: { personaAttributes: ['income', 'occupation'], profileFields: ['pricingModels'] },
    ...overrides,
  };
}

describe('questionResultsCsv', () => {
  it('writes a header and one row per persona response, with labels for the grounds', () => {
    const csv = questionResultsCsv([
      {
        questionText: 'Would you pay $30, monthly?',
        createdAt: '2026-11-21T10:00:00.000Z',
        status: 'complete',
        responses: [
          response({}),
          response({
            personaId: 'p2',
            personaName: 'Tom "TJ" Jones',
            opinion: 'negative',
            confidence: 0.4,
            safetyInfluence: 'high',
            response: 'Too much.\nI budget tightly.',
            reasoning: '-money is tight',
            grounding: { personaAttributes: ['safetyScores.economic'], profileFields: [] },
            distribution: { positive: 0.1, neutral: 0.3, negative: 0.6 },
          }),
        ],
        followUps: [
          {
            id: 't1',
            personaId: 'p2',
            personaName: 'Tom "TJ" Jones',
            role: 'asker',
            text: '=HYPERLINK("http://evil")',
            status: 'complete',
            error: null,
            createdAt: '2026-11-21T10:05:00.000Z',
          },
          {
            id: 't2',
            personaId: 'p2',
            personaName: 'Tom "TJ" Jones',
            role: 'persona',
            text: 'Because of the price',
            status: 'partial',
            error: 'Cut off',
            createdAt: '2026-11-21T10:05:01.000Z',
          },
        ],
      },
      {
        questionText: 'Still answering',
        createdAt: '2026-11-21T11:00:00.000Z',
        status: 'pending',
        responses: [],
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Question,Asked At,Status,Persona,Opinion,Confidence,Safety Influence,Response,Reasoning,Persona Attributes,Business Profile Fields,Distribution,Follow-ups',
      '"Would you pay $30, monthly?",2026-11-21T10:00:00.000Z,complete,Maya Chen,positive,82%,medium,I would pay for it.,It saves me time.,Income; Occupation,Pricing Models,,',
      // A follow-up starting with "=" stays text: the conversation cell starts with "You:".
      '"Would you pay $30, monthly?",2026-11-21T10:00:00.000Z,complete,"Tom ""TJ"" Jones",negative,40%,high,"Too much.\nI budget tightly.","\'-money is tight",Economic safety,,positive 10%; neutral 30%; negative 60%,"You: =HYPERLINK(""http://evil"")\nTom ""TJ"" Jones: Because of the price [cut off]"',
      '',
    ]);
  });

  it('keeps a persona named by a formula (from a customer file) as text', () => {
    const formula = '=HYPERLINK("http://x.test","Claim")';
    const csv = questionResultsCsv([
      {
        questionText: 'Would you try a weekly menu?',
        createdAt: '2026-11-21T10:00:00.000Z',
        status: 'complete',
        responses: [response({ personaName: formula })],
      },
    ]);
    const row = csv.split('\r\n')[1]!;
    // The persona cell starts with a quote mark: a spreadsheet shows it, never runs it.
    expect(row).toContain(`"'=HYPERLINK(""http://x.test"",""Claim"")"`);
    expect(row).not.toMatch(/,=HYPERLINK/);
  });

  it('is only the header when nothing was answered', () => {
    expect(questionResultsCsv([])).toBe(
      'Question,Asked At,Status,Persona,Opinion,Confidence,Safety Influence,Response,Reasoning,Persona Attributes,Business Profile Fields,Distribution,Follow-ups\r\n',
    );
  });
});

describe('questionCsvFileName', () => {
  it.each([
    ['Acme Analytics', 'questions-acme-analytics.csv'],
    ['  Café & Co!  ', 'questions-cafe-co.csv'],
    ['***', 'questions.csv'],
  ])('%j -> %s', (name, expected) => {
    expect(questionCsvFileName(name)).toBe(expected);
  });
});

describe('questionStatusFilters', () => {
  it('offers every status, in the order of the spec', () => {
    expect(questionStatusFilters).toEqual(['all', 'complete', 'processing', 'pending', 'error']);
  });
});

describe('filterQuestions', () => {
  const questions = [
    { id: 'a', questionText: 'Would you pay $30 a month?', status: 'complete' as const },
    { id: 'b', questionText: 'Is the onboarding clear?', status: 'processing' as const },
    { id: 'c', questionText: 'Would you recommend us?', status: 'pending' as const },
    { id: 'd', questionText: 'WOULD a yearly plan help?', status: 'error' as const },
  ];
  it.each([
    [{}, ['a', 'b', 'c', 'd']],
    [{ status: 'all' as const }, ['a', 'b', 'c', 'd']],
    [{ text: 'would' }, ['a', 'c', 'd']],
    [{ text: '  Would  ' }, ['a', 'c', 'd']],
    [{ text: 'would', status: 'error' as const }, ['d']],
    [{ status: 'processing' as const }, ['b']],
    [{ status: 'complete' as const, text: 'onboarding' }, []],
    [{ text: 'no such words' }, []],
  ])('%j -> %j', (filter, ids) => {
    expect(filterQuestions(questions, filter).map((q) => q.id)).toEqual(ids);
  });
});

describe('selectedPersonasSummary', () => {
  it.each([
    [[], [], null],
    [['Maya'], ['Maya'], null],
    [['Maya', 'Tom', 'Ana'], ['Maya', 'Tom', 'Ana'], null],
    [['Maya', 'Tom', 'Ana', 'Lee'], ['Maya', 'Tom', 'Ana'], '+1 more persona'],
    [['Maya', 'Tom', 'Ana', 'Lee', 'Sam', 'Kim'], ['Maya', 'Tom', 'Ana'], '+3 more personas'],
  ])('%j -> %j %j', (names, shown, more) => {
    expect(selectedPersonasSummary(names)).toEqual({ shown, more });
  });
});

describe('shouldPollQuestions', () => {
  it.each([
    [[], false],
    [['complete', 'error'], false],
    [['complete', 'processing'], true],
    [['pending'], true],
  ] as const)('%j -> %s', (statuses, expected) => {
    expect(shouldPollQuestions(statuses.map((status) => ({ status })))).toBe(expected);
  });
});
