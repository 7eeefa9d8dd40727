import type {
  DriftReport,
  PastRun,
  PersonaResponse,
  QuestionAnalysis,
  RunDetails,
} from '@chorus/contracts';
import { analyzeRun, driftBetween } from '@chorus/research';

/** What is stored beside a run's answers so that reading a question computes nothing. */
interface StoredAnalysis {
  analysis: QuestionAnalysis | null;
  drift: DriftReport | null;
}

/**
 * A run's analysis (a 1,000-resample bootstrap of the shares, the alarms and
 * notes) and its drift from the run before it, computed once when the run's
 * answers are stored.
 */
export function analysisOfRun(run: {
  questionText: string;
  responses: readonly PersonaResponse[];
  runDetails: RunDetails | null;
  previousRuns: readonly PastRun[];
}): StoredAnalysis {
  const analysis = analyzeRun(run.responses, run.runDetails, run.questionText);
  return { analysis, drift: driftBetween(run.previousRuns.at(-1), analysis) };
}
