import type {
  MarketPanelView,
  PanelAnswerView,
  PanelRunView,
  PopulationFrameView,
  QuestionView,
  WeightedOpinionsView,
} from '@chorus/contracts';

// What the gateway answers about market panels, for the panel tests: two
// populations, panels building and ready, and a question asked of a panel.

export const reply = (status: number, body: unknown) =>
  ({
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    json: () => Promise.resolve(body),
    text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)),
  }) as Response;

const level = (id: string, label: string, share: number, min?: number, max?: number) => ({
  id,
  label,
  share,
  min: min ?? null,
  max: max ?? null,
});

export const ukFrame: PopulationFrameView = {
  id: 'uk',
  name: 'United Kingdom adults',
  country: 'United Kingdom',
  currency: 'GBP',
  population: 'Adults aged 18 and over living in private households in the United Kingdom.',
  year: 2023,
  sources: [
    {
      publisher: 'Office for National Statistics',
      title: 'Census 2021',
      year: 2023,
      url: 'https://www.ons.gov.uk/census',
    },
  ],
  traits: [
    {
      id: 'age_band',
      label: 'Age band',
      source: 'Census 2021',
      levels: [
        level('18-29', '18–29', 0.21),
        level('30-44', '30–44', 0.25),
        level('45-64', '45–64', 0.32),
        level('65+', '65 and over', 0.22),
      ],
    },
    {
      id: 'household',
      label: 'Household',
      source: 'Census 2021',
      levels: [
        level('alone', 'Lives alone', 0.3),
        level('couple', 'Couple without children', 0.35),
        level('children', 'Household with children', 0.35),
      ],
    },
    {
      id: 'income',
      label: 'Household income',
      source: 'Family Resources Survey',
      levels: [
        level('low', 'Under £20,000', 0.3, 0, 20_000),
        level('middle', '£20,000–£40,000', 0.35, 20_000, 40_000),
        level('high', 'Over £40,000', 0.35, 40_000),
      ],
    },
  ],
  joint: null,
};

export const usFrame: PopulationFrameView = {
  ...ukFrame,
  id: 'us',
  name: 'United States adults',
  country: 'United States',
  currency: 'USD',
  population: 'Adults aged 18 and over in the United States.',
  year: 2022,
  sources: [
    {
      publisher: 'U.S. Census Bureau',
      title: 'American Community Survey',
      year: 2022,
      url: 'https://www.census.gov/acs',
    },
  ],
};

export const panel = (fields: Partial<MarketPanelView> = {}): MarketPanelView => ({
  id: 'pan1',
  productId: 'prod-1',
  name: 'UK adults',
  baseFrameId: 'uk',
  frame: ukFrame,
  filters: [],
  size: 5_000,
  seed: 1,
  version: 1,
  status: 'ready',
  built: 5_000,
  errorReason: null,
  engine: 'local',
  costUsd: 0,
  createdAt: '2027-01-01T10:00:00.000Z',
  updatedAt: '2027-01-01T10:05:00.000Z',
  makeUp: [
    {
      trait: 'age_band',
      label: 'Age band',
      levels: [
        { id: '18-29', label: '18–29', panelShare: 0.08, frameShare: 0.21 },
        { id: '30-44', label: '30–44', panelShare: 0.3, frameShare: 0.25 },
        { id: '45-64', label: '45–64', panelShare: 0.37, frameShare: 0.32 },
        { id: '65+', label: '65 and over', panelShare: 0.25, frameShare: 0.22 },
      ],
    },
    {
      trait: 'household',
      label: 'Household',
      levels: [
        { id: 'alone', label: 'Lives alone', panelShare: 0.3, frameShare: 0.3 },
        { id: 'couple', label: 'Couple without children', panelShare: 0.35, frameShare: 0.35 },
        { id: 'children', label: 'Household with children', panelShare: 0.35, frameShare: 0.35 },
      ],
    },
  ],
  gaps: [
    {
      trait: 'age_band',
      level: '18-29',
      label: '18–29',
      panelShare: 0.08,
      frameShare: 0.21,
      sentence: 'The panel has 8 % aged 18–29; the population has 21 %.',
    },
  ],
  weights: { designEffect: 1.0638, effectiveSampleSize: 4_700, maxWeight: 2.14 },
  questions: 0,
  ...fields,
});

const opinions = (
  positive: number,
  neutral: number,
  respondents: number,
  effectiveSampleSize = respondents,
): WeightedOpinionsView => {
  const negative = 1 - positive - neutral;
  const share = (value: number) => ({ share: value, low: value - 0.03, high: value + 0.03 });
  return {
    positive: share(positive),
    neutral: share(neutral),
    negative: share(negative),
    respondents,
    designEffect: respondents / effectiveSampleSize,
    effectiveSampleSize,
  };
};

export const panelRun = (fields: Partial<PanelRunView> = {}): PanelRunView => ({
  panelId: 'pan1',
  panelName: 'UK adults',
  panelVersion: 2,
  size: 200,
  answered: 200,
  frameName: 'United Kingdom adults',
  weighted: opinions(0.42, 0.33, 200, 180),
  cuts: [
    {
      trait: 'age_band',
      label: 'Age band',
      segments: [
        {
          level: '18-29',
          label: '18–29',
          respondents: 16,
          effectiveSampleSize: 14,
          tooFew: true,
          opinions: null,
        },
        {
          level: '30-44',
          label: '30–44',
          respondents: 60,
          effectiveSampleSize: 55,
          tooFew: false,
          opinions: opinions(0.55, 0.25, 60, 55),
        },
        {
          level: '45-64',
          label: '45–64',
          respondents: 74,
          effectiveSampleSize: 70,
          tooFew: false,
          opinions: opinions(0.35, 0.4, 74, 70),
        },
      ],
      notes: [
        {
          opinion: 'positive',
          segments: ['30–44', '45–64'],
          difference: 0.2,
          z: 2.31,
          pValue: 0.021,
          note: '30–44 are more positive than 45–64: 55 % against 35 %.',
        },
      ],
    },
    {
      trait: 'household',
      label: 'Household',
      segments: [
        {
          level: 'children',
          label: 'Household with children',
          respondents: 120,
          effectiveSampleSize: 110,
          tooFew: false,
          opinions: opinions(0.5, 0.3, 120, 110),
        },
        {
          level: 'couple',
          label: 'Couple without children',
          respondents: 80,
          effectiveSampleSize: 75,
          tooFew: false,
          opinions: opinions(0.3, 0.4, 80, 75),
        },
      ],
      notes: [],
    },
  ],
  note: 'Weighted to the United Kingdom adults by age band and household (raking).',
  gaps: [
    {
      trait: 'age_band',
      level: '18-29',
      label: '18–29',
      panelShare: 0.08,
      frameShare: 0.21,
      sentence: 'The people answering have 8 % aged 18–29; the population has 21 %.',
    },
  ],
  ...fields,
});

export const panelQuestion = (fields: Partial<QuestionView> = {}): QuestionView => ({
  id: 'q1',
  productId: 'prod-1',
  questionText: 'Would you pay for a weekly meal plan delivered to your door?',
  status: 'complete',
  createdAt: '2027-01-02T10:00:00.000Z',
  updatedAt: '2027-01-02T10:03:00.000Z',
  aggregatedResults: { positive: 40, neutral: 35, negative: 25, keyInsight: 'Mixed.' },
  responses: [],
  errorReason: null,
  seed: 1,
  checkWording: false,
  progress: null,
  run: null,
  analysis: null,
  previousRuns: [],
  drift: null,
  followUps: [],
  type: 'opinion',
  spec: null,
  typedResult: null,
  studyId: null,
  segmentCuts: [],
  typedDrift: null,
  panel: panelRun(),
  ...fields,
});

const names = ['Amelia Hughes', 'Oliver Patel', 'Isla Jones', 'Harry Evans', 'Ava Wright'];

/** A page of persona answers, numbered from `first`. */
export const answersFrom = (first: number, n: number): PanelAnswerView[] =>
  Array.from({ length: n }, (_, i) => ({
    index: first + i,
    personaName: `${names[(first + i) % names.length]} ${first + i}`,
    age: 30 + ((first + i) % 40),
    occupation: (first + i) % 3 === 0 ? 'Nurse' : 'Teacher',
    location: 'Leeds',
    traits: { age_band: '30-44', household: 'children' },
    weight: 1.12,
    opinion: 'positive',
    confidence: 0.7,
    draws: { positive: 14, neutral: 4, negative: 2 },
    typed: null,
    response: `I would try it (${first + i}).`,
    reasoning: 'Cooking every night takes time.',
  }));
