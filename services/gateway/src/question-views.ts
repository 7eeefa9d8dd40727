import {
  followUpMessages,
  followUpStatuses,
  type FollowUpTurnView,
  aggregatedResultsSchema,
  type PastRun,
  personaResponseSchema,
  type QuestionStatus,
  questionStatuses,
  type QuestionView,
  type RunDetails,
} from '@chorus/contracts';
import type { FollowUpTurn } from '@chorus/proto/catalog/v1/follow_ups';
import type { Question } from '@chorus/proto/catalog/v1/questions';
import {
  analysisFromMessage,
  driftFromMessage,
  pastRunFromMessage,
  runDetailsFromMessage,
  segmentCutFromMessage,
  specFromMessage,
  personaResponseFromMessage,
  typedDriftFromMessage,
  typedResultFromMessage,
} from '@chorus/service-kit/wire';
import { panelRunFromMessage } from '@chorus/service-kit/wire';

// How the catalog's questions look to the browser. The catalog checked every
// response and run against their schemas before storing them, and computed
// each run's analysis and drift once when its answers arrived; parsing again
// here gives the browser the schemas' types, and nothing is computed but
// whether a follow-up reply left writing was interrupted.

function statusOf(question: Question): QuestionStatus {
  return questionStatuses.find((status) => status === question.status) ?? 'pending';
}

function runOf(question: Question): RunDetails | null {
  return runDetailsFromMessage(question.runDetails);
}

function previousRunsOf(question: Question): PastRun[] {
  return question.previousRuns.flatMap((past) => pastRunFromMessage(past) ?? []);
}

/** A reply still "writing" this long after it started was interrupted (its writer is gone). */
const FOLLOW_UP_WRITING_LIMIT_MS = 3 * 60_000;

/** How a stored turn reads now: a reply left writing past the limit is partial (or failed when empty). */
function followUpStatusNow(
  turn: Pick<FollowUpTurnView, 'status' | 'text' | 'createdAt' | 'error'>,
  now: number = Date.now(),
): Pick<FollowUpTurnView, 'status' | 'error'> {
  if (turn.status !== 'writing' || now - Date.parse(turn.createdAt) < FOLLOW_UP_WRITING_LIMIT_MS) {
    return { status: turn.status, error: turn.error };
  }
  return {
    status: turn.text ? 'partial' : 'failed',
    error: followUpMessages.interrupted,
  };
}
function toFollowUpView(turn: FollowUpTurn): FollowUpTurnView {
  const stored: FollowUpTurnView = {
    id: turn.id,
    personaId: turn.personaId,
    personaName: turn.personaName,
    role: turn.role === 'persona' ? 'persona' : 'asker',
    text: turn.text,
    status: followUpStatuses.find((s) => s === turn.status) ?? 'failed',
    error: turn.error || null,
    createdAt: turn.createdAt?.toISOString() ?? '',
  };
  return { ...stored, ...followUpStatusNow(stored) };
}

export function toQuestionView(question: Question): QuestionView {
  const aggregated = aggregatedResultsSchema.safeParse(question.aggregatedResults);
  const status = statusOf(question);
  const responses = question.responses.map((response) =>
    personaResponseSchema.parse(personaResponseFromMessage(response)),
  );
  const run = status === 'complete' ? runOf(question) : null;
  const analysis = status === 'complete' ? analysisFromMessage(question.analysis) : null;
  const previousRuns = previousRunsOf(question);
  const unfinished = status === 'pending' || status === 'processing';
  const panel = panelRunFromMessage(question.panel);
  return {
    id: question.id,
    productId: question.productId,
    questionText: question.questionText,
    status,
    createdAt: question.createdAt?.toISOString() ?? '',
    updatedAt: question.updatedAt?.toISOString() ?? '',
    aggregatedResults: aggregated.success ? aggregated.data : null,
    responses,
    errorReason: question.errorReason || null,
    seed: question.seed ?? 1,
    checkWording: question.checkWording ?? false,
    progress:
      unfinished && question.progressTotal
        ? { answered: panel ? panel.answered : responses.length, total: question.progressTotal }
        : null,
    run,
    analysis,
    previousRuns,
    drift: analysis ? driftFromMessage(question.drift) : null,
    followUps: question.followUps.map(toFollowUpView),
    ...typedOf(question, status),
    panel,
  };
}

/** A typed question's settings, and its figures once complete; the open question's are null. */
function typedOf(
  question: Question,
  status: QuestionStatus,
): Pick<QuestionView, 'type' | 'spec' | 'typedResult' | 'studyId' | 'segmentCuts' | 'typedDrift'> {
  const spec = specFromMessage(question.spec);
  return {
    type: spec?.type ?? 'opinion',
    spec,
    typedResult:
      spec && status === 'complete' ? typedResultFromMessage(question.typedResult) : null,
    studyId: question.studyId || null,
    segmentCuts:
      spec && status === 'complete'
        ? question.segmentCuts.flatMap((cut) => segmentCutFromMessage(cut) ?? [])
        : [],
    typedDrift: spec && status === 'complete' ? typedDriftFromMessage(question.typedDrift) : null,
  };
}
