import type { AggregatedResults, PersonaResponse, QuestionStatus } from '@chorus/contracts';
import type { Knex } from '@chorus/service-kit';

export interface QuestionRow {
  id: string;
  user_id: string;
  product_id: string;
  question_text: string;
  status: QuestionStatus;
  responses: PersonaResponse[];
  aggregated_results: AggregatedResults | null;
  error_reason: string | null;
  /** QuestionAsked published so far for this question, the first included. */
  attempts: number;
  /** When the last QuestionAsked was written. */
  asked_at: Date;
  /** The personas asked (user_personas ids); empty: every persona of the product. */
  persona_ids: string[];
  created_at: Date;
  updated_at: Date;
}

/** What answering may change on a question. */
export type QuestionOutcome = Partial<
  Pick<QuestionRow, 'status' | 'responses' | 'aggregated_results' | 'error_reason'>
>;

/** Queries of the questions table. Every read by a user goes through the owned product. */
export class QuestionStore {
  constructor(readonly db: Knex) {}

  async insert(
    trx: Knex.Transaction,
    question: Pick<QuestionRow, 'user_id' | 'product_id' | 'question_text' | 'persona_ids'>,
  ): Promise<QuestionRow> {
    const [row] = await trx('questions')
      .insert({ ...question, persona_ids: JSON.stringify(question.persona_ids) })
      .returning<QuestionRow[]>('*');
    return row!;
  }

  /** Newest first. */
  listForProduct(productId: string): Promise<QuestionRow[]> {
    return this.db<QuestionRow>('questions')
      .where({ product_id: productId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
  }

  find(productId: string, questionId: string): Promise<QuestionRow | undefined> {
    return this.db<QuestionRow>('questions')
      .where({ id: questionId, product_id: productId })
      .first();
  }

  /** Locks the question for the rest of the transaction, so two answers cannot both land. */
  lock(trx: Knex.Transaction, questionId: string): Promise<QuestionRow | undefined> {
    return trx<QuestionRow>('questions').where({ id: questionId }).forUpdate().first();
  }

  async update(
    trx: Knex.Transaction,
    questionId: string,
    changes: QuestionOutcome,
  ): Promise<QuestionRow> {
    // JSON columns are written as JSON text: pg would send a JS array as a SQL array.
    const columns: Record<string, unknown> = { updated_at: trx.fn.now() };
    if (changes.status !== undefined) columns.status = changes.status;
    if (changes.responses !== undefined) columns.responses = JSON.stringify(changes.responses);
    if (changes.aggregated_results !== undefined) {
      columns.aggregated_results = JSON.stringify(changes.aggregated_results);
    }
    if (changes.error_reason !== undefined) columns.error_reason = changes.error_reason;
    const [row] = await trx('questions')
      .where({ id: questionId })
      .update(columns)
      .returning<QuestionRow[]>('*');
    return row!;
  }

  /**
   * Unfinished questions last asked more than `waitedMs` ago, oldest first,
   * locked for the rest of the transaction; rows another transaction holds
   * (an answer being stored) are skipped until the next sweep.
   */
  overdue(trx: Knex.Transaction, waitedMs: number, limit: number): Promise<QuestionRow[]> {
    return trx<QuestionRow>('questions')
      .whereIn('status', ['pending', 'processing'])
      .where('asked_at', '<', trx.raw('now() - make_interval(secs => ?)', [waitedMs / 1000]))
      .orderBy('asked_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
  }

  /** Counts one more QuestionAsked, written now. */
  async askedAgain(trx: Knex.Transaction, questionId: string): Promise<QuestionRow> {
    const [row] = await trx('questions')
      .where({ id: questionId })
      .update({ attempts: trx.raw('attempts + 1'), asked_at: trx.fn.now() })
      .returning<QuestionRow[]>('*');
    return row!;
  }

  /** A question in error asked afresh: pending, no answer, its attempts counted from one. */
  async restart(trx: Knex.Transaction, questionId: string): Promise<QuestionRow> {
    const [row] = await trx('questions')
      .where({ id: questionId })
      .update({
        status: 'pending',
        responses: JSON.stringify([]),
        aggregated_results: null,
        error_reason: null,
        attempts: 1,
        asked_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      })
      .returning<QuestionRow[]>('*');
    return row!;
  }

  async delete(
    trx: Knex.Transaction,
    productId: string,
    questionId: string,
  ): Promise<QuestionRow | undefined> {
    const [row] = await trx<QuestionRow>('questions')
      .where({ id: questionId, product_id: productId })
      .delete()
      .returning('*');
    return row;
  }
}
