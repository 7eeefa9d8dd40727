import type { Knex } from '@chorus/service-kit';

export interface FollowUpTurnRow {
  id: string;
  question_id: string;
  product_id: string;
  persona_id: string;
  persona_name: string;
  role: 'asker' | 'persona';
  text: string;
  status: 'complete' | 'writing' | 'partial' | 'failed';
  error: string | null;
  reply_to: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Queries of the follow-up turns; every read by a user goes through the owned question. */
export class FollowUpStore {
  constructor(readonly db: Knex) {}

  /** The turns of these questions, oldest first. */
  forQuestions(questionIds: readonly string[]): Promise<FollowUpTurnRow[]> {
    if (questionIds.length === 0) return Promise.resolve([]);
    return this.db<FollowUpTurnRow>('follow_up_turns')
      .whereIn('question_id', questionIds)
      .orderBy([
        { column: 'created_at', order: 'asc' },
        { column: 'role', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
  }

  find(trx: Knex.Transaction, questionId: string, id: string) {
    return trx<FollowUpTurnRow>('follow_up_turns')
      .where({ id, question_id: questionId })
      .forUpdate()
      .first();
  }

  async insert(
    trx: Knex.Transaction,
    turn: Pick<
      FollowUpTurnRow,
      'question_id' | 'product_id' | 'persona_id' | 'persona_name' | 'role' | 'text' | 'status'
    > & { reply_to?: string | null; created_at?: Date },
  ): Promise<FollowUpTurnRow> {
    const [row] = await trx('follow_up_turns').insert(turn).returning<FollowUpTurnRow[]>('*');
    return row!;
  }

  async finish(
    trx: Knex.Transaction,
    id: string,
    outcome: Pick<FollowUpTurnRow, 'text' | 'status' | 'error'>,
  ): Promise<void> {
    await trx('follow_up_turns')
      .where({ id })
      .update({ ...outcome, updated_at: trx.fn.now() });
  }

  async delete(trx: Knex.Transaction, id: string): Promise<void> {
    await trx('follow_up_turns').where({ id }).delete();
  }
}
