import type {
  PanelRunView,
  AggregatedResults,
  DriftReport,
  PastRun,
  PersonaResponse,
  QuestionAnalysis,
  QuestionStatus,
  RunDetails,
  SegmentCutView,
  TypedDrift,
  TypedQuestionSpec,
  TypedResult,
  Usage,
} from '@chorus/contracts';
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
  /** The current run's seed. */
  seed: number;
  check_wording: boolean;
  /** The current run's details, once complete. */
  run_details: RunDetails | null;
  /** Earlier runs, oldest first. */
  previous_runs: PastRun[];
  /** Personas asked in the current run. */
  progress_total: number;
  /** The current run's analysis, computed when its answers were stored. */
  analysis: QuestionAnalysis | null;
  /** The current run against the one before it. */
  drift: DriftReport | null;
  /** A typed question's settings; null: the open opinion question. */
  spec: TypedQuestionSpec | null;
  /** The typed question's figures, computed when the current run's answers were stored. */
  typed_result: TypedResult | null;
  /** The typed figures cut by each persona trait the panel varies in. */
  segment_cuts: SegmentCutView[];
  /** The typed headline figure against the run before. */
  typed_drift: TypedDrift | null;
  study_id: string | null;
  study_position: number;
  /** Asked of a market panel: the panel, its version when asked, and the run's panel figures. */
  panel_id: string | null;
  panel_version: number | null;
  panel_run: PanelRunView | null;
  /** The chosen personas' answers weighted to this population (a frame id), if asked. */
  weight_frame: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What answering may change on a question. */
export type QuestionOutcome = Partial<
  Pick<
    QuestionRow,
    | 'status'
    | 'responses'
    | 'aggregated_results'
    | 'error_reason'
    | 'run_details'
    | 'previous_runs'
    | 'progress_total'
    | 'analysis'
    | 'drift'
    | 'typed_result'
    | 'segment_cuts'
    | 'typed_drift'
    | 'panel_run'
  >
>;

/** A study: linked questions about one offer. */
export interface StudyRow {
  id: string;
  product_id: string;
  user_id: string;
  name: string;
  offer: string;
  created_at: Date;
}

/** A product's questions budget and this month's spend. */
interface BudgetRow {
  monthly_budget_usd: number | null;
  spent_this_month_usd: number;
  questions_this_month: number;
}

/** Queries of the questions table. Every read by a user goes through the owned product. */
export class QuestionStore {
  constructor(readonly db: Knex) {}

  async insert(
    trx: Knex.Transaction,
    question: Pick<
      QuestionRow,
      | 'user_id'
      | 'product_id'
      | 'question_text'
      | 'persona_ids'
      | 'check_wording'
      | 'progress_total'
    > &
      Partial<
        Pick<
          QuestionRow,
          | 'spec'
          | 'study_id'
          | 'study_position'
          | 'panel_id'
          | 'panel_version'
          | 'panel_run'
          | 'weight_frame'
        >
      >,
  ): Promise<QuestionRow> {
    const [row] = await trx('questions')
      .insert({
        ...question,
        persona_ids: JSON.stringify(question.persona_ids),
        spec: question.spec ? JSON.stringify(question.spec) : null,
        panel_run: question.panel_run ? JSON.stringify(question.panel_run) : null,
      })
      .returning<QuestionRow[]>('*');
    return row!;
  }

  async insertStudy(
    trx: Knex.Transaction,
    study: Pick<StudyRow, 'product_id' | 'user_id' | 'name' | 'offer'>,
  ): Promise<StudyRow> {
    const [row] = await trx('studies').insert(study).returning<StudyRow[]>('*');
    return row!;
  }

  /** Newest first. */
  listStudies(productId: string): Promise<StudyRow[]> {
    return this.db<StudyRow>('studies')
      .where({ product_id: productId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
  }

  findStudy(productId: string, studyId: string): Promise<StudyRow | undefined> {
    return this.db<StudyRow>('studies').where({ id: studyId, product_id: productId }).first();
  }

  /** The questions of the given studies, oldest first (the order they were given). */
  listForStudies(studyIds: readonly string[]): Promise<QuestionRow[]> {
    if (studyIds.length === 0) return Promise.resolve([]);
    return this.db<QuestionRow>('questions')
      .whereIn('study_id', studyIds)
      .orderBy([
        { column: 'study_position', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
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

  findMany(productId: string, questionIds: readonly string[]): Promise<QuestionRow[]> {
    if (questionIds.length === 0) return Promise.resolve([]);
    return this.db<QuestionRow>('questions')
      .where({ product_id: productId })
      .whereIn('id', [...questionIds]);
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
    if (changes.run_details !== undefined) {
      columns.run_details = changes.run_details && JSON.stringify(changes.run_details);
    }
    if (changes.previous_runs !== undefined) {
      columns.previous_runs = JSON.stringify(changes.previous_runs);
    }
    if (changes.progress_total !== undefined) columns.progress_total = changes.progress_total;
    if (changes.analysis !== undefined) {
      columns.analysis = changes.analysis && JSON.stringify(changes.analysis);
    }
    if (changes.drift !== undefined) columns.drift = changes.drift && JSON.stringify(changes.drift);
    if (changes.typed_drift !== undefined) {
      columns.typed_drift = changes.typed_drift && JSON.stringify(changes.typed_drift);
    }
    if (changes.segment_cuts !== undefined) {
      columns.segment_cuts = JSON.stringify(changes.segment_cuts);
    }
    if (changes.typed_result !== undefined) {
      columns.typed_result = changes.typed_result && JSON.stringify(changes.typed_result);
    }
    if (changes.panel_run !== undefined) {
      columns.panel_run = changes.panel_run && JSON.stringify(changes.panel_run);
    }
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

  /**
   * A question asked afresh: pending, no answer, its attempts counted from
   * one; a re-run also moves to its next seed and keeps the run before.
   */
  async restart(
    trx: Knex.Transaction,
    questionId: string,
    run?: Pick<QuestionRow, 'seed' | 'previous_runs' | 'progress_total'>,
    panel?: { version: number; run: PanelRunView },
  ): Promise<QuestionRow> {
    const [row] = await trx('questions')
      .where({ id: questionId })
      .update({
        ...(panel && {
          panel_version: panel.version,
          panel_run: JSON.stringify(panel.run),
          progress_total: panel.run.size,
        }),
        ...(run && {
          seed: run.seed,
          previous_runs: JSON.stringify(run.previous_runs),
          progress_total: run.progress_total,
        }),
        run_details: null,
        analysis: null,
        drift: null,
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

  /** What a run cost, recorded once per question and seed. */
  async recordUsage(
    trx: Knex.Transaction,
    usage: { productId: string; questionId: string; seed: number; costUsd: number } & Usage,
  ): Promise<void> {
    await trx('question_usage')
      .insert({
        product_id: usage.productId,
        question_id: usage.questionId,
        seed: usage.seed,
        cost_usd: usage.costUsd,
        input_tokens: usage.inputTokens,
        output_tokens: usage.outputTokens,
        model_calls: usage.modelCalls,
        cached_answers: usage.cachedAnswers,
      })
      .onConflict(['question_id', 'seed'])
      .ignore();
  }

  /** What writing a follow-up reply cost, recorded once per reply. */
  async recordFollowUpUsage(
    trx: Knex.Transaction,
    usage: { productId: string; questionId: string; replyId: string; costUsd: number } & Omit<
      Usage,
      'cachedAnswers'
    >,
  ): Promise<void> {
    await trx('question_usage')
      .insert({
        product_id: usage.productId,
        question_id: usage.questionId,
        reply_id: usage.replyId,
        cost_usd: usage.costUsd,
        input_tokens: usage.inputTokens,
        output_tokens: usage.outputTokens,
        model_calls: usage.modelCalls,
      })
      .onConflict(['reply_id'])
      .ignore();
  }

  /**
   * The budget and what the product's questions and their follow-ups cost this
   * calendar month (UTC); the count is of question runs only.
   */
  async budget(productId: string): Promise<BudgetRow> {
    const [spent, budget] = await Promise.all([
      this.db('question_usage')
        .where({ product_id: productId })
        .where(
          'recorded_at',
          '>=',
          this.db.raw("date_trunc('month', now() at time zone 'utc') at time zone 'utc'"),
        )
        .select(
          this.db.raw('coalesce(sum(cost_usd), 0)::float8 as spent'),
          this.db.raw(
            '(count(*) filter (where reply_id is null and usage_key is null))::int as runs',
          ),
        )
        .first<{ spent: number; runs: number }>(),
      this.db('question_budgets')
        .where({ product_id: productId })
        .first<{ monthly_budget_usd: string } | undefined>(),
    ]);
    return {
      monthly_budget_usd: budget ? Number(budget.monthly_budget_usd) : null,
      spent_this_month_usd: spent?.spent ?? 0,
      questions_this_month: spent?.runs ?? 0,
    };
  }

  async setBudget(productId: string, monthlyBudgetUsd: number | null): Promise<void> {
    if (monthlyBudgetUsd === null) {
      await this.db('question_budgets').where({ product_id: productId }).delete();
      return;
    }
    await this.db('question_budgets')
      .insert({ product_id: productId, monthly_budget_usd: monthlyBudgetUsd })
      .onConflict('product_id')
      .merge({ monthly_budget_usd: monthlyBudgetUsd, updated_at: this.db.fn.now() });
  }
}
