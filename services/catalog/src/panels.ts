import {
  type FrameGapView,
  type PanelFilter,
  type PanelMakeUpView,
  panelMessages,
  type PopulationFrameView,
} from '@chorus/contracts';
import type { PanelBuildFailed, PanelPersonasBuilt } from '@chorus/proto/events/v1/events';
import {
  frameGaps,
  frameTargets,
  kish,
  makeUp,
  type PanelMember,
  quotaSample,
  rake,
} from '@chorus/research';
import {
  DomainError,
  InvalidArgument,
  type Knex,
  type Logger,
  NotFound,
  type OutboxRelay,
} from '@chorus/service-kit';
import { status as grpcStatus } from '@grpc/grpc-js';
import { randomInt } from 'node:crypto';
import { researchFrame } from './domain/panel-frame';
import { panelBuildRequested } from './events/published';
import type { Products } from './products';
import { BudgetReached, refuseOverBudget } from './budgets';
import type { CountedPanelRow, PanelRow, PanelStore } from './store/panels';
import type { QuestionStore } from './store/questions';

/** Members built per PanelBuildRequested: a panel of 5,000 is 25 batches. */
const BUILD_BATCH = 200;
/** Raking weights are trimmed at this multiple of the mean (and its inverse). */
const WEIGHT_CAP = 5;
/** A build whose batches were requested this long ago without finishing is requested again. */
const BUILD_RETRY_AFTER_MS = 120_000;
/** Panels looked at per sweep. */
const SWEEP_BATCH = 20;

const buildFailed = 'The panel could not be built. Draw it again.';

/**
 * A panel the month's budget cannot pay for is refused as a request that
 * cannot be drawn (400), in the budget's words, before anything is built.
 */
async function refusePanelOverBudget(
  store: QuestionStore,
  productId: string,
  estimatedCostUsd: number,
): Promise<void> {
  try {
    await refuseOverBudget(store, productId, estimatedCostUsd);
  } catch (error) {
    if (error instanceof BudgetReached) throw new InvalidArgument(error.message);
    throw error;
  }
}

/**
 * Market panels: a quota sample of a population drawn here (seeded, so the
 * same seed draws the same members), built by persona inference a batch at
 * a time (PanelBuildRequested -> PanelPersonasBuilt), stored one member per
 * row, and weighted to the population by raking once every member is in.
 * A panel is not the product's chosen personas: it is not billed per
 * persona; a model's cost of building it is the month's question spend.
 */
export class Panels {
  /** Quota samples of panels being built, by panel, version and seed: drawn once per process. */
  private readonly samples = new Map<string, PanelMember[]>();

  constructor(
    private readonly deps: {
      store: PanelStore;
      questionStore: QuestionStore;
      products: Products;
      relay: OutboxRelay;
      logger: Logger;
    },
  ) {}

  private sampleOf(panel: Pick<PanelRow, 'id' | 'version' | 'seed' | 'size' | 'frame'>) {
    const key = `${panel.id}:${panel.version}:${panel.seed}`;
    let sample = this.samples.get(key);
    if (!sample) {
      sample = quotaSample(researchFrame(panel.frame), panel.size, panel.seed);
      this.samples.set(key, sample);
      // A few panels at a time are being built; older samples are dropped.
      while (this.samples.size > 8) this.samples.delete(this.samples.keys().next().value!);
    }
    return sample;
  }

  async create(
    userId: string,
    productId: string,
    request: {
      name: string;
      frame: PopulationFrameView;
      baseFrameId: string;
      filters: PanelFilter[];
      size: number;
      engine: string;
      estimatedCostUsd?: number;
    },
  ): Promise<CountedPanelRow> {
    const name = request.name.trim();
    if (!name || name.length > 100) throw new InvalidArgument(panelMessages.name);
    if (!(request.size >= 50 && request.size <= 5_000) || !Number.isInteger(request.size)) {
      throw new InvalidArgument(panelMessages.size);
    }
    if (request.frame.traits.length === 0) throw new InvalidArgument(panelMessages.frame);
    const { store, products, questionStore } = this.deps;
    const product = await products.owned(userId, productId);
    await refusePanelOverBudget(questionStore, product.id, request.estimatedCostUsd ?? 0);
    const panel = await store.db.transaction(async (trx) => {
      const row = await store.insert(trx, {
        product_id: product.id,
        user_id: product.user_id,
        name,
        base_frame_id: request.baseFrameId,
        frame: request.frame,
        filters: request.filters,
        size: request.size,
        seed: randomInt(1, 2 ** 31 - 1),
        batches: Math.ceil(request.size / BUILD_BATCH),
        engine: request.engine,
      });
      await this.requestBatches(trx, row);
      return row;
    });
    this.deps.relay.nudge();
    return { ...panel, built: 0, questions: 0 };
  }

  /** Publishes a PanelBuildRequested for each batch that has members not yet stored. */
  private async requestBatches(trx: Knex.Transaction, panel: PanelRow, built = new Set<number>()) {
    const members = this.sampleOf(panel);
    for (let batch = 0; batch * BUILD_BATCH < members.length; batch += 1) {
      const part = members.slice(batch * BUILD_BATCH, (batch + 1) * BUILD_BATCH);
      const missing = part.filter((member) => !built.has(member.index));
      if (missing.length > 0) await panelBuildRequested(trx, panel, batch, missing);
    }
  }

  async list(userId: string, productId: string): Promise<CountedPanelRow[]> {
    await this.deps.products.owned(userId, productId);
    return this.deps.store.list(productId);
  }

  async get(userId: string, productId: string, panelId: string): Promise<CountedPanelRow> {
    await this.deps.products.owned(userId, productId);
    const panel = panelId ? await this.deps.store.find(productId, panelId) : undefined;
    if (!panel) throw new NotFound(panelMessages.notFound);
    return panel;
  }

  /** A new draw of the same population (next version, new seed); questions keep their answers. */
  async redraw(
    userId: string,
    productId: string,
    panelId: string,
    estimatedCostUsd = 0,
  ): Promise<CountedPanelRow> {
    const { store, products, questionStore } = this.deps;
    const product = await products.owned(userId, productId);
    await refusePanelOverBudget(questionStore, product.id, estimatedCostUsd);
    const panel = await store.db.transaction(async (trx) => {
      const found = panelId ? await store.lock(trx, panelId) : undefined;
      if (found?.product_id !== product.id) throw new NotFound(panelMessages.notFound);
      if (found.status === 'building') {
        throw new DomainError(grpcStatus.ABORTED, panelMessages.stillBuilding);
      }
      const row = await store.update(trx, found.id, {
        status: 'building',
        error_reason: null,
        seed: randomInt(1, 2 ** 31 - 1),
        version: found.version + 1,
        make_up: [],
        gaps: [],
        weights: null,
        requested: true,
      });
      await this.requestBatches(trx, row);
      return row;
    });
    this.deps.relay.nudge();
    return (await store.find(product.id, panel.id))!;
  }

  /** Deletes the panel and every persona built for it, a build under way included. */
  async delete(userId: string, productId: string, panelId: string): Promise<void> {
    const { store, products } = this.deps;
    const product = await products.owned(userId, productId);
    const deleted = panelId
      ? await store.db.transaction((trx) => store.delete(trx, product.id, panelId))
      : false;
    if (!deleted) throw new NotFound(panelMessages.notFound);
  }

  /** A ready panel of the product, for asking it a question. */
  async ready(db: Knex | Knex.Transaction, productId: string, panelId: string): Promise<PanelRow> {
    const panel = panelId
      ? await db<PanelRow>('market_panels').where({ id: panelId, product_id: productId }).first()
      : undefined;
    if (!panel) throw new NotFound(panelMessages.notFound);
    if (panel.status !== 'ready') {
      throw new DomainError(grpcStatus.FAILED_PRECONDITION, panelMessages.notReady(panel.status));
    }
    return panel;
  }

  /** A ready panel's first personas (persona id = the member's index), for an estimate. */
  async sample(userId: string, productId: string, panelId: string, limit: number) {
    const product = await this.deps.products.owned(userId, productId);
    const panel = await this.ready(this.deps.store.db, product.id, panelId);
    const rows = await this.deps.store.personas(this.deps.store.db, panel.id, panel.version, limit);
    return {
      product,
      panel,
      personas: rows.map((row) => ({ ...row.profile, personaId: String(row.index) })),
    };
  }

  // ---------------------------------------------------------------------------
  // Inference's events, each inside the consumer's transaction.

  /** Stores a built batch once; the last batch weights the panel and makes it ready. */
  async storeBuilt(trx: Knex.Transaction, event: PanelPersonasBuilt): Promise<void> {
    const { store, logger } = this.deps;
    const panel = await store.lock(trx, event.panelId);
    if (!panel || panel.version !== event.version || panel.status !== 'building') {
      logger.info(
        { panelId: event.panelId },
        'built personas of a panel no longer building; ignored',
      );
      return;
    }
    const members = new Map(this.sampleOf(panel).map((member) => [member.index, member]));
    const personas = event.personas.flatMap((built) => {
      const member = members.get(built.index);
      return member && built.profile
        ? [{ index: built.index, traits: member.traits, profile: built.profile }]
        : [];
    });
    await store.insertPersonas(trx, panel.id, panel.version, personas);
    if (event.costUsd > 0 || (event.usage?.modelCalls ?? 0) > 0) {
      await trx('question_usage')
        .insert({
          product_id: panel.product_id,
          question_id: `panel:${panel.id}`,
          seed: null,
          usage_key: `panel:${panel.id}:${panel.version}:${event.batch}`,
          cost_usd: event.costUsd,
          input_tokens: event.usage?.inputTokens ?? 0,
          output_tokens: event.usage?.outputTokens ?? 0,
          model_calls: event.usage?.modelCalls ?? 0,
          cached_answers: 0,
        })
        .onConflict('usage_key')
        .ignore();
    }
    const built = await store.builtCount(trx, panel.id, panel.version);
    const changes: Parameters<PanelStore['update']>[2] = {
      addCostUsd: event.costUsd,
      engine: event.engine || panel.engine,
    };
    if (built >= panel.size) Object.assign(changes, await this.weigh(trx, panel));
    await store.update(trx, panel.id, changes);
  }

  /** Rakes the built panel to its population, stores each member's weight; the panel is ready. */
  private async weigh(
    trx: Knex.Transaction,
    panel: PanelRow,
  ): Promise<{
    status: 'ready' | 'failed';
    error_reason: string | null;
    make_up: PanelMakeUpView[];
    gaps: FrameGapView[];
    weights: { designEffect: number; effectiveSampleSize: number; maxWeight: number } | null;
  }> {
    const { store, logger } = this.deps;
    const frame = researchFrame(panel.frame);
    const members = await store.memberTraits(trx, panel.id, panel.version);
    const raked = rake(members, frameTargets(frame), { cap: WEIGHT_CAP });
    if (raked.problem) {
      logger.warn({ panelId: panel.id, problem: raked.problem }, 'panel could not be weighted');
    }
    const weights = raked.problem ? members.map(() => 1) : raked.weights;
    await store.setWeights(
      trx,
      panel.id,
      panel.version,
      members.map((member, i) => ({ index: member.index, weight: weights[i]! })),
    );
    await store.dropOtherVersions(trx, panel.id, panel.version);
    const { designEffect, effectiveSampleSize } = kish(weights);
    return {
      status: 'ready',
      error_reason: null,
      make_up: makeUp(members, frame),
      gaps: frameGaps(members, frame),
      weights: { designEffect, effectiveSampleSize, maxWeight: Math.max(...weights) },
    };
  }

  /** A batch that could not be built stops the panel, with nothing of this version kept. */
  async markBuildFailed(trx: Knex.Transaction, event: PanelBuildFailed): Promise<void> {
    const { store } = this.deps;
    const panel = await store.lock(trx, event.panelId);
    if (!panel || panel.version !== event.version || panel.status !== 'building') return;
    await store.dropVersion(trx, panel.id, panel.version);
    await store.update(trx, panel.id, {
      status: 'failed',
      error_reason: event.reason.trim().slice(0, 500) || buildFailed,
    });
  }

  /** Requests again the batches of builds that waited too long; returns how many panels. */
  async sweep(trx: Knex.Transaction, waitedMs = BUILD_RETRY_AFTER_MS): Promise<number> {
    const { store, logger } = this.deps;
    const overdue = await store.overdue(trx, waitedMs, SWEEP_BATCH);
    for (const panel of overdue) {
      const built = await store.builtIndexes(trx, panel.id, panel.version);
      logger.info(
        { panelId: panel.id, built: built.size },
        'panel build waited too long; batches asked again',
      );
      const row = await store.update(trx, panel.id, { requested: true });
      await this.requestBatches(trx, row, built);
    }
    return overdue.length;
  }
}
