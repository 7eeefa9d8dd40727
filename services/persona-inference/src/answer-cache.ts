import { type EngineAnswer, engineAnswerSchema } from '@chorus/contracts';
import type { Logger } from '@chorus/service-kit';
import { createHash } from 'node:crypto';
import type { RedisClientType } from 'redis';
import type { InferenceEngine, PersonaQuestion } from './engines/engine';

/**
 * Persona answers kept by their run key: the engine, model, temperature,
 * prompt template, seed, question text, the persona's attributes and the
 * business profile it saw. The same run asked again is answered from here:
 * identical answers, no model call, no cost.
 */
export interface AnswerCache {
  get(key: string): Promise<EngineAnswer | undefined>;
  has(key: string): Promise<boolean>;
  set(key: string, answer: EngineAnswer): Promise<void>;
}

/** The run key of one persona's answer. */
export function answerKey(engine: InferenceEngine, question: PersonaQuestion): string {
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
      ]),
    )
    .digest('hex');
}

/** In this process, bounded: the least recently used answers go first. */
export class MemoryAnswerCache implements AnswerCache {
  private readonly entries = new Map<string, EngineAnswer>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): Promise<EngineAnswer | undefined> {
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

  set(key: string, answer: EngineAnswer): Promise<void> {
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

  async get(key: string): Promise<EngineAnswer | undefined> {
    try {
      const stored = await this.deps.redis.get(RedisAnswerCache.entry(key));
      if (!stored) return undefined;
      const parsed = engineAnswerSchema.safeParse(JSON.parse(stored));
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

  async set(key: string, answer: EngineAnswer): Promise<void> {
    try {
      await this.deps.redis.set(RedisAnswerCache.entry(key), JSON.stringify(answer), {
        expiration: { type: 'EX', value: this.deps.ttlSeconds },
      });
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'answer cache write failed');
    }
  }
}
