import type {
  FrameGapView,
  PanelFilter,
  PanelMakeUpView,
  PanelStatus,
  PersonaResponse,
  PopulationFrameView,
} from '@chorus/contracts';
import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import type { Knex } from '@chorus/service-kit';

interface PanelWeights {
  designEffect: number;
  effectiveSampleSize: number;
  maxWeight: number;
}

export interface PanelRow {
  id: string;
  product_id: string;
  user_id: string;
  name: string;
  base_frame_id: string;
  frame: PopulationFrameView;
  filters: PanelFilter[];
  size: number;
  seed: number;
  version: number;
  status: PanelStatus;
  batches: number;
  error_reason: string | null;
  engine: string;
  cost_usd: string;
  make_up: PanelMakeUpView[];
  gaps: FrameGapView[];
  weights: PanelWeights | null;
  requested_at: Date;
  created_at: Date;
  updated_at: Date;
}

/** A panel with how many of its current version's personas are built and how many questions it was asked. */
export interface CountedPanelRow extends PanelRow {
  built: number;
  questions: number;
}

interface PanelPersonaRow {
  index: number;
  traits: Record<string, string>;
  profile: PersonaProfile;
  weight: number;
}

interface PanelAnswerRow {
  index: number;
  response: PersonaResponse;
}

/** Queries of market panels, their personas and the persona answers of panel questions. */
export class PanelStore {
  constructor(readonly db: Knex) {}

  async insert(
    trx: Knex.Transaction,
    panel: Pick<
      PanelRow,
      | 'product_id'
      | 'user_id'
      | 'name'
      | 'base_frame_id'
      | 'frame'
      | 'filters'
      | 'size'
      | 'seed'
      | 'batches'
      | 'engine'
    >,
  ): Promise<PanelRow> {
    const [row] = await trx('market_panels')
      .insert({
        ...panel,
        frame: JSON.stringify(panel.frame),
        filters: JSON.stringify(panel.filters),
      })
      .returning<PanelRow[]>('*');
    return row!;
  }

  private counted(query: Knex.QueryBuilder) {
    return query
      .select('market_panels.*')
      .select(
        this.db.raw(
          '(select count(*) from panel_personas pp where pp.panel_id = market_panels.id and pp.version = market_panels.version)::int as built',
        ),
        this.db.raw(
          '(select count(*) from questions q where q.panel_id = market_panels.id)::int as questions',
        ),
      );
  }

  /** Newest first. */
  list(productId: string): Promise<CountedPanelRow[]> {
    return this.counted(this.db('market_panels').where({ product_id: productId })).orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  }

  find(productId: string, panelId: string): Promise<CountedPanelRow | undefined> {
    return this.counted(
      this.db('market_panels').where({ id: panelId, product_id: productId }),
    ).first();
  }

  lock(trx: Knex.Transaction, panelId: string): Promise<PanelRow | undefined> {
    return trx<PanelRow>('market_panels').where({ id: panelId }).forUpdate().first();
  }

  async update(
    trx: Knex.Transaction,
    panelId: string,
    changes: Partial<
      Pick<
        PanelRow,
        'status' | 'error_reason' | 'seed' | 'version' | 'make_up' | 'gaps' | 'weights' | 'engine'
      >
    > & { addCostUsd?: number; requested?: boolean },
  ): Promise<PanelRow> {
    const columns: Record<string, unknown> = { updated_at: trx.fn.now() };
    if (changes.status !== undefined) columns.status = changes.status;
    if (changes.error_reason !== undefined) columns.error_reason = changes.error_reason;
    if (changes.seed !== undefined) columns.seed = changes.seed;
    if (changes.version !== undefined) columns.version = changes.version;
    if (changes.engine !== undefined) columns.engine = changes.engine;
    if (changes.make_up !== undefined) columns.make_up = JSON.stringify(changes.make_up);
    if (changes.gaps !== undefined) columns.gaps = JSON.stringify(changes.gaps);
    if (changes.weights !== undefined) {
      columns.weights = changes.weights && JSON.stringify(changes.weights);
    }
    if (changes.addCostUsd) columns.cost_usd = trx.raw('cost_usd + ?', [changes.addCostUsd]);
    if (changes.requested) columns.requested_at = trx.fn.now();
    const [row] = await trx('market_panels')
      .where({ id: panelId })
      .update(columns)
      .returning<PanelRow[]>('*');
    return row!;
  }

  async delete(trx: Knex.Transaction, productId: string, panelId: string): Promise<boolean> {
    const deleted = await trx('market_panels')
      .where({ id: panelId, product_id: productId })
      .delete();
    return deleted > 0;
  }

  /** Stores built personas; a member stored before (a batch delivered twice) is kept as it was. */
  async insertPersonas(
    trx: Knex.Transaction,
    panelId: string,
    version: number,
    personas: readonly { index: number; traits: Record<string, string>; profile: PersonaProfile }[],
  ): Promise<void> {
    if (personas.length === 0) return;
    await trx('panel_personas')
      .insert(
        personas.map((persona) => ({
          panel_id: panelId,
          version,
          index: persona.index,
          traits: JSON.stringify(persona.traits),
          profile: JSON.stringify(persona.profile),
        })),
      )
      .onConflict(['panel_id', 'version', 'index'])
      .ignore();
  }

  async builtCount(trx: Knex.Transaction, panelId: string, version: number): Promise<number> {
    const row = await trx('panel_personas')
      .where({ panel_id: panelId, version })
      .count<{ count: string }[]>('* as count')
      .first();
    return Number(row?.count ?? 0);
  }

  /** Indexes of the members stored so far. */
  async builtIndexes(
    trx: Knex.Transaction,
    panelId: string,
    version: number,
  ): Promise<Set<number>> {
    const rows = await trx('panel_personas')
      .where({ panel_id: panelId, version })
      .select<{ index: number }[]>('index');
    return new Set(rows.map((row) => row.index));
  }

  /** The members' traits and weights, in index order (no profiles: they are large). */
  memberTraits(
    db: Knex | Knex.Transaction,
    panelId: string,
    version: number,
  ): Promise<{ index: number; traits: Record<string, string>; weight: number }[]> {
    return db('panel_personas')
      .where({ panel_id: panelId, version })
      .orderBy('index')
      .select('index', 'traits', 'weight');
  }

  /** The built personas, in index order; `limit` takes the first ones only. */
  personas(
    db: Knex | Knex.Transaction,
    panelId: string,
    version: number,
    limit?: number,
  ): Promise<PanelPersonaRow[]> {
    const query = db('panel_personas')
      .where({ panel_id: panelId, version })
      .orderBy('index')
      .select('index', 'traits', 'profile', 'weight');
    return limit ? query.limit(limit) : query;
  }

  async setWeights(
    trx: Knex.Transaction,
    panelId: string,
    version: number,
    weights: readonly { index: number; weight: number }[],
  ): Promise<void> {
    if (weights.length === 0) return;
    await trx.raw(
      `update panel_personas p set weight = v.weight
         from unnest(?::int[], ?::float8[]) as v(index, weight)
        where p.panel_id = ? and p.version = ? and p.index = v.index`,
      [weights.map((w) => w.index), weights.map((w) => w.weight), panelId, version],
    );
  }

  /** Drops the personas of every version but the current one. */
  async dropOtherVersions(trx: Knex.Transaction, panelId: string, version: number): Promise<void> {
    await trx('panel_personas').where({ panel_id: panelId }).whereNot({ version }).delete();
  }

  async dropVersion(trx: Knex.Transaction, panelId: string, version: number): Promise<void> {
    await trx('panel_personas').where({ panel_id: panelId, version }).delete();
  }

  /** Panels still building whose batches were last requested more than `waitedMs` ago. */
  overdue(trx: Knex.Transaction, waitedMs: number, limit: number): Promise<PanelRow[]> {
    return trx<PanelRow>('market_panels')
      .where({ status: 'building' })
      .where('requested_at', '<', trx.raw('now() - make_interval(secs => ?)', [waitedMs / 1000]))
      .orderBy('requested_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
  }

  // ---------------------------------------------------------------------------
  // Persona answers of panel questions.

  async insertAnswers(
    trx: Knex.Transaction,
    questionId: string,
    seed: number,
    answers: readonly { index: number; response: PersonaResponse; searchText: string }[],
  ): Promise<void> {
    if (answers.length === 0) return;
    await trx('panel_answers')
      .insert(
        answers.map((answer) => ({
          question_id: questionId,
          seed,
          index: answer.index,
          opinion: answer.response.opinion,
          search_text: answer.searchText.toLowerCase(),
          response: JSON.stringify(answer.response),
        })),
      )
      .onConflict(['question_id', 'seed', 'index'])
      .ignore();
  }

  /** Records a part of a run once; false when it was recorded before. */
  async recordPart(
    trx: Knex.Transaction,
    questionId: string,
    seed: number,
    part: number,
    runDetails: unknown,
  ): Promise<boolean> {
    const inserted = await trx('panel_question_parts')
      .insert({
        question_id: questionId,
        seed,
        part,
        run_details: runDetails === null ? null : JSON.stringify(runDetails),
      })
      .onConflict(['question_id', 'seed', 'part'])
      .ignore()
      .returning('part');
    return inserted.length > 0;
  }

  async partsOf(
    trx: Knex.Transaction,
    questionId: string,
    seed: number,
  ): Promise<{ part: number; run_details: unknown }[]> {
    return trx('panel_question_parts')
      .where({ question_id: questionId, seed })
      .orderBy('part')
      .select('part', 'run_details');
  }

  async answerCount(trx: Knex.Transaction, questionId: string, seed: number): Promise<number> {
    const row = await trx('panel_answers')
      .where({ question_id: questionId, seed })
      .count<{ count: string }[]>('* as count')
      .first();
    return Number(row?.count ?? 0);
  }

  /** Every answer of a run, in index order. */
  answers(trx: Knex.Transaction, questionId: string, seed: number): Promise<PanelAnswerRow[]> {
    return trx('panel_answers')
      .where({ question_id: questionId, seed })
      .orderBy('index')
      .select('index', 'response');
  }

  /** A page of a run's answers, searched by words of the persona and its answer. */
  async answersPage(
    questionId: string,
    seed: number,
    options: { page: number; pageSize: number; search: string; opinion: string },
  ): Promise<{ rows: PanelAnswerRow[]; total: number }> {
    const filtered = () => {
      const query = this.db('panel_answers').where({ question_id: questionId, seed });
      if (options.opinion) query.where({ opinion: options.opinion });
      for (const word of options.search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
        query.where('search_text', 'like', `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      }
      return query;
    };
    const [count, rows] = await Promise.all([
      filtered().count<{ count: string }[]>('* as count').first(),
      filtered()
        .orderBy('index')
        .offset((options.page - 1) * options.pageSize)
        .limit(options.pageSize)
        .select('index', 'response'),
    ]);
    return { rows, total: Number(count?.count ?? 0) };
  }
}
