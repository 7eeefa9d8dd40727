import {
  budgetRefusal,
  type BudgetView,
  FIRST_RUN_SEED,
  MAX_QUESTION_LENGTH,
  MIN_QUESTION_LENGTH,
  type PastRun,
  type PersonaResponse,
  productMessages,
  questionMessages,
  runDetailsSchema,
  MAX_STUDY_QUESTIONS,
  studyMessages,
  type TypedQuestionSpec,
  typedQuestionMessages,
} from '@chorus/contracts';
import { analyzeRun, typedDrift, typedResultOf } from '@chorus/research';
import { analysisOfRun } from './domain/question-analysis';
import { segmentCutsOf } from './domain/segment-cuts';
import type {
  QuestionAnswered,
  QuestionFailed,
  QuestionProcessing,
  QuestionProgress,
} from '@chorus/proto/events/v1/events';
import {
  DomainError,
  FailedPrecondition,
  InvalidArgument,
  type Knex,
  type Logger,
  NotFound,
  type OutboxRelay,
} from '@chorus/service-kit';
import { runDetailsFromMessage } from '@chorus/service-kit/wire';
import { status as grpcStatus } from '@grpc/grpc-js';
import { checkedAnswer, checkedResponses } from './domain/answers';
import { gaveUpReason, nextStep } from './domain/question-attempts';
import { questionAsked, questionDeleted, questionUpdated } from './events/published';
import type { PersonaContexts } from './persona-context';
import type { Products } from './products';
import type { QuestionRow, QuestionStore, StudyRow } from './store/questions';

/** Reasons shown to the customer are kept short. */
const MAX_REASON_LENGTH = 500;

export const answerUnreadable =
  "The personas' answers could not be read. Please ask the question again.";

export const notRetryable = (status: string) =>
  `Only a question that could not be answered can be retried; this one is ${status}.`;

export const notRerunnable = (status: string) =>
  `Only an answered question can be run again; this one is ${status}.`;

/** Earlier runs kept per question; older ones are dropped. */
export const MAX_PREVIOUS_RUNS = 10;

/** A budget refusal: the product's monthly budget for questions is spent. */
export class BudgetReached extends DomainError {
  constructor(message: string) {
    super(grpcStatus.RESOURCE_EXHAUSTED, message);
  }
}

/** The product's monthly budget and what its questions and follow-ups cost this month. */
export async function budgetOf(store: QuestionStore, productId: string): Promise<BudgetView> {
  const row = await store.budget(productId);
  return {
    monthlyBudgetUsd: row.monthly_budget_usd,
    spentThisMonthUsd: row.spent_this_month_usd,
    questionsThisMonth: row.questions_this_month,
  };
}

/** Refuses work the month's budget cannot pay for (RESOURCE_EXHAUSTED, 429). */
export async function refuseOverBudget(
  store: QuestionStore,
  productId: string,
  estimatedCostUsd: number,
): Promise<void> {
  const refusal = budgetRefusal(await budgetOf(store, productId), Math.max(estimatedCostUsd, 0));
  if (refusal) throw new BudgetReached(refusal);
}

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

/** When the sweep asks again and when it gives up (see domain/question-attempts.ts). */
export interface AttemptPolicy {
  retryAfterMs: number;
  maxAttempts: number;
}

/** Questions looked at per sweep transaction, so no sweep holds many rows for long. */
const SWEEP_BATCH = 50;

/**
 * Strategic questions: asked by the product's owner, answered by persona
 * inference through events. The status only moves forward (pending ->
 * processing -> complete | error), so a repeated or late event from
 * inference (Kafka delivers at least once) changes nothing.
 */
export class Questions {
  constructor(
    private readonly deps: {
      store: QuestionStore;
      products: Products;
      personaContexts: PersonaContexts;
      relay: OutboxRelay;
      logger: Logger;
    },
  ) {}

  /** Stores the question pending and hands it to inference with the personas and the profile. */
  async ask(
    userId: string,
    productId: string,
    text: string,
    options: {
      checkWording?: boolean;
      estimatedCostUsd?: number;
      /** A typed question's settings, checked by the gateway against the contracts' schema. */
      spec?: TypedQuestionSpec | null;
      studyId?: string;
    } = {},
  ): Promise<QuestionRow> {
    const questionText = text.trim();
    if (questionText.length < MIN_QUESTION_LENGTH) {
      throw new InvalidArgument(questionMessages.tooShort);
    }
    if (questionText.length > MAX_QUESTION_LENGTH) {
      throw new InvalidArgument(questionMessages.tooLong);
    }
    const { store, products, personaContexts } = this.deps;
    const product = await products.owned(userId, productId);
    const { personas, business } = await personaContexts.of(product);
    if (personas.length === 0) throw new FailedPrecondition(questionMessages.noPersonas);
    await this.withinBudget(product.id, options.estimatedCostUsd ?? 0);

    const question = await store.db
      .transaction(async (trx) => {
        const row = await store.insert(trx, {
          user_id: product.user_id,
          product_id: product.id,
          question_text: questionText,
          persona_ids: personas.map((persona) => persona.personaId),
          check_wording: options.checkWording ?? false,
          progress_total: personas.length,
          spec: options.spec ?? null,
          study_id: options.studyId || null,
        });
        await questionAsked(trx, row, personas, business);
        await questionUpdated(trx, row);
        return row;
      })
      .catch((error: unknown) => {
        // The product was deleted between the ownership check and the insert.
        if ((error as { code?: string }).code === '23503') {
          throw new NotFound(productMessages.notFound);
        }
        throw error;
      });
    this.deps.relay.nudge();
    return question;
  }

  /**
   * A study: its typed questions about one offer stored and handed to
   * inference in one transaction, so a study is asked whole or not at all.
   * The gateway checked every question against the contracts' schemas.
   */
  async createStudy(
    userId: string,
    productId: string,
    study: {
      name: string;
      offer: string;
      questions: { questionText: string; spec: TypedQuestionSpec | null }[];
      estimatedCostUsd?: number;
    },
  ): Promise<{ study: StudyRow; questions: QuestionRow[] }> {
    const name = study.name.trim();
    if (!name) throw new InvalidArgument(typedQuestionMessages.studyName);
    if (study.questions.length < 1 || study.questions.length > MAX_STUDY_QUESTIONS) {
      throw new InvalidArgument(typedQuestionMessages.studyQuestions);
    }
    for (const asked of study.questions) {
      const text = asked.questionText.trim();
      if (text.length < MIN_QUESTION_LENGTH) throw new InvalidArgument(questionMessages.tooShort);
      if (text.length > MAX_QUESTION_LENGTH) throw new InvalidArgument(questionMessages.tooLong);
    }
    const { store, products, personaContexts } = this.deps;
    const product = await products.owned(userId, productId);
    const { personas, business } = await personaContexts.of(product);
    if (personas.length === 0) throw new FailedPrecondition(questionMessages.noPersonas);
    await this.withinBudget(product.id, study.estimatedCostUsd ?? 0);
    const stored = await store.db.transaction(async (trx) => {
      const row = await store.insertStudy(trx, {
        product_id: product.id,
        user_id: product.user_id,
        name: name.slice(0, 200),
        offer: study.offer.trim().slice(0, 300),
      });
      const questions: QuestionRow[] = [];
      for (const [position, asked] of study.questions.entries()) {
        const question = await store.insert(trx, {
          user_id: product.user_id,
          product_id: product.id,
          question_text: asked.questionText.trim(),
          persona_ids: personas.map((persona) => persona.personaId),
          check_wording: false,
          progress_total: personas.length,
          spec: asked.spec,
          study_id: row.id,
          study_position: position,
        });
        await questionAsked(trx, question, personas, business);
        await questionUpdated(trx, question);
        questions.push(question);
      }
      return { study: row, questions };
    });
    this.deps.relay.nudge();
    return stored;
  }

  /** The product's studies, newest first, each with its questions. */
  async listStudies(
    userId: string,
    productId: string,
  ): Promise<{ study: StudyRow; questions: QuestionRow[] }[]> {
    await this.deps.products.owned(userId, productId);
    const studies = await this.deps.store.listStudies(productId);
    const questions = await this.deps.store.listForStudies(studies.map((s) => s.id));
    return studies.map((study) => ({
      study,
      questions: questions.filter((q) => q.study_id === study.id),
    }));
  }

  async getStudy(
    userId: string,
    productId: string,
    studyId: string,
  ): Promise<{ study: StudyRow; questions: QuestionRow[] }> {
    await this.deps.products.owned(userId, productId);
    const study = studyId ? await this.deps.store.findStudy(productId, studyId) : undefined;
    if (!study) throw new NotFound(studyMessages.notFound);
    return { study, questions: await this.deps.store.listForStudies([study.id]) };
  }

  async list(userId: string, productId: string): Promise<QuestionRow[]> {
    await this.deps.products.owned(userId, productId);
    return this.deps.store.listForProduct(productId);
  }

  async get(userId: string, productId: string, questionId: string): Promise<QuestionRow> {
    await this.deps.products.owned(userId, productId);
    const question = questionId ? await this.deps.store.find(productId, questionId) : undefined;
    if (!question) throw new NotFound(questionMessages.notFound);
    return question;
  }

  async delete(userId: string, productId: string, questionId: string): Promise<void> {
    await this.deps.products.owned(userId, productId);
    const { store } = this.deps;
    await store.db.transaction(async (trx) => {
      const deleted = questionId ? await store.delete(trx, productId, questionId) : undefined;
      if (!deleted) throw new NotFound(questionMessages.notFound);
      await questionDeleted(trx, deleted);
    });
    this.deps.relay.nudge();
  }

  /**
   * The customer's Retry on a question in error: the same text to the same
   * personas (those the product still has), pending again with its attempts
   * counted from one. Anything but a question in error answers ABORTED
   * (409), so a double click asks once.
   */
  async retry(userId: string, productId: string, questionId: string): Promise<QuestionRow> {
    const { store, products, personaContexts } = this.deps;
    const product = await products.owned(userId, productId);
    const question = await store.db.transaction(async (trx) => {
      const found = questionId ? await store.lock(trx, questionId) : undefined;
      if (found?.product_id !== product.id) throw new NotFound(questionMessages.notFound);
      if (found.status !== 'error') {
        throw new DomainError(grpcStatus.ABORTED, notRetryable(found.status));
      }
      const { personas, business } = await personaContexts.ofQuestion(product, found.persona_ids);
      if (personas.length === 0) throw new FailedPrecondition(questionMessages.noPersonas);
      const row = await store.restart(trx, found.id);
      await questionAsked(trx, row, personas, business);
      await questionUpdated(trx, row);
      return row;
    });
    this.deps.relay.nudge();
    return question;
  }

  /**
   * Re-run: asks a complete question again with the next seed, the current
   * model, profile and personas (those the product still has), as a new run
   * of the same question; the run so far is kept beside it. Anything but a
   * complete question answers ABORTED (409), so a double click runs once.
   */
  async rerun(
    userId: string,
    productId: string,
    questionId: string,
    estimatedCostUsd = 0,
  ): Promise<QuestionRow> {
    const { store, products, personaContexts } = this.deps;
    const product = await products.owned(userId, productId);
    await this.withinBudget(product.id, estimatedCostUsd);
    const question = await store.db.transaction(async (trx) => {
      const found = questionId ? await store.lock(trx, questionId) : undefined;
      if (found?.product_id !== product.id) throw new NotFound(questionMessages.notFound);
      if (found.status !== 'complete') {
        throw new DomainError(grpcStatus.ABORTED, notRerunnable(found.status));
      }
      const { personas, business } = await personaContexts.ofQuestion(product, found.persona_ids);
      if (personas.length === 0) throw new FailedPrecondition(questionMessages.noPersonas);
      const finished: PastRun[] = found.run_details
        ? [
            {
              run: found.run_details,
              aggregatedResults: found.aggregated_results!,
              // The estimate the page showed for this run, kept beside the next.
              estimate:
                found.analysis?.estimate ??
                analyzeRun(found.responses, found.run_details)?.estimate ??
                null,
              completedAt: found.updated_at.toISOString(),
              typedResult: found.typed_result,
            },
          ]
        : [];
      const row = await store.restart(trx, found.id, {
        seed: found.seed + 1,
        previous_runs: [...found.previous_runs, ...finished].slice(-MAX_PREVIOUS_RUNS),
        progress_total: personas.length,
      });
      await questionAsked(trx, row, personas, business);
      await questionUpdated(trx, row);
      return row;
    });
    this.deps.relay.nudge();
    return question;
  }

  /** The product's budget for questions and this month's spend. */
  async budget(userId: string, productId: string): Promise<BudgetView> {
    const product = await this.deps.products.owned(userId, productId);
    return this.budgetOf(product.id);
  }

  async setBudget(
    userId: string,
    productId: string,
    monthlyBudgetUsd: number | null,
  ): Promise<BudgetView> {
    const product = await this.deps.products.owned(userId, productId);
    if (monthlyBudgetUsd !== null && !(monthlyBudgetUsd >= 0 && monthlyBudgetUsd <= 100_000)) {
      throw new InvalidArgument('Budget must be between $0 and $100,000');
    }
    await this.deps.store.setBudget(product.id, monthlyBudgetUsd);
    return this.budgetOf(product.id);
  }

  private budgetOf(productId: string): Promise<BudgetView> {
    return budgetOf(this.deps.store, productId);
  }

  private withinBudget(productId: string, estimatedCostUsd: number): Promise<void> {
    return refuseOverBudget(this.deps.store, productId, estimatedCostUsd);
  }

  /**
   * Asks again every question that waited past the bound for an answer, and
   * sets to error, with a reason the customer can read, those asked
   * `maxAttempts` times already. Returns how many of each.
   */
  async sweep(
    trx: Knex.Transaction,
    policy: AttemptPolicy,
  ): Promise<{ askedAgain: number; gaveUp: number }> {
    const { store, products, personaContexts, logger } = this.deps;
    const overdue = await store.overdue(trx, policy.retryAfterMs, SWEEP_BATCH);
    let askedAgain = 0;
    let gaveUp = 0;
    for (const question of overdue) {
      const product = await products
        .owned(question.user_id, question.product_id)
        .catch((error: unknown) => {
          if (error instanceof NotFound) return undefined;
          throw error;
        });
      // A product being deleted takes its questions with it.
      if (!product) continue;
      const context = await personaContexts.ofQuestion(product, question.persona_ids);
      if (nextStep(question.attempts, policy.maxAttempts) === 'give-up') {
        logger.warn(
          { questionId: question.id, attempts: question.attempts },
          'question not answered after every attempt; set to error',
        );
        await this.changed(
          trx,
          await store.update(trx, question.id, {
            status: 'error',
            error_reason: gaveUpReason(question.attempts),
          }),
        );
        gaveUp += 1;
      } else if (context.personas.length === 0) {
        await this.changed(
          trx,
          await store.update(trx, question.id, {
            status: 'error',
            error_reason: questionMessages.noPersonas,
          }),
        );
        gaveUp += 1;
      } else {
        logger.info(
          { questionId: question.id, attempt: question.attempts + 1 },
          'question waited too long for its answer; asked again',
        );
        const row = await store.askedAgain(trx, question.id);
        await questionAsked(trx, row, context.personas, context.business);
        askedAgain += 1;
      }
    }
    return { askedAgain, gaveUp };
  }

  // -------------------------------------------------------------------------
  // Inference's events, each inside the consumer's transaction.

  async markProcessing(trx: Knex.Transaction, event: QuestionProcessing): Promise<void> {
    const question = await this.deps.store.lock(trx, event.questionId);
    if (question?.status !== 'pending') return;
    await this.changed(
      trx,
      await this.deps.store.update(trx, question.id, { status: 'processing' }),
    );
  }

  /**
   * Stores the answers given so far of the current run, so the page shows
   * them as they come ("7 of 10 answered"). Progress of another run, or of a
   * finished question, is ignored.
   */
  async storeProgress(trx: Knex.Transaction, event: QuestionProgress): Promise<void> {
    const { store, logger } = this.deps;
    const question = await store.lock(trx, event.questionId);
    if (!question || (question.status !== 'pending' && question.status !== 'processing')) return;
    if (seedOf(event.seed) !== question.seed) return;
    const checked = checkedResponses(event.responses);
    if (!checked.ok) {
      logger.warn({ questionId: question.id, problem: checked.problem }, 'progress ignored');
      return;
    }
    const known = new Set(question.responses.map((r) => r.personaId));
    const added = checked.responses.filter((r) => !known.has(r.personaId));
    if (added.length === 0) return;
    await this.changed(
      trx,
      await store.update(trx, question.id, {
        status: 'processing',
        responses: [...question.responses, ...added],
        progress_total: event.total || question.progress_total,
      }),
    );
  }

  /** Stores the answers once; a second answer for a finished question is ignored. */
  async storeAnswer(trx: Knex.Transaction, event: QuestionAnswered): Promise<void> {
    const { store, logger } = this.deps;
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
    const checked = checkedAnswer(event.responses, event.aggregatedResults);
    if (!checked.ok) {
      logger.warn(
        { questionId: question.id, problem: checked.problem },
        'inference answer failed the response schema; question set to error',
      );
      await this.changed(
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
    await this.changed(
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
      }),
    );
  }

  async markFailed(trx: Knex.Transaction, event: QuestionFailed): Promise<void> {
    const question = await this.deps.store.lock(trx, event.questionId);
    if (!question || question.status === 'complete' || question.status === 'error') return;
    if (seedOf(event.seed) !== question.seed) return;
    const reason = event.reason.trim().slice(0, MAX_REASON_LENGTH) || 'Answering failed.';
    await this.changed(
      trx,
      await this.deps.store.update(trx, question.id, { status: 'error', error_reason: reason }),
    );
  }

  /** Announces the stored state, and publishes it as soon as the transaction commits. */
  private async changed(trx: Knex.Transaction, question: QuestionRow): Promise<void> {
    await questionUpdated(trx, question);
    void trx.executionPromise.then(
      () => this.deps.relay.nudge(),
      () => undefined,
    );
  }
}
