// Inference's events about a question, each handled inside the consumer's
// transaction: processing, answers so far, the answer and a failure.
import { FIRST_RUN_SEED, type PersonaResponse, runDetailsSchema } from '@chorus/contracts';
import { typedDrift, typedResultOf } from '@chorus/research';
import { chosenPersonasRun } from './domain/panel-run';
import { analysisOfRun } from './domain/question-analysis';
import { segmentCutsOf } from './domain/segment-cuts';
import type {
  QuestionAnswered,
  QuestionFailed,
  QuestionProcessing,
  QuestionProgress,
} from '@chorus/proto/events/v1/events';
import type { Knex } from '@chorus/service-kit';
import { runDetailsFromMessage } from '@chorus/service-kit/wire';
import { checkedAnswer, checkedResponses } from './domain/answers';
import type { QuestionRow } from './store/questions';
import { type QuestionDeps, changed, isPanelQuestion } from './question-asking';

/** Reasons shown to the customer are kept short. */
const MAX_REASON_LENGTH = 500;

export const answerUnreadable =
  "The personas' answers could not be read. Please ask the question again.";

/**
 * A typed question's figures of a run, computed once when its answers are
 * stored: the figures, their cuts by persona trait, and the headline against
 * the run before.
 */
function typedOfRun(
  question: QuestionRow,
  responses: readonly PersonaResponse[],
): Pick<QuestionRow, 'typed_result' | 'segment_cuts' | 'typed_drift'> {
  if (!question.spec) return { typed_result: null, segment_cuts: [], typed_drift: null };
  const typedResult = typedResultOf(
    question.spec,
    responses.flatMap((r) => (r.typed ? [r.typed] : [])),
    question.seed,
  );
  const before = question.previous_runs.at(-1)?.typedResult;
  return {
    typed_result: typedResult,
    segment_cuts: segmentCutsOf(question.spec, responses, question.seed),
    typed_drift: before ? typedDrift(before, typedResult) : null,
  };
}

/** A seed of 0 (events written before runs) is the first run's. */
const seedOf = (seed: number | undefined) => seed || FIRST_RUN_SEED;

export async function markProcessing(
  deps: QuestionDeps,
  trx: Knex.Transaction,
  event: QuestionProcessing,
): Promise<void> {
  const question = await deps.store.lock(trx, event.questionId);
  if (question?.status !== 'pending') return;
  await changed(deps, trx, await deps.store.update(trx, question.id, { status: 'processing' }));
}

/**
 * Stores the answers given so far of the current run, so the page shows
 * them as they come ("7 of 10 answered"). Progress of another run, or of a
 * finished question, is ignored.
 */
export async function storeProgress(
  deps: QuestionDeps,
  trx: Knex.Transaction,
  event: QuestionProgress,
): Promise<void> {
  const { store, logger } = deps;
  const question = await store.lock(trx, event.questionId);
  if (!question || (question.status !== 'pending' && question.status !== 'processing')) return;
  if (seedOf(event.seed) !== question.seed || isPanelQuestion(question)) return;
  const checked = checkedResponses(event.responses);
  if (!checked.ok) {
    logger.warn({ questionId: question.id, problem: checked.problem }, 'progress ignored');
    return;
  }
  const known = new Set(question.responses.map((r) => r.personaId));
  const added = checked.responses.filter((r) => !known.has(r.personaId));
  if (added.length === 0) return;
  await changed(
    deps,
    trx,
    await store.update(trx, question.id, {
      status: 'processing',
      responses: [...question.responses, ...added],
      progress_total: event.total || question.progress_total,
    }),
  );
}

/** Stores the answers once; a second answer for a finished question is ignored. */
export async function storeAnswer(
  deps: QuestionDeps,
  trx: Knex.Transaction,
  event: QuestionAnswered,
): Promise<void> {
  const { store, logger } = deps;
  const question = await store.lock(trx, event.questionId);
  if (!question) {
    logger.info({ questionId: event.questionId }, 'answer for a deleted question; ignored');
    return;
  }
  if (seedOf(event.seed) !== question.seed) {
    logger.info({ questionId: question.id }, 'answer of an earlier run; ignored');
    return;
  }
  if (question.status === 'complete' || question.status === 'error') {
    logger.info(
      { questionId: question.id, status: question.status },
      'question already answered; repeated answer ignored',
    );
    return;
  }
  if (isPanelQuestion(question) || event.part) {
    const outcome = await deps.panelQuestions.storePart(trx, question, event);
    if (outcome) await changed(deps, trx, await store.update(trx, question.id, outcome));
    return;
  }
  const checked = checkedAnswer(event.responses, event.aggregatedResults);
  if (!checked.ok) {
    logger.warn(
      { questionId: question.id, problem: checked.problem },
      'inference answer failed the response schema; question set to error',
    );
    await changed(
      deps,
      trx,
      await store.update(trx, question.id, { status: 'error', error_reason: answerUnreadable }),
    );
    return;
  }
  const run = event.runDetails
    ? runDetailsSchema.safeParse(runDetailsFromMessage(event.runDetails))
    : undefined;
  if (run && !run.success) {
    logger.warn(
      { questionId: question.id, problem: run.error.issues[0]?.message },
      'run details failed their schema; stored without them',
    );
  }
  const details = run?.success ? run.data : null;
  if (details) {
    await store.recordUsage(trx, {
      productId: question.product_id,
      questionId: question.id,
      seed: question.seed,
      costUsd: details.costUsd ?? 0,
      ...details.usage,
    });
  }
  await changed(
    deps,
    trx,
    await store.update(trx, question.id, {
      status: 'complete',
      responses: checked.responses,
      aggregated_results: checked.aggregated,
      error_reason: null,
      run_details: details,
      progress_total: checked.responses.length,
      ...analysisOfRun({
        questionText: question.question_text,
        responses: checked.responses,
        runDetails: details,
        previousRuns: question.previous_runs,
      }),
      ...typedOfRun(question, checked.responses),
      ...(question.weight_frame
        ? { panel_run: await weightedToFrame(deps, question, checked.responses) }
        : {}),
    }),
  );
}

/**
 * The chosen personas' answers weighted to the population the customer
 * named: each persona's traits read from what it says of itself, raked to
 * the population's shares (or, when a group of the population has no
 * persona, left unweighted with the reason and the gaps).
 */
async function weightedToFrame(
  deps: QuestionDeps,
  question: QuestionRow,
  responses: readonly PersonaResponse[],
) {
  const { products, personaContexts } = deps;
  const product = await products.owned(question.user_id, question.product_id);
  const { personas } = await personaContexts.ofQuestion(product, question.persona_ids);
  return chosenPersonasRun(question.weight_frame!, personas, responses);
}

export async function markFailed(
  deps: QuestionDeps,
  trx: Knex.Transaction,
  event: QuestionFailed,
): Promise<void> {
  const question = await deps.store.lock(trx, event.questionId);
  if (!question || question.status === 'complete' || question.status === 'error') return;
  if (seedOf(event.seed) !== question.seed) return;
  const reason = event.reason.trim().slice(0, MAX_REASON_LENGTH) || 'Answering failed.';
  await changed(
    deps,
    trx,
    await deps.store.update(trx, question.id, { status: 'error', error_reason: reason }),
  );
}
