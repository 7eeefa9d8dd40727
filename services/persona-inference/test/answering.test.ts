import {
  defaultModelPrices,
  type EngineAnswer,
  EXPECTED_OUTPUT_TOKENS,
  type Opinion,
  type TypedQuestionSpec,
} from '@chorus/contracts';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import pLimit from 'p-limit';
import { answerKey, MemoryAnswerCache } from '../src/answer-cache';
import { Answering } from '../src/answering';
import {
  type EngineResult,
  type InferenceEngine,
  InferenceFailed,
  type PersonaQuestion,
} from '../src/engines/engine';
import { LocalEngine } from '../src/engines/local';
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

describe('Answering a typed question', () => {
  const scale: TypedQuestionSpec = {
    type: 'scale',
    points: 5,
    lowLabel: 'Very unlikely',
    highLabel: 'Very likely',
    pointLabels: [],
    ratingMethod: 'direct',
  };
  const priceRise = 'We are raising the monthly price from $29 to $49. Would you stay?';

  it('gives every persona its open answer and its typed answer, the same for the same run', async () => {
    const answering = answeringWith(new LocalEngine(), 4);
    const question = { questionText: priceRise, personas: everyPersona, business, spec: scale };
    const first = await answering.answer(question);
    const again = await answering.answer(question);
    expect(JSON.stringify(again.responses)).toBe(JSON.stringify(first.responses));
    const open = await answering.answer({
      questionText: priceRise,
      personas: everyPersona,
      business,
    });
    for (const [i, response] of first.responses.entries()) {
      // The open answer is what the question without a type gets.
      const { typed, segments, ...rest } = response;
      expect(rest).toEqual(open.responses[i]);
      // A typed answer says which segment of each trait the persona is in, for the cuts.
      expect(segments).toMatchObject({ age: expect.any(String), income: expect.any(String) });
      expect(typed).toMatchObject({ type: 'scale', noAnswer: 0 });
      const draws = typed!.draws as number[];
      expect(draws).toHaveLength(20);
      // No one against the rise rates it high.
      if (response.opinion === 'negative') expect(Math.max(...draws)).toBeLessThanOrEqual(3);
      if (response.opinion === 'positive') expect(Math.min(...draws)).toBeGreaterThanOrEqual(3);
    }
    expect(first.responses.some((r) => r.opinion === 'negative')).toBe(true);
    expect(open.responses.every((r) => r.typed === undefined)).toBe(true);
    const other = await answering.answer({ ...question, seed: 2 });
    expect(other.responses.map((r) => r.typed)).not.toEqual(first.responses.map((r) => r.typed));
  });

  it("is never served the open question's cached answer, nor another type's", async () => {
    let calls = 0;
    let typedCalls = 0;
    const local = new LocalEngine();
    const engine: InferenceEngine = {
      name: 'openai',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      promptTemplateHash: 'test',
      typedTemplateHash: 'typed-test',
      promptTokens: () => 100,
      answer: (asked) => {
        calls += 1;
        return local.answer(asked);
      },
      answerTyped: (asked, earlier) => {
        typedCalls += 1;
        return local.answerTyped(asked, earlier);
      },
      typedUsage: () => ({ modelCalls: 1, inputTokens: 300, outputTokens: 50 }),
    };
    const answering = new Answering({
      engine,
      limit: pLimit(4),
      logger: testLogger(),
      cache: new MemoryAnswerCache(100),
      draws: 20,
      prices: defaultModelPrices,
    });
    const open = { questionText: priceRise, personas: everyPersona, business };
    await answering.answer(open);
    expect(calls).toBe(everyPersona.length);
    const typed = { ...open, spec: scale };
    // Not cached: the open answer and the typed one are both counted.
    expect(await answering.estimate(typed)).toMatchObject({
      modelCalls: everyPersona.length * 2,
      cachedAnswers: 0,
      inputTokens: everyPersona.length * 400,
      outputTokens: everyPersona.length * (EXPECTED_OUTPUT_TOKENS + 50),
    });
    const answered = await answering.answer(typed);
    expect(answered.responses.every((r) => r.typed?.type === 'scale')).toBe(true);
    expect(calls).toBe(everyPersona.length * 2);
    expect(typedCalls).toBe(everyPersona.length);
    expect(await answering.estimate(typed)).toMatchObject({
      modelCalls: 0,
      cachedAnswers: everyPersona.length,
    });
    const again = await answering.answer(typed);
    expect(again.responses).toEqual(answered.responses);
    expect(typedCalls).toBe(everyPersona.length);
    const nps = await answering.answer({ ...open, spec: { type: 'nps' } });
    expect(nps.responses.every((r) => r.typed?.type === 'nps')).toBe(true);
    expect(typedCalls).toBe(everyPersona.length * 2);
    // A wording check asks its framings as open questions: no typed calls for them.
    const checked = await answering.answer({ ...typed, checkWording: true, seed: 5 });
    expect(typedCalls).toBe(everyPersona.length * 3);
    expect(checked.run.sensitivity).not.toBeNull();
  });

  it('keys a typed answer by its settings', () => {
    const engine = new LocalEngine();
    const asked = { questionText: priceRise, persona: personas.sarah, business, seed: 1 };
    const keys = [
      answerKey(engine, asked),
      answerKey(engine, asked, { spec: scale, ratingMethod: 'direct', draws: 20 }),
      answerKey(engine, asked, {
        spec: { ...scale, points: 7 },
        ratingMethod: 'direct',
        draws: 20,
      }),
      answerKey(engine, asked, { spec: scale, ratingMethod: 'semantic-similarity', draws: 20 }),
      answerKey(engine, asked, { spec: scale, ratingMethod: 'direct', draws: 50 }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fails with a reason when the engine cannot answer typed questions', async () => {
    const engine: InferenceEngine = {
      name: 'openai',
      model: 'test-model',
      temperature: 0,
      promptTemplateHash: 'test',
      promptTokens: () => 0,
      answer: () =>
        Promise.resolve({
          answer: answerOf('neutral'),
          usage: { inputTokens: 0, outputTokens: 0, modelCalls: 1 },
        }),
    };
    await expect(
      answeringWith(engine, 2).answer({
        questionText: priceRise,
        personas: [personas.sarah],
        business,
        spec: { type: 'nps' },
      }),
    ).rejects.toThrow('This engine cannot answer typed questions.');
  });
});
