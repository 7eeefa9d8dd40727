import {
  type BudgetView,
  MAX_QUESTION_LENGTH,
  MIN_QUESTION_LENGTH,
  type PastRun,
  productMessages,
  questionMessages,
  type TypedQuestionSpec,
  panelMessages,
} from '@chorus/contracts';
import { analyzeRun } from '@chorus/research';
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
  NotFound,
} from '@chorus/service-kit';
import { status as grpcStatus } from '@grpc/grpc-js';
import { budgetOf } from './budgets';
import { gaveUpReason, nextStep } from './domain/question-attempts';
import { questionAsked, questionDeleted, questionUpdated } from './events/published';
import type { ProductRow } from './store/products';
import type { QuestionRow, StudyRow } from './store/questions';
import {
  type QuestionDeps,
  answerers,
  changed,
  insertAsked,
  isPanelQuestion,
  withinBudget,
} from './question-asking';
import { markFailed, markProcessing, storeAnswer, storeProgress } from './question-events';
import { createStudy, getStudy, listStudies } from './studies';

const notRetryable = (status: string) =>
  `Only a question that could not be answered can be retried; this one is ${status}.`;

const notRerunnable = (status: string) =>
  `Only an answered question can be run again; this one is ${status}.`;

/** Earlier runs kept per question; older ones are dropped. */
const MAX_PREVIOUS_RUNS = 10;

/** A complete run kept beside the next one when a question is run again. */
function finishedRun(found: QuestionRow): PastRun[] {
  return found.run_details
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
}

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
  constructor(private readonly deps: QuestionDeps) {}

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
      panelId?: string;
      weightTo?: string;
    } = {},
  ): Promise<QuestionRow> {
    const questionText = text.trim();
    if (questionText.length < MIN_QUESTION_LENGTH) {
      throw new InvalidArgument(questionMessages.tooShort);
    }
    if (questionText.length > MAX_QUESTION_LENGTH) {
      throw new InvalidArgument(questionMessages.tooLong);
    }
    const { store, products } = this.deps;
    const product = await products.owned(userId, productId);
    const asked = await answerers(this.deps, product, options);
    await withinBudget(this.deps, product.id, options.estimatedCostUsd ?? 0);

    const question = await store.db
      .transaction((trx) =>
        insertAsked(this.deps, trx, asked, {
          user_id: product.user_id,
          product_id: product.id,
          question_text: questionText,
          persona_ids: [],
          check_wording: options.checkWording ?? false,
          progress_total: 0,
          spec: options.spec ?? null,
          study_id: options.studyId || null,
          weight_frame: (!options.panelId && options.weightTo) || null,
        }),
      )
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
   * inference in one transaction (see studies.ts).
   */
  createStudy(
    userId: string,
    productId: string,
    study: Parameters<typeof createStudy>[3],
  ): Promise<{ study: StudyRow; questions: QuestionRow[] }> {
    return createStudy(this.deps, userId, productId, study);
  }

  /** The product's studies, newest first, each with its questions. */
  listStudies(
    userId: string,
    productId: string,
  ): Promise<{ study: StudyRow; questions: QuestionRow[] }[]> {
    return listStudies(this.deps, userId, productId);
  }

  getStudy(
    userId: string,
    productId: string,
    studyId: string,
  ): Promise<{ study: StudyRow; questions: QuestionRow[] }> {
    return getStudy(this.deps, userId, productId, studyId);
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
      if (isPanelQuestion(found)) return this.askPanelAgain(trx, product, found, 'retry');
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
    await withinBudget(this.deps, product.id, estimatedCostUsd);
    const question = await store.db.transaction(async (trx) => {
      const found = questionId ? await store.lock(trx, questionId) : undefined;
      if (found?.product_id !== product.id) throw new NotFound(questionMessages.notFound);
      if (found.status !== 'complete') {
        throw new DomainError(grpcStatus.ABORTED, notRerunnable(found.status));
      }
      if (isPanelQuestion(found)) return this.askPanelAgain(trx, product, found, 'rerun');
      const { personas, business } = await personaContexts.ofQuestion(product, found.persona_ids);
      if (personas.length === 0) throw new FailedPrecondition(questionMessages.noPersonas);
      const finished = finishedRun(found);
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

  /**
   * A panel question asked again: a retry asks the parts of the same run not
   * answered yet; a re-run asks the panel's current version with the next
   * seed, the run so far kept beside it.
   */
  private async askPanelAgain(
    trx: Knex.Transaction,
    product: ProductRow,
    found: QuestionRow,
    how: 'retry' | 'rerun',
  ): Promise<QuestionRow> {
    const { store, panels, panelQuestions, personaContexts } = this.deps;
    if (!found.panel_id) throw new FailedPrecondition(panelMessages.deleted);
    const panel = await panels.ready(trx, product.id, found.panel_id);
    const version = how === 'retry' ? (found.panel_version ?? panel.version) : panel.version;
    const { panel_run } = panelQuestions.questionFields({ ...panel, version });
    const row =
      how === 'retry'
        ? await store.restart(trx, found.id, undefined, { version, run: panel_run })
        : await store.restart(
            trx,
            found.id,
            {
              seed: found.seed + 1,
              previous_runs: [...found.previous_runs, ...finishedRun(found)].slice(
                -MAX_PREVIOUS_RUNS,
              ),
              progress_total: panel.size,
            },
            { version, run: panel_run },
          );
    await panelQuestions.ask(trx, row, await personaContexts.businessOf(product));
    await questionUpdated(trx, row);
    return row;
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
        await changed(
          this.deps,
          trx,
          await store.update(trx, question.id, {
            status: 'error',
            error_reason: gaveUpReason(question.attempts),
          }),
        );
        gaveUp += 1;
      } else if (context.personas.length === 0 && !isPanelQuestion(question)) {
        await changed(
          this.deps,
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
        if (isPanelQuestion(row)) await this.deps.panelQuestions.ask(trx, row, context.business);
        else await questionAsked(trx, row, context.personas, context.business);
        askedAgain += 1;
      }
    }
    return { askedAgain, gaveUp };
  }

  // -------------------------------------------------------------------------
  // Inference's events, each inside the consumer's transaction (see question-events.ts).

  markProcessing(trx: Knex.Transaction, event: QuestionProcessing): Promise<void> {
    return markProcessing(this.deps, trx, event);
  }

  storeProgress(trx: Knex.Transaction, event: QuestionProgress): Promise<void> {
    return storeProgress(this.deps, trx, event);
  }

  storeAnswer(trx: Knex.Transaction, event: QuestionAnswered): Promise<void> {
    return storeAnswer(this.deps, trx, event);
  }

  markFailed(trx: Knex.Transaction, event: QuestionFailed): Promise<void> {
    return markFailed(this.deps, trx, event);
  }
}
