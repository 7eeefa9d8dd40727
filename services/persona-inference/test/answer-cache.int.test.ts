import { defaultModelPrices, type EngineAnswer } from '@chorus/contracts';
import { testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { createClient, type RedisClientType } from 'redis';
import {
  answerKey,
  type AnswerCache,
  MemoryAnswerCache,
  RedisAnswerCache,
} from '../src/answer-cache';
import { Answering } from '../src/answering';
import type { InferenceEngine } from '../src/engines/engine';
import { business, everyPersona } from './fixtures';

// The answer cache: in one process by default; with REDIS_URL shared by
// every inference process, so the same run asked again is free whichever
// worker takes it. The Redis variant runs wherever a Redis is configured for
// tests (CI sets TEST_REDIS_URL).

/** A model engine that counts its calls. */
function countingEngine(): InferenceEngine & { calls: number } {
  const answer: EngineAnswer = {
    distribution: { positive: 0.5, neutral: 0.3, negative: 0.2 },
    safetyInfluence: 'low',
    response: 'I would think about it.',
    reasoning: 'Because of the price.',
    grounding: { personaAttributes: ['income'], profileFields: [] },
  };
  const engine = {
    name: 'openai' as const,
    model: 'gpt-4o-mini',
    temperature: 0.7,
    promptTemplateHash: 'template',
    calls: 0,
    promptTokens: () => 100,
    answer() {
      engine.calls += 1;
      return Promise.resolve({
        answer,
        usage: { inputTokens: 1_000, outputTokens: 200, modelCalls: 1 },
      });
    },
  };
  return engine;
}

const answeringWith = (engine: InferenceEngine, cache: AnswerCache) =>
  new Answering({
    engine,
    limit: pLimit(8),
    logger: testLogger(),
    cache,
    draws: 20,
    prices: defaultModelPrices,
  });

const question = () => ({
  // A question of its own per test, so runs of earlier tests are not cached.
  questionText: `Would you pay $9 a month for this? (${randomUUID()})`,
  personas: everyPersona,
  business,
});

describe('the in-process answer cache', () => {
  it('forgets the least recently used answers beyond its size', async () => {
    const cache = new MemoryAnswerCache(2);
    const engine = countingEngine();
    const answer = (
      await engine.answer({ questionText: 'x', persona: everyPersona[0]!, business, seed: 1 })
    ).answer;
    await cache.set('a', answer);
    await cache.set('b', answer);
    await cache.get('a');
    await cache.set('c', answer);
    expect(await cache.has('a')).toBe(true);
    expect(await cache.has('b')).toBe(false);
    expect(await cache.has('c')).toBe(true);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describe('the answer cache shared in Redis', () => {
    const clients: RedisClientType[] = [];
    const connect = async () => {
      const client: RedisClientType = createClient({ url: redisUrl });
      await client.connect();
      clients.push(client);
      return new RedisAnswerCache({ redis: client, ttlSeconds: 600, logger: testLogger() });
    };
    afterAll(async () => {
      for (const client of clients) await client.quit();
    });

    it('answers the same run on another worker without a model call', async () => {
      const engine = countingEngine();
      const first = answeringWith(engine, await connect());
      const second = answeringWith(engine, await connect());
      const asked = question();
      const answered = await first.answer(asked);
      expect(engine.calls).toBe(everyPersona.length);
      expect(await second.estimate(asked)).toMatchObject({
        modelCalls: 0,
        cachedAnswers: everyPersona.length,
        costUsd: 0,
      });
      const again = await second.answer(asked);
      expect(engine.calls).toBe(everyPersona.length);
      expect(JSON.stringify(again.responses)).toBe(JSON.stringify(answered.responses));
      expect(again.run.usage).toMatchObject({ modelCalls: 0, cachedAnswers: everyPersona.length });
    });

    it('treats an unreadable entry as a miss and asks the engine', async () => {
      const engine = countingEngine();
      const cache = await connect();
      const asked = question();
      const key = answerKey(engine, { ...asked, persona: everyPersona[0]!, seed: 1 });
      await clients[0]!.set(`chorus:inference:answer:${key}`, '{"distribution": "broken"');
      expect(await cache.get(key)).toBeUndefined();
      await answeringWith(engine, cache).answer({ ...asked, personas: [everyPersona[0]!] });
      expect(engine.calls).toBe(1);
      expect(await cache.get(key)).toMatchObject({ response: 'I would think about it.' });
    });
  });
}
