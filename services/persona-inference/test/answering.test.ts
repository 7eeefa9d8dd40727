import { defaultModelPrices, type EngineAnswer, type Opinion } from '@chorus/contracts';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import pLimit from 'p-limit';
import { MemoryAnswerCache } from '../src/answer-cache';
import { Answering } from '../src/answering';
import {
  type EngineResult,
  type InferenceEngine,
  InferenceFailed,
  type PersonaQuestion,
} from '../src/engines/engine';
import { business, everyPersona, personas } from './fixtures';

/** An answer certain of one opinion, so every draw is that opinion. */
const answerOf = (opinion: Opinion): EngineAnswer => ({
  distribution: { positive: 0, neutral: 0, negative: 0, [opinion]: 1 },
  safetyInfluence: 'low',
  response: 'I think so.',
  reasoning: 'Because.',
  grounding: { personaAttributes: ['income'], profileFields: ['pricingModels'] },
});

/** An engine whose answers the test releases by hand, so concurrency can be watched. */
class HeldEngine implements InferenceEngine {
  readonly name = 'local';
  readonly model = 'held';
  readonly temperature = 0;
  readonly promptTemplateHash = 'held';
  readonly waiting: { persona: string; release: (answer: EngineAnswer | Error) => void }[] = [];
  inFlight = 0;
  maxInFlight = 0;
  aborted = 0;

  promptTokens(): number {
    return 0;
  }

  answer(question: PersonaQuestion, signal?: AbortSignal): Promise<EngineResult> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return new Promise<EngineResult>((resolve, reject) => {
      let settled = false;
      const settle = () => {
        if (settled) return false;
        settled = true;
        this.inFlight -= 1;
        return true;
      };
      signal?.addEventListener('abort', () => {
        if (!settle()) return;
        this.aborted += 1;
        reject(new InferenceFailed('stopped'));
      });
      this.waiting.push({
        persona: question.persona.name,
        release: (outcome) => {
          if (!settle()) return;
          if (outcome instanceof Error) reject(outcome);
          else {
            resolve({ answer: outcome, usage: { inputTokens: 0, outputTokens: 0, modelCalls: 1 } });
          }
        },
      });
    });
  }
}

/** Answering without a cache, so every ask reaches the engine. */
const answeringWith = (engine: InferenceEngine, limit: number) =>
  new Answering({
    engine,
    limit: pLimit(limit),
    logger: testLogger(),
    cache: new MemoryAnswerCache(0),
    draws: 20,
    prices: defaultModelPrices,
  });

const until = (condition: () => boolean) =>
  eventually(condition, { intervalMs: 1, timeoutMs: 5_000 });

describe('Answering', () => {
  it('answers every persona, at most the limit at once, and aggregates', async () => {
    const engine = new HeldEngine();
    const answering = answeringWith(engine, 3);
    const pending = answering.answer({
      questionText: 'Is it worth it?',
      personas: everyPersona,
      business,
    });
    let released = 0;
    while (released < everyPersona.length) {
      await until(() => engine.waiting.length > 0);
      expect(engine.inFlight).toBeLessThanOrEqual(3);
      engine.waiting.shift()!.release(answerOf(released % 2 === 0 ? 'positive' : 'negative'));
      released += 1;
    }
    const result = await pending;
    expect(engine.maxInFlight).toBe(3);
    expect(result.responses.map((r) => r.personaName)).toEqual(everyPersona.map((p) => p.name));
    expect(result.responses.map((r) => r.personaId)).toEqual(everyPersona.map((p) => p.personaId));
    expect(result.aggregatedResults.positive + result.aggregatedResults.negative).toBe(100);
  });

  it('shares one limit between questions answered at the same time', async () => {
    const engine = new HeldEngine();
    const answering = answeringWith(engine, 4);
    const questions = [0, 1, 2].map(() =>
      answering.answer({ questionText: 'Is it worth it?', personas: everyPersona, business }),
    );
    for (let i = 0; i < everyPersona.length * 3; i++) {
      await until(() => engine.waiting.length > 0);
      engine.waiting.shift()!.release(answerOf('neutral'));
    }
    await Promise.all(questions);
    expect(engine.maxInFlight).toBe(4);
  });

  it('fails the question with the reason of the first persona that fails, and stops the rest', async () => {
    const engine = new HeldEngine();
    const answering = answeringWith(engine, 3);
    const pending = answering.answer({
      questionText: 'Is it worth it?',
      personas: everyPersona,
      business,
    });
    await until(() => engine.waiting.length === 3);
    engine.waiting.shift()!.release(new InferenceFailed('The AI service did not answer in time.'));
    await expect(pending).rejects.toThrow('The AI service did not answer in time.');
    // The two in flight are stopped; the queued ones never start.
    await until(() => engine.aborted === 2);
    expect(engine.inFlight).toBe(0);
  });

  it('keeps only grounds that exist, and refuses an answer that breaks the schema', async () => {
    const engine: InferenceEngine = {
      name: 'openai',
      model: 'test-model',
      temperature: 0,
      promptTemplateHash: 'test',
      promptTokens: () => 0,
      answer: async ({ persona }) => ({
        answer: {
          ...answerOf('positive'),
          response: persona.name === 'Marcus Johnson' ? ' ' : 'I think so.',
          grounding: {
            personaAttributes: ['gender', 'income', 'income'],
            profileFields: ['pricingModels', 'marketShare'],
          },
        },
        usage: { inputTokens: 10, outputTokens: 5, modelCalls: 1 },
      }),
    };
    const answering = answeringWith(engine, 2);
    const { responses } = await answering.answer({
      questionText: 'Is it worth it?',
      personas: [{ ...personas.rosa, gender: '' }],
      business,
    });
    expect(responses[0]!.grounding).toEqual({
      personaAttributes: ['income'],
      profileFields: ['pricingModels'],
    });
    await expect(
      answering.answer({ questionText: 'Is it worth it?', personas: [personas.marcus], business }),
    ).rejects.toThrow('The answer for Marcus Johnson could not be read.');
  });

  it('draws each opinion from its distribution with the seed: the same seed, the same answers', async () => {
    const split: EngineAnswer = {
      ...answerOf('neutral'),
      distribution: { positive: 0.4, neutral: 0.3, negative: 0.3 },
    };
    const engine: InferenceEngine = {
      name: 'openai',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      promptTemplateHash: 'test',
      promptTokens: () => 100,
      answer: () =>
        Promise.resolve({
          answer: split,
          usage: { inputTokens: 1_000, outputTokens: 200, modelCalls: 1 },
        }),
    };
    const answering = answeringWith(engine, 4);
    const ask = (seed: number) =>
      answering.answer({ questionText: 'Is it worth it?', personas: everyPersona, business, seed });
    const first = await ask(7);
    const again = await ask(7);
    expect(JSON.stringify(again.responses)).toBe(JSON.stringify(first.responses));
    const other = await ask(8);
    expect(other.responses.map((r) => r.draws)).not.toEqual(first.responses.map((r) => r.draws));
    // Every persona drew 20 times from the same distribution, and its confidence is the peak.
    for (const response of other.responses) {
      const { positive, neutral, negative } = response.draws!;
      expect(positive + neutral + negative).toBe(20);
      expect(response.confidence).toBe(0.4);
      expect(response.distribution).toEqual(split.distribution);
    }
    // Usage comes from the engine; the cost from the model's price (gpt-4o-mini: $0.15 / $0.60).
    expect(first.run.usage).toEqual({
      inputTokens: 1_000 * everyPersona.length,
      outputTokens: 200 * everyPersona.length,
      modelCalls: everyPersona.length,
      cachedAnswers: 0,
    });
    expect(first.run.costUsd).toBeCloseTo(everyPersona.length * 0.00027, 8);
    expect(first.run.seed).toBe(7);
  });

  it('answers the same run from the cache: no engine call, no cost', async () => {
    let calls = 0;
    const engine: InferenceEngine = {
      name: 'openai',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      promptTemplateHash: 'test',
      promptTokens: () => 100,
      answer: () => {
        calls += 1;
        return Promise.resolve({
          answer: answerOf('positive'),
          usage: { inputTokens: 1_000, outputTokens: 200, modelCalls: 1 },
        });
      },
    };
    const answering = new Answering({
      engine,
      limit: pLimit(4),
      logger: testLogger(),
      cache: new MemoryAnswerCache(100),
      draws: 20,
      prices: defaultModelPrices,
    });
    const question = { questionText: 'Is it worth it?', personas: everyPersona, business };
    expect(await answering.estimate(question)).toMatchObject({
      modelCalls: everyPersona.length,
      cachedAnswers: 0,
    });
    const first = await answering.answer(question);
    expect(calls).toBe(everyPersona.length);
    expect(await answering.estimate(question)).toMatchObject({
      modelCalls: 0,
      cachedAnswers: everyPersona.length,
      costUsd: 0,
    });
    const again = await answering.answer(question);
    expect(calls).toBe(everyPersona.length);
    expect(again.responses).toEqual(first.responses);
    expect(again.run.usage).toMatchObject({ modelCalls: 0, cachedAnswers: everyPersona.length });
    expect(again.run.costUsd).toBe(0);
    // A new seed is a new run: asked again.
    await answering.answer({ ...question, seed: 2 });
    expect(calls).toBe(everyPersona.length * 2);
  });
});
