import {
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
  panelMessages,
} from '@chorus/contracts';
import { analyzeRun, typedDrift, typedResultOf } from '@chorus/research';
import { chosenPersonasRun } from './domain/panel-run';
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
import { budgetOf, refuseOverBudget } from './budgets';
import { checkedAnswer, checkedResponses } from './domain/answers';
import { gaveUpReason, nextStep } from './domain/question-attempts';
import { questionAsked, questionDeleted, questionUpdated } from './events/published';
import type { PanelQuestions } from './panel-questions';
import type { Panels } from './panels';
import type { PersonaContexts } from './persona-context';
import type { ProductRow } from './store/products';
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

/** Asked of a market panel (its parts and answers are PanelQuestions'). */
const isPanelQuestion = (question: QuestionRow) => question.panel_version !== null;

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
      panels: Panels;
      panelQuestions: PanelQuestions;
      relay: OutboxRelay;
      logger: Logger;
    },
  ) {}

  /**
   * Who answers a new question: the product's chosen personas, or a ready
   * market panel (its personas are asked in parts; see PanelQuestions).
   */
  private async answerers(
    product: ProductRow,
    options: { panelId?: string | undefined; checkWording?: boolean | undefined },
  ) {
    const { personaContexts, panels, store } = this.deps;
    if (options.panelId) {
      if (options.checkWording) throw new InvalidArgument(panelMessages.noWordingCheck);
      const panel = await panels.ready(store.db, product.id, options.panelId);
      return { panel, personas: [], business: await personaContexts.businessOf(product) };
    }
    const { personas, business } = await personaContexts.of(product);
    if (personas.length === 0) throw new FailedPrecondition(questionMessages.noPersonas);
    return { panel: undefined, personas, business };
  }

  /** Stores a new question and hands it to inference: whole, or in parts for a panel. */
  private async insertAsked(
    trx: Knex.Transaction,
    asked: Awaited<ReturnType<Questions['answerers']>>,
    question: Parameters<QuestionStore['insert']>[1],
  ): Promise<QuestionRow> {
    const { store, panelQuestions } = this.deps;
    const { panel, personas, business } = asked;
    const row = await store.insert(trx, {
      ...question,
      persona_ids: panel ? [] : personas.map((persona) => persona.personaId),
      progress_total: panel ? panel.size : personas.length,
      ...(panel ? panelQuestions.questionFields(panel) : {}),
    });
    if (panel) await panelQuestions.ask(trx, row, business);
    else await questionAsked(trx, row, personas, business);
    await questionUpdated(trx, row);
    return row;
  }

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
    const asked = await this.answerers(product, options);
    await this.withinBudget(product.id, options.estimatedCostUsd ?? 0);

    const question = await store.db
      .transaction((trx) =>
        this.insertAsked(trx, asked, {
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
      panelId?: string | undefined;
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
    const { store, products } = this.deps;
    const product = await products.owned(userId, productId);
    const asked = await this.answerers(product, { panelId: study.panelId });
    await this.withinBudget(product.id, study.estimatedCostUsd ?? 0);
    const stored = await store.db.transaction(async (trx) => {
      const row = await store.insertStudy(trx, {
        product_id: product.id,
        user_id: product.user_id,
        name: name.slice(0, 200),
        offer: study.offer.trim().slice(0, 300),
      });
      const questions: QuestionRow[] = [];
      for (const [position, question] of study.questions.entries()) {
        questions.push(
          await this.insertAsked(trx, asked, {
            user_id: product.user_id,
            product_id: product.id,
            question_text: question.questionText.trim(),
            persona_ids: [],
            check_wording: false,
            progress_total: 0,
            spec: question.spec,
            study_id: row.id,
            study_position: position,
          }),
        );
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
    await this.withinBudget(product.id, estimatedCostUsd);
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
      } else if (context.personas.length === 0 && !isPanelQuestion(question)) {
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
        if (isPanelQuestion(row)) await this.deps.panelQuestions.ask(trx, row, context.business);
        else await questionAsked(trx, row, context.personas, context.business);
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
    if (seedOf(event.seed) !== question.seed || isPanelQuestion(question)) return;
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
    if (isPanelQuestion(question) || event.part) {
      const outcome = await this.deps.panelQuestions.storePart(trx, question, event);
      if (outcome) await this.changed(trx, await store.update(trx, question.id, outcome));
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
        ...(question.weight_frame
          ? { panel_run: await this.weightedToFrame(question, checked.responses) }
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
  private async weightedToFrame(question: QuestionRow, responses: readonly PersonaResponse[]) {
    const { products, personaContexts } = this.deps;
    const product = await products.owned(question.user_id, question.product_id);
    const { personas } = await personaContexts.ofQuestion(product, question.persona_ids);
    return chosenPersonasRun(question.weight_frame!, personas, responses);
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
