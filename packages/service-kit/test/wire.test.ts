import {
  type CalibrationView,
  type CustomPersonaDraft,
  customPersonaDraft,
  type DriftReport,
  editCustomPersonaRequest,
  type PastRun,
  type QuestionAnalysis,
  type RunDetails,
  runDetailsSchema,
  type ShareAnswer,
  shareAnswer,
  traitProvenance,
} from '@chorus/contracts';
import { CalibrationView as CalibrationViewMessage } from '@chorus/proto/catalog/v1/calibration';
import {
  CustomPersonaDraft as CustomPersonaDraftMessage,
  CustomPersonaEdit as CustomPersonaEditMessage,
} from '@chorus/proto/catalog/v1/personas';
import {
  DriftReport as DriftReportMessage,
  PastRun as PastRunMessage,
  QuestionAnalysis as QuestionAnalysisMessage,
} from '@chorus/proto/catalog/v1/questions';
import { RunDetails as RunDetailsMessage } from '@chorus/proto/inference/v1/answers';
import { ShareAnswer as ShareAnswerMessage } from '@chorus/proto/roadmap/v1/sharing';
import {
  analysisFromMessage,
  analysisToMessage,
  calibrationFromMessage,
  calibrationToMessage,
  customDraftFromMessage,
  customDraftToMessage,
  customEditFromMessage,
  customEditToMessage,
  driftFromMessage,
  driftToMessage,
  pastRunFromMessage,
  pastRunToMessage,
  runDetailsFromMessage,
  runDetailsToMessage,
  shareAnswerFromMessage,
  shareAnswerToMessage,
} from '../src/wire';

// Each shape goes through the bytes a service sends and comes back as the
// reader sees it: what the contracts' schema reads is what was sent.

const run: RunDetails = {
  engine: 'openai',
  model: 'gpt-4o-mini',
  temperature: 0.7,
  seed: 3,
  draws: 20,
  promptTemplateHash: 'abcdef012345',
  profileVersion: '0123456789ab',
  personaVersions: [{ personaId: 'p1', personaName: 'Ana', version: 'v1' }],
  usage: { inputTokens: 2_000, outputTokens: 400, modelCalls: 2, cachedAnswers: 1 },
  costUsd: 0.0006,
  coverage: [{ name: 'Age', covered: ['30-44'], missing: ['65+'] }],
  sensitivity: {
    neutralText: 'Would you buy it?',
    reversedText: 'Would you skip it?',
    asked: { positive: 60, neutral: 20, negative: 20 },
    neutral: { positive: 50, neutral: 30, negative: 20 },
    reversed: { positive: 30, neutral: 20, negative: 50 },
  },
  panel: {
    personas: 2,
    effective: 1.8,
    meanDistance: 0.4,
    nearCopies: 0,
    gaps: ['no one under 30'],
  },
};

function throughRunBytes(details: RunDetails): RunDetails | null {
  const bytes = RunDetailsMessage.encode(runDetailsToMessage(details)).finish();
  return runDetailsFromMessage(RunDetailsMessage.decode(bytes));
}

describe('run details on the wire', () => {
  it('arrive as they were sent, every field', () => {
    expect(runDetailsSchema.parse(throughRunBytes(run))).toEqual(run);
  });

  it('keep an unknown price, no wording check and no panel as such', () => {
    const { panel: _panel, ...bare } = run;
    const plain: RunDetails = { ...bare, costUsd: null, sensitivity: null, engine: 'local' };
    expect(throughRunBytes(plain)).toEqual(plain);
  });

  it('read no run from a message without one', () => {
    expect(runDetailsFromMessage(undefined)).toBeNull();
  });

  it('carry an earlier run with its estimate, or without one', () => {
    const past: PastRun = {
      run,
      aggregatedResults: { positive: 50, neutral: 0, negative: 50, keyInsight: 'Split on price' },
      estimate: {
        shares: { positive: 50, neutral: 0, negative: 50 },
        intervals: {
          positive: { low: 30.5, high: 69.5 },
          neutral: { low: 0, high: 10 },
          negative: { low: 30.5, high: 69.5 },
        },
        method: 'bootstrap',
        personas: 2,
        drawsPerPersona: 20,
        indicative: true,
      },
      completedAt: '2026-11-27T12:00:00.000Z',
    };
    const through = (p: PastRun) =>
      pastRunFromMessage(
        PastRunMessage.decode(PastRunMessage.encode(pastRunToMessage(p)).finish()),
      );
    expect(through(past)).toEqual(past);
    expect(through({ ...past, estimate: null })).toEqual({ ...past, estimate: null });
  });
});

describe("a question's analysis on the wire", () => {
  const analysis: QuestionAnalysis = {
    estimate: {
      shares: { positive: 60, neutral: 20, negative: 20 },
      intervals: {
        positive: { low: 41.2, high: 78.5 },
        neutral: { low: 5, high: 35 },
        negative: { low: 5, high: 35 },
      },
      method: 'bootstrap',
      personas: 10,
      drawsPerPersona: 20,
      indicative: false,
    },
    entropy: 0.86,
    alarms: [
      {
        kind: 'leading',
        title: 'Leading question',
        text: 'The question steers people towards an answer.',
        technical: 'Loaded word: “amazing”',
        words: ['amazing'],
        rewording: 'Would you buy it?',
      },
      { kind: 'echo-chamber', title: 'Echo chamber', text: 'The personas are too alike.' },
    ],
    notes: [{ kind: 'panel-agrees', title: 'The panel agrees', text: 'Seven times in ten.' }],
  };
  const through = (a: QuestionAnalysis) =>
    analysisFromMessage(
      QuestionAnalysisMessage.decode(QuestionAnalysisMessage.encode(analysisToMessage(a)).finish()),
    );

  it('arrives as it was sent: estimate, alarms with their words and rewording, notes', () => {
    expect(through(analysis)).toEqual(analysis);
  });

  it('a leading alarm that found no words still names none; other alarms carry no words', () => {
    const leading = { ...analysis.alarms[0]!, words: [], rewording: undefined };
    const read = through({ ...analysis, alarms: [leading] });
    expect(read!.alarms[0]!.words).toEqual([]);
    expect(read!.alarms[0]).not.toHaveProperty('rewording');
    expect(through(analysis)!.alarms[1]).not.toHaveProperty('words');
  });

  it('no analysis without an estimate, and drift arrives as it was sent', () => {
    expect(analysisFromMessage(undefined)).toBeNull();
    const drift: DriftReport = { drift: true, opinion: 'negative', points: -25.5, text: 'Moved.' };
    const bytes = DriftReportMessage.encode(driftToMessage(drift)).finish();
    expect(driftFromMessage(DriftReportMessage.decode(bytes))).toEqual(drift);
    expect(driftFromMessage(undefined)).toBeNull();
  });
});

describe('share answers on the wire', () => {
  const answers: ShareAnswer[] = [
    { type: 'rating', rating: 4 },
    { type: 'thumbs', thumbs: 'down' },
    { type: 'text', text: 'Too dear for me' },
    { type: 'ranking', ranking: ['b', 'a', 'c'] },
  ];

  it.each(answers)('a $type answer arrives as it was given', (answer) => {
    const bytes = ShareAnswerMessage.encode(shareAnswerToMessage(answer)).finish();
    const read = shareAnswerFromMessage(ShareAnswerMessage.decode(bytes));
    expect(shareAnswer.parse(read)).toEqual(answer);
  });

  it('an empty message is no answer, which the reader refuses', () => {
    expect(shareAnswerFromMessage({})).toBeUndefined();
    expect(shareAnswer.safeParse(shareAnswerFromMessage({})).success).toBe(false);
  });
});

describe('custom personas on the wire', () => {
  const draft: CustomPersonaDraft = {
    traits: {
      name: 'Claire',
      age: 34,
      gender: null,
      occupation: 'Nurse',
      location: 'Lyon',
      income: '€2,400/month',
      lifestyle: 'Cooks three times a week',
      motivations: 'Eating well on a budget',
      personality: 'Practical',
    },
    safetyScores: { economic: 5, world: 6, local: 7, occupation: 8 },
    custom: {
      source: 'csv',
      sourceText: 'age: 34\noccupation: Nurse',
      fileName: 'customers.csv',
      provenance: traitProvenance({ age: 34, occupation: 'Nurse' }),
      builtBy: 'local',
    },
  };

  it('a draft arrives whole, an unknown gender still unknown', () => {
    const bytes = CustomPersonaDraftMessage.encode(customDraftToMessage(draft)).finish();
    const read = customDraftFromMessage(CustomPersonaDraftMessage.decode(bytes));
    expect(customPersonaDraft.parse(read)).toEqual(draft);
  });

  it('an edit carries only what was changed, and a cleared gender as cleared', () => {
    const through = (edit: Parameters<typeof customEditToMessage>[0]) =>
      customEditFromMessage(
        CustomPersonaEditMessage.decode(
          CustomPersonaEditMessage.encode(customEditToMessage(edit)).finish(),
        ),
      );
    expect(editCustomPersonaRequest.parse(through({ income: '€3,000/month' }))).toEqual({
      income: '€3,000/month',
    });
    expect(through({ gender: null, age: 40 })).toEqual({ gender: '', age: 40 });
  });
});

describe('fidelity cards on the wire', () => {
  const view: CalibrationView = {
    questionId: 'q1',
    questionText: 'Would you buy it?',
    fileName: 'answers.csv',
    createdAt: '2026-11-27T12:00:00.000Z',
    answerColumn: 'opinion',
    personaSource: "Each persona's opinion in the current run",
    fidelity: {
      n: 12,
      human: [50, 25, 25],
      persona: [40, 20, 40],
      distance: 0.21,
      distanceMeaning: 'close to the real answers',
      level: 'fairly well',
      distanceText: 'How far people and personas differ: 0.21 of 1.',
      distanceTechnical: 'Jensen–Shannon distance 0.21',
      ks: null,
      ksOver: null,
      ksText: null,
      ksTechnical: null,
      spreadRatio: null,
      spreadMeaning: 'cannot be compared',
      spreadText: 'cannot be compared, because every real answer is the same.',
      spreadTechnical: 'Spread ratio undefined',
      segments: [
        { label: 'Everyone', human: [50, 25, 25], persona: [40, 20, 40], distance: 0.21 },
        { label: 'Age 65+', human: [100, 0, 0], persona: [0, 0, 0], distance: null },
      ],
    },
  };
  const through = (v: CalibrationView) =>
    calibrationFromMessage(
      CalibrationViewMessage.decode(
        CalibrationViewMessage.encode(calibrationToMessage(v)).finish(),
      ),
    );

  it('an opinion file arrives as computed, its missing figures still null', () => {
    expect(through(view)).toEqual(view);
  });

  it('a rating file keeps its Kolmogorov-Smirnov figures and spread', () => {
    const rated: CalibrationView = {
      ...view,
      answerColumn: 'rating',
      fidelity: {
        ...view.fidelity,
        ks: 0.3,
        ksOver: 'ratings',
        ksText: 'Largest gap between their ratings: 0.30 of 1.',
        ksTechnical: 'Kolmogorov–Smirnov D 0.30',
        spreadRatio: 0.8,
      },
    };
    expect(through(rated)).toEqual(rated);
  });
});
