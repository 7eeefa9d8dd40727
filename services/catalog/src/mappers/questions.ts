// Questions, their follow-ups, studies, share links and the question budget:
// stored rows as their catalog messages.
import type { FollowUpTurn, QuestionBudget } from '@chorus/proto/catalog/v1/follow_ups';
import type { Question } from '@chorus/proto/catalog/v1/questions';
import type { LinkAnswer, QuestionLink, Study } from '@chorus/proto/catalog/v1/studies';
import { type BudgetView, runDetailsSchema } from '@chorus/contracts';
import type { RunDetails as RunDetailsMessage } from '@chorus/proto/inference/v1/answers';
import {
  analysisToMessage,
  driftToMessage,
  pastRunToMessage,
  personaResponseToMessage as responseToMessage,
  segmentCutToMessage,
  typedDriftToMessage,
  runDetailsToMessage,
  specToMessage,
  typedAnswerToMessage,
  typedResultToMessage,
  panelRunToMessage,
} from '@chorus/service-kit/wire';
import type { CountedLinkRow, LinkAnswerRow } from '../store/question-links';
import type { FollowUpTurnRow } from '../store/follow-ups';
import type { QuestionRow, StudyRow } from '../store/questions';

function toFollowUpTurn(turn: FollowUpTurnRow): FollowUpTurn {
  return {
    id: turn.id,
    personaId: turn.persona_id,
    personaName: turn.persona_name,
    role: turn.role,
    text: turn.text,
    status: turn.status,
    error: turn.error ?? '',
    createdAt: turn.created_at,
  };
}

/** A stored run's details as their message; none for a row the schema no longer reads. */
function storedRun(stored: unknown): RunDetailsMessage | undefined {
  const parsed = runDetailsSchema.safeParse(stored);
  return parsed.success ? runDetailsToMessage(parsed.data) : undefined;
}

export function toQuestion(row: QuestionRow, turns: readonly FollowUpTurnRow[] = []): Question {
  return {
    followUps: turns.map(toFollowUpTurn),
    id: row.id,
    productId: row.product_id,
    userId: row.user_id,
    questionText: row.question_text,
    status: row.status,
    responses: row.responses.map(responseToMessage),
    aggregatedResults: row.aggregated_results ?? undefined,
    errorReason: row.error_reason ?? '',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    seed: row.seed,
    checkWording: row.check_wording,
    runDetails: storedRun(row.run_details),
    previousRuns: row.previous_runs.flatMap((past) => {
      const run = runDetailsSchema.safeParse(past.run);
      return run.success ? [pastRunToMessage({ ...past, run: run.data })] : [];
    }),
    progressTotal: row.progress_total,
    analysis: row.analysis ? analysisToMessage(row.analysis) : undefined,
    drift: row.drift ? driftToMessage(row.drift) : undefined,
    spec: specToMessage(row.spec),
    typedResult: row.typed_result ? typedResultToMessage(row.typed_result) : undefined,
    studyId: row.study_id ?? '',
    segmentCuts: (row.segment_cuts ?? []).map(segmentCutToMessage),
    typedDrift: row.typed_drift ? typedDriftToMessage(row.typed_drift) : undefined,
    panel: row.panel_run ? panelRunToMessage(row.panel_run) : undefined,
  };
}

export function toQuestionLink(link: CountedLinkRow): QuestionLink {
  return {
    id: link.id,
    productId: link.product_id,
    studyId: link.study_id ?? undefined,
    questionIds: link.question_ids,
    title: link.title,
    isActive: link.is_active,
    createdAt: link.created_at,
    expiresAt: link.expires_at,
    responseCount: link.response_count,
  };
}

export function toLinkAnswer(row: LinkAnswerRow): LinkAnswer {
  return { questionId: row.questionId, answer: typedAnswerToMessage(row.answer) };
}

/** A study and its questions (without their follow-ups: the questions page has those). */
export function toStudy({
  study,
  questions,
}: {
  study: StudyRow;
  questions: QuestionRow[];
}): Study {
  return {
    id: study.id,
    productId: study.product_id,
    name: study.name,
    offer: study.offer,
    createdAt: study.created_at,
    questions: questions.map((q) => toQuestion(q)),
  };
}

export function toBudget(budget: BudgetView): QuestionBudget {
  return {
    hasBudget: budget.monthlyBudgetUsd !== null,
    monthlyBudgetUsd: budget.monthlyBudgetUsd ?? 0,
    spentThisMonthUsd: budget.spentThisMonthUsd,
    questionsThisMonth: budget.questionsThisMonth,
  };
}
