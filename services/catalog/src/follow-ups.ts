import { personaResponseToMessage } from '@chorus/service-kit/wire';
import { followUpMessages, MAX_FOLLOW_UP_LENGTH, questionMessages } from '@chorus/contracts';
import type { FollowUpContext } from '@chorus/proto/catalog/v1/follow_ups';
import {
  FailedPrecondition,
  InvalidArgument,
  type Knex,
  NotFound,
  type OutboxRelay,
} from '@chorus/service-kit';
import { questionUpdated } from './events/published';
import type { PersonaContexts } from './persona-context';
import type { Products } from './products';
import type { FollowUpStore, FollowUpTurnRow } from './store/follow-ups';
import { refuseOverBudget } from './budgets';
import type { QuestionRow, QuestionStore } from './store/questions';

/**
 * Follow-up interviews on an answered question. The catalog keeps every
 * turn with the question (deleted with it) and hands the gateway what
 * inference needs to write each reply: the persona, the profile, the
 * question, the persona's earlier answer and the conversation so far.
 */
export class FollowUps {
  constructor(
    private readonly deps: {
      store: FollowUpStore;
      questions: QuestionStore;
      products: Products;
      personaContexts: PersonaContexts;
      relay: OutboxRelay;
    },
  ) {}

  /** The turns of these questions, by question id. */
  async of(questionIds: readonly string[]): Promise<Map<string, FollowUpTurnRow[]>> {
    const byQuestion = new Map<string, FollowUpTurnRow[]>();
    for (const turn of await this.deps.store.forQuestions(questionIds)) {
      const turns = byQuestion.get(turn.question_id) ?? [];
      turns.push(turn);
      byQuestion.set(turn.question_id, turns);
    }
    return byQuestion;
  }

  /**
   * Stores the asker's message and a reply being written for each persona
   * asked (every persona that answered, when none is named); a retry writes
   * a new reply to the message of the one that was cut off, which it replaces.
   */
  async start(request: {
    userId: string;
    productId: string;
    questionId: string;
    personaIds: string[];
    message: string;
    retryOf: string;
  }): Promise<FollowUpContext[]> {
    const { store, questions, products, personaContexts } = this.deps;
    const product = await products.owned(request.userId, request.productId);
    const question = request.questionId
      ? await questions.find(product.id, request.questionId)
      : undefined;
    if (!question) throw new NotFound(questionMessages.notFound);
    if (question.status !== 'complete') throw new FailedPrecondition(followUpMessages.notAnswered);
    const message = request.message.trim();
    if (!request.retryOf && !message) throw new InvalidArgument(followUpMessages.empty);
    if (message.length > MAX_FOLLOW_UP_LENGTH) throw new InvalidArgument(followUpMessages.tooLong);
    // A month whose budget is spent takes no more follow-ups either.
    await refuseOverBudget(questions, product.id, 0);

    const contexts = await store.db.transaction(async (trx) => {
      const asked: { personaId: string; message: string; askerTurnId?: string }[] = [];
      if (request.retryOf) {
        const replaced = await store.find(trx, question.id, request.retryOf);
        if (!replaced || replaced.role !== 'persona' || !replaced.reply_to) {
          throw new NotFound(followUpMessages.nothingToRetry);
        }
        if (replaced.status === 'complete') {
          throw new FailedPrecondition(followUpMessages.nothingToRetry);
        }
        const askerTurn = await store.find(trx, question.id, replaced.reply_to);
        if (!askerTurn) throw new NotFound(followUpMessages.nothingToRetry);
        await store.delete(trx, replaced.id);
        asked.push({
          personaId: replaced.persona_id,
          message: askerTurn.text,
          askerTurnId: askerTurn.id,
        });
      } else {
        const answered = new Set(question.responses.map((r) => r.personaId));
        const personaIds = request.personaIds.length > 0 ? request.personaIds : [...answered];
        for (const personaId of [...new Set(personaIds)]) {
          if (!answered.has(personaId)) throw new NotFound(followUpMessages.personaNotAsked);
          asked.push({ personaId, message });
        }
      }
      const { personas, business } = await personaContexts.ofQuestion(
        product,
        asked.map((a) => a.personaId),
      );
      const earlier = (await this.of([question.id])).get(question.id) ?? [];
      const contexts: FollowUpContext[] = [];
      for (const ask of asked) {
        const persona = personas.find((p) => p.personaId === ask.personaId);
        if (!persona) throw new NotFound(followUpMessages.personaGone);
        const earlierAnswer = question.responses.find((r) => r.personaId === ask.personaId)!;
        const turns = earlier
          .filter(
            (t) =>
              t.persona_id === ask.personaId &&
              t.id !== ask.askerTurnId &&
              (t.status === 'complete' || t.status === 'partial') &&
              t.text,
          )
          .map((t) => ({ role: t.role, text: t.text }));
        const base = {
          question_id: question.id,
          product_id: product.id,
          persona_id: ask.personaId,
          persona_name: persona.name,
        };
        const askerTurnId =
          ask.askerTurnId ??
          (
            await store.insert(trx, {
              ...base,
              role: 'asker',
              text: ask.message,
              status: 'complete',
            })
          ).id;
        const reply = await store.insert(trx, {
          ...base,
          role: 'persona',
          text: '',
          status: 'writing',
          reply_to: askerTurnId,
        });
        contexts.push({
          replyId: reply.id,
          request: {
            questionText: question.question_text,
            persona,
            business,
            earlierAnswer: personaResponseToMessage({
              ...earlierAnswer,
              personaName: persona.name,
            }),
            turns,
            message: ask.message,
            seed: question.seed,
          },
        });
      }
      await this.changed(trx, question);
      return contexts;
    });
    this.deps.relay.nudge();
    return contexts;
  }

  /** Stores a reply as written: complete, or partial / failed with why. */
  async finish(request: {
    userId: string;
    productId: string;
    questionId: string;
    replyId: string;
    text: string;
    status: string;
    error: string;
    inputTokens?: number | undefined;
    outputTokens?: number | undefined;
    modelCalls?: number | undefined;
    costUsd?: number | undefined;
  }): Promise<void> {
    const { store, questions, products } = this.deps;
    const product = await products.owned(request.userId, request.productId);
    const question = request.questionId
      ? await questions.find(product.id, request.questionId)
      : undefined;
    if (!question) throw new NotFound(questionMessages.notFound);
    const status =
      request.status === 'complete' || request.status === 'partial' ? request.status : 'failed';
    await store.db.transaction(async (trx) => {
      const reply = request.replyId
        ? await store.find(trx, question.id, request.replyId)
        : undefined;
      if (reply?.role !== 'persona') throw new NotFound('Reply not found');
      if (reply.status !== 'writing') return;
      await store.finish(trx, reply.id, {
        text: request.text.slice(0, 20_000),
        status,
        error: status === 'complete' ? null : request.error.slice(0, 500) || null,
      });
      if (request.modelCalls !== undefined || request.costUsd !== undefined) {
        await questions.recordFollowUpUsage(trx, {
          productId: product.id,
          questionId: question.id,
          replyId: reply.id,
          costUsd: Math.max(0, request.costUsd ?? 0),
          inputTokens: Math.max(0, request.inputTokens ?? 0),
          outputTokens: Math.max(0, request.outputTokens ?? 0),
          modelCalls: Math.max(0, request.modelCalls ?? 0),
        });
      }
      await this.changed(trx, question);
    });
    this.deps.relay.nudge();
  }

  /** The question's page hears that its conversations changed. */
  private async changed(trx: Knex.Transaction, question: QuestionRow): Promise<void> {
    await questionUpdated(trx, await this.deps.questions.update(trx, question.id, {}));
  }
}
