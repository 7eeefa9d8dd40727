import {
  type EngineAnswer,
  engineAnswerSchema,
  type TypedAnswer,
  type TypedQuestionSpec,
} from '@chorus/contracts';
import type { Logger } from '@chorus/service-kit';
import { createHash } from 'node:crypto';
import type { RedisClientType } from 'redis';
import { z } from 'zod';
import type { InferenceEngine, PersonaQuestion, RatingMethod } from './engines/engine';

/** A persona's answer as kept: the engine's answer, and its typed answer when one was asked. */
export type CachedAnswer = EngineAnswer & { typed?: TypedAnswer };

/** What makes a typed answer: its settings, how a scale is rated, and how many draws are taken. */
export interface TypedKey {
  spec: TypedQuestionSpec;
  ratingMethod: RatingMethod;
  draws: number;
}

const count = z.number().int().min(0);
const indexes = z.array(z.number().int().min(0));
const maxDiffTask = z.object({ shown: indexes, best: count, worst: count });
const priceRangeDraw = z.object({
  tooCheap: z.number(),
  bargain: z.number(),
  expensive: z.number(),
  tooExpensive: z.number(),
  buyAtBargain: z.number(),
  buyAtExpensive: z.number(),
});

/** A typed answer read back from the shared cache: a stored one of another shape is a miss. */
const typedAnswerSchema: z.ZodType<TypedAnswer> = z.union([
  z.object({
    type: z.enum(['scale', 'nps', 'single_choice', 'number']),
    draws: z.array(z.number()),
    noAnswer: count,
  }),
  z.object({
    type: z.enum(['multiple_choice', 'ranking']),
    draws: z.array(indexes),
    noAnswer: count,
  }),
  z.object({ type: z.literal('maxdiff'), draws: z.array(z.array(maxDiffTask)), noAnswer: count }),
  z.object({
    type: z.literal('price_ladder'),
    buyProbability: z.array(z.number().min(0).max(1)),
    draws: z.array(count),
    noAnswer: count,
  }),
  z.object({
    type: z.literal('price_range'),
    draws: z.array(priceRangeDraw),
    outOfOrder: count,
    noAnswer: count,
  }),
]);

const cachedAnswerSchema = engineAnswerSchema.extend({ typed: typedAnswerSchema.optional() });

/**
 * Persona answers kept by their run key: the engine, model, temperature,
 * prompt template, seed, question text, the persona's attributes and the
 * business profile it saw, and for a typed question its settings. The same run asked again is answered from here:
 * identical answers, no model call, no cost.
 */
export interface AnswerCache {
  get(key: string): Promise<CachedAnswer | undefined>;
  has(key: string): Promise<boolean>;
  set(key: string, answer: CachedAnswer): Promise<void>;
}

/**
 * The run key of one persona's answer. A typed question's key adds its
 * settings, so it is never answered from the open question's entry (nor one
 * type from another's); an open question's key is as it always was.
 */
export function answerKey(
  engine: InferenceEngine,
  question: PersonaQuestion,
  typed?: TypedKey,
): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        engine.name,
        engine.model,
        engine.temperature,
        engine.promptTemplateHash,
        question.seed,
        question.questionText,
        question.persona,
        question.business,
        ...(typed
          ? ['typed', engine.typedTemplateHash ?? '', typed.spec, typed.ratingMethod, typed.draws]
          : []),
      ]),
    )
    .digest('hex');
}

/** In this process, bounded: the least recently used answers go first. */
export class MemoryAnswerCache implements AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): Promise<CachedAnswer | undefined> {
    const found = this.entries.get(key);
    if (found) {
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return Promise.resolve(found);
  }

  has(key: string): Promise<boolean> {
    return Promise.resolve(this.entries.has(key));
  }

  set(key: string, answer: CachedAnswer): Promise<void> {
    if (this.maxEntries <= 0) return Promise.resolve();
    this.entries.delete(key);
    this.entries.set(key, answer);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return Promise.resolve();
  }
}

/**
 * Shared by every inference process (the workers and the server that
 * estimates), so the same run asked again is free whichever worker takes
 * it. Entries expire after `ttlSeconds`. Redis being down costs a model
 * call, never an answer: a failed read is a miss, a failed write is logged.
 */
export class RedisAnswerCache implements AnswerCache {
  constructor(
    private readonly deps: { redis: RedisClientType; ttlSeconds: number; logger: Logger },
  ) {}

  private static entry(key: string): string {
    return `chorus:inference:answer:${key}`;
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    try {
      const stored = await this.deps.redis.get(RedisAnswerCache.entry(key));
      if (!stored) return undefined;
      const parsed = cachedAnswerSchema.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : undefined;
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'answer cache read failed; asking the engine');
      return undefined;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await this.deps.redis.exists(RedisAnswerCache.entry(key))) === 1;
    } catch {
      return false;
    }
  }

  async set(key: string, answer: CachedAnswer): Promise<void> {
    try {
      await this.deps.redis.set(RedisAnswerCache.entry(key), JSON.stringify(answer), {
        expiration: { type: 'EX', value: this.deps.ttlSeconds },
      });
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'answer cache write failed');
    }
  }
}
