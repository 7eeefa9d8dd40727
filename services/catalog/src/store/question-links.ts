import type { TypedAnswer } from '@chorus/contracts';
import type { Knex } from '@chorus/service-kit';

export interface QuestionLinkRow {
  id: string;
  product_id: string;
  user_id: string;
  study_id: string | null;
  question_ids: string[];
  title: string;
  token_hash: string;
  is_active: boolean;
  expires_at: Date;
  created_at: Date;
}

/** A link with how many browsers answered it. */
export type CountedLinkRow = QuestionLinkRow & { response_count: number };

export interface LinkAnswerRow {
  questionId: string;
  answer: TypedAnswer;
}

interface LinkResponseRow {
  id: string;
  link_id: string;
  respondent_hash: string;
  answers: LinkAnswerRow[];
  created_at: Date;
  updated_at: Date;
}

/** Queries of question_links and question_link_responses. */
export class QuestionLinkStore {
  constructor(readonly db: Knex) {}

  async insert(
    link: Pick<
      QuestionLinkRow,
      'product_id' | 'user_id' | 'study_id' | 'question_ids' | 'title' | 'token_hash' | 'expires_at'
    >,
  ): Promise<CountedLinkRow> {
    const [row] = await this.db('question_links')
      .insert({ ...link, question_ids: JSON.stringify(link.question_ids) })
      .returning<QuestionLinkRow[]>('*');
    return { ...row!, response_count: 0 };
  }

  private counted(db: Knex = this.db) {
    return db<QuestionLinkRow>('question_links').select(
      'question_links.*',
      db.raw(
        '(select count(*)::int from question_link_responses r where r.link_id = question_links.id) as response_count',
      ),
    );
  }

  /** Newest first. */
  listForProduct(productId: string): Promise<CountedLinkRow[]> {
    return this.counted()
      .where({ product_id: productId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]) as unknown as Promise<CountedLinkRow[]>;
  }

  find(productId: string, linkId: string): Promise<CountedLinkRow | undefined> {
    return this.counted()
      .where({ product_id: productId, id: linkId })
      .first() as unknown as Promise<CountedLinkRow | undefined>;
  }

  async setActive(linkId: string, isActive: boolean): Promise<void> {
    await this.db('question_links').where({ id: linkId }).update({ is_active: isActive });
  }

  /** A live link by its token's hash: active and not expired. */
  findLive(tokenHash: string): Promise<QuestionLinkRow | undefined> {
    return this.db<QuestionLinkRow>('question_links')
      .where({ token_hash: tokenHash, is_active: true })
      .andWhere('expires_at', '>', this.db.fn.now())
      .first();
  }

  async answersOf(linkId: string, respondentHash: string): Promise<LinkAnswerRow[] | undefined> {
    const row = await this.db<LinkResponseRow>('question_link_responses')
      .where({ link_id: linkId, respondent_hash: respondentHash })
      .first('answers');
    return row?.answers;
  }

  /** One answer set per browser and link: a second replaces the first. */
  async upsert(linkId: string, respondentHash: string, answers: LinkAnswerRow[]): Promise<boolean> {
    const [row] = await this.db('question_link_responses')
      .insert({
        link_id: linkId,
        respondent_hash: respondentHash,
        answers: JSON.stringify(answers),
      })
      .onConflict(['link_id', 'respondent_hash'])
      .merge({ answers: JSON.stringify(answers), updated_at: this.db.fn.now() })
      .returning<{ created_at: Date; updated_at: Date }[]>(['created_at', 'updated_at']);
    return row!.updated_at.getTime() !== row!.created_at.getTime();
  }

  /** Every browser's answers to the link, oldest first. */
  async allAnswers(linkId: string): Promise<LinkAnswerRow[][]> {
    const rows = await this.db<LinkResponseRow>('question_link_responses')
      .where({ link_id: linkId })
      .orderBy('created_at')
      .select('answers');
    return rows.map((r) => r.answers);
  }
}
