import {
  MAX_QUESTION_LENGTH,
  MIN_QUESTION_LENGTH,
  productMessages,
  questionMessages,
} from '@chorus/contracts';
import type {
  QuestionAnswered,
  QuestionFailed,
  QuestionProcessing,
} from '@chorus/proto/events/v1/events';
import {
  FailedPrecondition,
  InvalidArgument,
  type Knex,
  type Logger,
  NotFound,
  type OutboxRelay,
} from '@chorus/service-kit';
import { checkedAnswer } from './domain/answers';
import { questionAsked, questionDeleted, questionUpdated } from './events/published';
import type { PersonaContexts } from './persona-context';
import type { Products } from './products';
import type { QuestionRow, QuestionStore } from './store/questions';

/** Reasons shown to the customer are kept short. */
const MAX_REASON_LENGTH = 500;

export const answerUnreadable =
  "The personas' answers could not be read. Please ask the question again.";

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
  async ask(userId: string, productId: string, text: string): Promise<QuestionRow> {
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

    const question = await store.db
      .transaction(async (trx) => {
        const row = await store.insert(trx, {
          user_id: product.user_id,
          product_id: product.id,
          question_text: questionText,
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

  /** Stores the answers once; a second answer for a finished question is ignored. */
  async storeAnswer(trx: Knex.Transaction, event: QuestionAnswered): Promise<void> {
    const { store, logger } = this.deps;
    const question = await store.lock(trx, event.questionId);
    if (!question) {
      logger.info({ questionId: event.questionId }, 'answer for a deleted question; ignored');
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
    await this.changed(
      trx,
      await store.update(trx, question.id, {
        status: 'complete',
        responses: checked.responses,
        aggregated_results: checked.aggregated,
        error_reason: null,
      }),
    );
  }

  async markFailed(trx: Knex.Transaction, event: QuestionFailed): Promise<void> {
    const question = await this.deps.store.lock(trx, event.questionId);
    if (!question || question.status === 'complete' || question.status === 'error') return;
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
