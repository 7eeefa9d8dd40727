import {
  type CalibrationView,
  type PersonaResponse,
  type PersonaSide,
  parseCalibrationCsv,
  productMessages,
  questionMessages,
} from '@chorus/contracts';
import { fidelity, ratingOfDistribution } from '@chorus/research';
import { DomainError, InvalidArgument, type Knex, NotFound } from '@chorus/service-kit';
import { status as grpcStatus } from '@grpc/grpc-js';
import { type CalibrationRow, CalibrationStore } from './store/calibrations';

export const calibrationMessages = {
  notComplete:
    'This question is not complete yet. Real answers can be compared once every persona has answered.',
  noCalibration: 'This question has no real answers uploaded yet.',
  fileName: 'The file needs a name of at most 200 characters.',
} as const;

interface QuestionFacts {
  id: string;
  product_id: string;
  question_text: string;
  status: string;
  responses: PersonaResponse[];
}

/**
 * Calibration against real answers: the upload is read and checked with the
 * contracts' rules, stored as text, and set against the personas' opinions in
 * the question's current run (one opinion per persona, the most likely one).
 */
export class Calibrations {
  private readonly store: CalibrationStore;

  constructor(private readonly db: Knex) {
    this.store = new CalibrationStore(db);
  }

  private async question(userId: string, productId: string, questionId: string) {
    const found = (await this.db('questions')
      .where({ id: questionId, user_id: userId, product_id: productId })
      .first('id', 'product_id', 'question_text', 'status', 'responses')) as
      QuestionFacts | undefined;
    if (!found) throw new NotFound(questionMessages.notFound);
    return found;
  }

  /** Ages and genders of the personas that answered, from their templates. */
  private async personaSides(question: QuestionFacts): Promise<PersonaSide[]> {
    const ids = question.responses.map((r) => r.personaId);
    const rows =
      ids.length === 0
        ? []
        : ((await this.db('user_personas as p')
            .join('persona_templates as t', 't.id', 'p.template_id')
            .whereIn('p.id', ids)
            .select('p.id', 't.age', 't.gender')) as {
            id: string;
            age: number;
            gender: string | null;
          }[]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return question.responses.map((r) => ({
      opinion: r.opinion,
      age: byId.get(r.personaId)?.age ?? null,
      gender: byId.get(r.personaId)?.gender ?? null,
      // On the 1-5 scale, so a file of ratings is compared rating by rating.
      rating: r.distribution ? ratingOfDistribution(r.distribution) : null,
    }));
  }

  private async view(question: QuestionFacts, row: CalibrationRow): Promise<CalibrationView> {
    return {
      questionId: question.id,
      questionText: question.question_text,
      fileName: row.file_name,
      createdAt: new Date(row.created_at).toISOString(),
      answerColumn: row.answer_column,
      personaSource:
        "Each persona's opinion in the current run, the one it is most likely to give; against ratings, its leaning on the same 1–5 scale",
      fidelity: fidelity(row.answers, await this.personaSides(question), row.answer_column),
    };
  }

  async calibrate(
    userId: string,
    productId: string,
    questionId: string,
    fileName: string,
    csv: string,
  ): Promise<CalibrationView> {
    const question = await this.question(userId, productId, questionId);
    if (question.status !== 'complete') {
      throw new DomainError(grpcStatus.ABORTED, calibrationMessages.notComplete);
    }
    const name = fileName.trim();
    if (name === '' || name.length > 200) throw new InvalidArgument(calibrationMessages.fileName);
    const parsed = parseCalibrationCsv(csv);
    if (!parsed.ok) throw new InvalidArgument(parsed.message);
    const row = await this.store.save({
      questionId: question.id,
      productId: question.product_id,
      userId,
      answerColumn: parsed.source,
      fileName: name,
      answers: parsed.answers,
    });
    return this.view(question, row);
  }

  async get(userId: string, productId: string, questionId: string): Promise<CalibrationView> {
    const question = await this.question(userId, productId, questionId);
    const row = await this.store.get(userId, question.id);
    if (!row) throw new NotFound(calibrationMessages.noCalibration);
    return this.view(question, row);
  }

  async remove(userId: string, productId: string, questionId: string): Promise<void> {
    const question = await this.question(userId, productId, questionId);
    if (!(await this.store.remove(userId, question.id))) {
      throw new NotFound(calibrationMessages.noCalibration);
    }
  }

  /** Every calibrated question of a product, oldest upload first. */
  async list(userId: string, productId: string): Promise<CalibrationView[]> {
    const owned = await this.db('products').where({ id: productId, user_id: userId }).first('id');
    if (!owned) throw new NotFound(productMessages.notFound);
    const rows = await this.store.list(userId, productId);
    const views: CalibrationView[] = [];
    for (const row of rows) {
      views.push(await this.view(await this.question(userId, productId, row.question_id), row));
    }
    return views;
  }
}
