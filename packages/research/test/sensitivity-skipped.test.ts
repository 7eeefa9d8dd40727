import type { RunDetails } from '@chorus/contracts';
import { analyzeRun } from '../src';

const run = (overrides: Partial<RunDetails> = {}): RunDetails => ({
  engine: 'local',
  model: 'local',
  temperature: 0.7,
  seed: 1,
  draws: 20,
  promptTemplateHash: 'abc',
  profileVersion: 'def',
  personaVersions: [],
  usage: { inputTokens: 0, outputTokens: 0, modelCalls: 0, cachedAnswers: 0 },
  costUsd: null,
  coverage: [],
  sensitivity: null,
  ...overrides,
});

const answers = [
  { opinion: 'positive' as const, draws: { positive: 12, neutral: 4, negative: 4 } },
  { opinion: 'negative' as const, draws: { positive: 4, neutral: 4, negative: 12 } },
];

describe('a sensitivity check that could not run', () => {
  it('is a plain note, not an alarm, when no fair reversed question could be made', () => {
    const analysis = analyzeRun(answers, run({ sensitivitySkipped: 'no-fair-reversed' }));
    const note = analysis!.notes!.find((n) => n.kind === 'sensitivity-skipped');
    expect(note?.text).toContain(
      'The wording check could not make a fair reversed question, so the sensitivity check did not run for this question.',
    );
    expect(analysis!.alarms.some((a) => a.kind === 'wording-sensitive')).toBe(false);
    expect(analysis!.notes!.some((n) => n.kind === 'wording-stable')).toBe(false);
  });

  it('says so for a neutral question too, and says nothing when the check was not asked for', () => {
    const neutral = analyzeRun(answers, run({ sensitivitySkipped: 'no-fair-neutral' }));
    expect(neutral!.notes!.find((n) => n.kind === 'sensitivity-skipped')?.text).toMatch(
      /fair neutral question/,
    );
    expect(analyzeRun(answers, run())!.notes!.some((n) => n.kind === 'sensitivity-skipped')).toBe(
      false,
    );
  });
});
