import { costOf, type ModelPrice } from '@chorus/contracts';
import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import type { PanelMember, PopulationFrame } from '@chorus/research';
import type pLimit from 'p-limit';
import { panelPersonas } from '../domain/panel-personas';
import type { EngineUsage } from './engine';

/** One batch of a market panel to build: the frame its members were drawn to, the members, the panel's seed. */
export interface PanelBatch {
  frame: PopulationFrame;
  members: readonly PanelMember[];
  seed: number;
}

export interface BuiltPanelBatch {
  /** Every member of the batch, in the batch's order. */
  personas: { index: number; profile: PersonaProfile }[];
  usage: EngineUsage;
}

/** What building a panel would take, before anything is built. */
export interface PanelBuildEstimate {
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
}

/**
 * Builds a market panel's personas, a batch at a time. The facts of every
 * member (age, sex, income, place, household, education, occupation and
 * the frame's traits) are worked out in code (`domain/panel-personas.ts`);
 * the local builder also composes the prose, the OpenAI builder asks a
 * model for the names and the prose only.
 */
export interface PanelBuilder {
  readonly engine: 'local' | 'openai';
  /** The model priced ("local" for the local builder). */
  readonly model: string;
  /** "local" or "openai:<model>": the engine a built batch names. */
  readonly builtBy: string;
  /** Throws InferenceFailed, with a reason a customer can read, when the batch cannot be built. */
  build(batch: PanelBatch, signal?: AbortSignal): Promise<BuiltPanelBatch>;
  estimate(size: number): PanelBuildEstimate;
}

const noUsage = (): EngineUsage => ({ inputTokens: 0, outputTokens: 0, modelCalls: 0 });

/** Every persona composed in code: no model call, nothing to pay. One slot of the shared limit per batch. */
export class LocalPanelBuilder implements PanelBuilder {
  readonly engine = 'local';
  readonly model = 'local';
  readonly builtBy = 'local';

  constructor(private readonly limit?: pLimit.Limit) {}

  async build(batch: PanelBatch): Promise<BuiltPanelBatch> {
    const compose = () => {
      const profiles = panelPersonas(batch.frame, batch.members, batch.seed);
      return {
        personas: batch.members.map((member, i) => ({
          index: member.index,
          profile: profiles[i]!,
        })),
        usage: noUsage(),
      };
    };
    return this.limit ? this.limit(() => Promise.resolve(compose())) : compose();
  }

  estimate(): PanelBuildEstimate {
    return noUsage();
  }
}

/** The price of a builder's model: nothing for the local builder, the price list's for a model (undefined: unknown). */
export function panelBuildPrice(
  builder: PanelBuilder,
  prices: Record<string, ModelPrice>,
): ModelPrice | undefined {
  return builder.engine === 'local'
    ? { inputPerMillion: 0, outputPerMillion: 0 }
    : prices[builder.model];
}

/** What building a panel of `size` personas would take and cost (undefined: no price known for the model). */
export function estimatePanelBuild(
  builder: PanelBuilder,
  prices: Record<string, ModelPrice>,
  size: number,
): PanelBuildEstimate & {
  engine: PanelBuilder['engine'];
  model: string;
  costUsd: number | undefined;
} {
  const estimate = builder.estimate(size);
  return {
    engine: builder.engine,
    model: builder.model,
    ...estimate,
    costUsd: costOf(estimate, panelBuildPrice(builder, prices)),
  };
}
