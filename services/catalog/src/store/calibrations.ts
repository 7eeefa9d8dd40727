import type { RealAnswer } from '@chorus/contracts';
import type { Knex } from '@chorus/service-kit';

export interface CalibrationRow {
  question_id: string;
  product_id: string;
  user_id: string;
  source: 'csv';
  answer_column: 'opinion' | 'rating';
  file_name: string;
  answers: RealAnswer[];
  created_at: Date;
}

interface NewCalibration {
  questionId: string;
  productId: string;
  userId: string;
  answerColumn: 'opinion' | 'rating';
  fileName: string;
  answers: RealAnswer[];
}

/** The real answers uploaded per question, read and written only through here. */
export class CalibrationStore {
  constructor(private readonly db: Knex) {}

  /** Stores the upload, replacing an earlier one for the same question. */
  async save(input: NewCalibration): Promise<CalibrationRow> {
    const [row] = (await this.db('calibrations')
      .insert({
        question_id: input.questionId,
        product_id: input.productId,
        user_id: input.userId,
        source: 'csv',
        answer_column: input.answerColumn,
        file_name: input.fileName,
        answers: JSON.stringify(input.answers),
        created_at: this.db.fn.now(),
      })
      .onConflict('question_id')
      .merge()
      .returning('*')) as CalibrationRow[];
    return row!;
  }

  async get(userId: string, questionId: string): Promise<CalibrationRow | undefined> {
    return (await this.db('calibrations')
      .where({ question_id: questionId, user_id: userId })
      .first()) as CalibrationRow | undefined;
  }

  /** A product's calibrated questions, oldest upload first. */
  async list(userId: string, productId: string): Promise<CalibrationRow[]> {
    return (await this.db('calibrations')
      .where({ product_id: productId, user_id: userId })
      .orderBy('created_at', 'asc')
      .orderBy('question_id', 'asc')) as CalibrationRow[];
  }

  async remove(userId: string, questionId: string): Promise<boolean> {
    const removed = await this.db('calibrations')
      .where({ question_id: questionId, user_id: userId })
      .delete();
    return removed > 0;
  }
}
