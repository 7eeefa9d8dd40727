import {
  defaultModelPrices,
  type EngineAnswer,
  type SpecOf,
  type TypedAnswer,
  type TypedQuestionSpec,
} from '@chorus/contracts';
import { testLogger } from '@chorus/service-kit/testing';
import pLimit from 'p-limit';
import { MemoryAnswerCache } from '../src/answer-cache';
import { Answering } from '../src/answering';
import { InferenceFailed, type TypedPersonaQuestion } from '../src/engines/engine';
import { OpenAIEngine } from '../src/engines/openai';
import { anchorSentences, similarityDistribution } from '../src/domain/typed-prompt';
import {
  type FakeEmbeddingReply,
  type FakeEmbeddingRequest,
  type FakeOpenAI,
  type FakeReply,
  type FakeRequest,
  startFakeOpenAI,
  validAnswer,
} from '../src/testing';
import { business, personas } from './fixtures';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function engineAgainst(
  reply: (request: FakeRequest, n: number) => FakeReply,
  options: {
    embed?: (request: FakeEmbeddingRequest, n: number) => FakeEmbeddingReply;
    embeddingModel?: string;
  } = {},
) {
  fake = await startFakeOpenAI(reply, options.embed);
  return new OpenAIEngine({
    apiKey: 'test-key',
    baseURL: fake.url,
    model: 'fake-model',
    temperature: 0.7,
    timeoutMs: 5_000,
    retries: 2,
    backoffMs: 10,
    logger: testLogger(),
    ...(options.embeddingModel ? { embeddingModel: options.embeddingModel } : {}),
  });
}

const earlier = JSON.parse(validAnswer()) as EngineAnswer;

const ask = (
  spec: TypedQuestionSpec,
  overrides: Partial<TypedPersonaQuestion> = {},
): TypedPersonaQuestion => ({
  questionText: 'Would you buy Lantern Plus?',
  persona: personas.dorothy,
  business,
  seed: 3,
  spec,
  ratingMethod: 'direct',
  draws: 20,
  ...overrides,
});

const json = (value: unknown): FakeReply => ({ content: JSON.stringify(value) });
interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
}
/** The strict schema a request asked for. */
const schemaOf = (request: FakeRequest | undefined) =>
  request?.body.response_format?.json_schema?.schema as JsonSchema;
/** The properties of the items of an array property. */
const itemsOf = (schema: JsonSchema, key: string) => schema.properties![key]!.items!.properties!;

const scale: SpecOf<'scale'> = {
  type: 'scale',
  points: 5,
  lowLabel: 'Very unlikely',
  highLabel: 'Very likely',
  pointLabels: [],
  ratingMethod: 'direct',
};
const options = ['Email', 'Phone', 'Chat'];
const items = ['Price', 'Speed', 'Support', 'Design', 'Warranty'];

const probabilities = (key: string, values: readonly (string | number)[], on: number[]) => ({
  probabilities: values.map((value, i) => ({ [key]: value, probability: on[i] ?? 0 })),
});

describe('typed answers with strict structured output', () => {
  it.each<
    [
      string,
      TypedQuestionSpec,
      (request: FakeRequest) => unknown,
      (answer: TypedAnswer, schema: JsonSchema) => void,
    ]
  >([
    [
      'a rating scale: a probability for each point, an enum of the points',
      scale,
      () => probabilities('point', [1, 2, 3, 4, 5], [0, 0, 0, 1, 0]),
      (answer, schema) => {
        expect(itemsOf(schema, 'probabilities').point).toEqual({
          type: 'integer',
          enum: [1, 2, 3, 4, 5],
        });
        expect(answer).toEqual({ type: 'scale', draws: new Array(20).fill(4), noAnswer: 0 });
      },
    ],
    [
      'NPS: scores 0 to 10',
      { type: 'nps' },
      () =>
        probabilities(
          'score',
          Array.from({ length: 11 }, (_, i) => i),
          [0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0.5],
        ),
      (answer, schema) => {
        expect(itemsOf(schema, 'probabilities').score).toMatchObject({
          enum: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        });
        if (answer.type !== 'nps') throw new Error(answer.type);
        expect(answer.draws.every((d) => d === 9 || d === 10)).toBe(true);
        expect(new Set(answer.draws).size).toBe(2);
      },
    ],
    [
      'a single choice: its options and "None of these"',
      { type: 'single_choice', options, noneOption: true },
      () => probabilities('option', [...options, 'None of these'], [0, 0, 0, 1]),
      (answer, schema) => {
        expect(itemsOf(schema, 'probabilities').option).toEqual({
          type: 'string',
          enum: ['Email', 'Phone', 'Chat', 'None of these'],
        });
        expect(answer).toMatchObject({ type: 'single_choice', draws: new Array(20).fill(3) });
      },
    ],
    [
      'a multiple choice: a chance of ticking each option',
      { type: 'multiple_choice', options, noneOption: false },
      () => ({
        options: [
          { option: 'Email', probability: 1 },
          { option: 'Phone', probability: 0 },
          { option: 'Chat', probability: 1 },
        ],
      }),
      (answer, schema) => {
        expect(itemsOf(schema, 'options').option).toMatchObject({ enum: options });
        expect(answer).toMatchObject({
          type: 'multiple_choice',
          draws: new Array(20).fill([0, 2]),
        });
      },
    ],
    [
      'a multiple choice ticking nothing: "None of these"',
      { type: 'multiple_choice', options, noneOption: true },
      () => ({ options: options.map((option) => ({ option, probability: 0 })) }),
      (answer) => {
        expect(answer).toMatchObject({ draws: new Array(20).fill([3]) });
      },
    ],
    [
      'a number: low, typical and high within the range, drawn from their triangle',
      { type: 'number', unit: 'dollars a month', min: 0, max: 500 },
      () => ({ low: 10, typical: 20, high: 40 }),
      (answer, schema) => {
        expect(schema).toMatchObject({
          required: ['low', 'typical', 'high'],
          properties: { typical: { type: 'number', minimum: 0, maximum: 500 } },
        });
        if (answer.type !== 'number') throw new Error(answer.type);
        expect(Math.min(...answer.draws)).toBeGreaterThanOrEqual(10);
        expect(Math.max(...answer.draws)).toBeLessThanOrEqual(40);
        expect(new Set(answer.draws).size).toBeGreaterThan(5);
      },
    ],
    [
      'a ranking: an order of the items',
      { type: 'ranking', items },
      () => ({ ranking: [...items].reverse() }),
      (answer, schema) => {
        expect(schema).toMatchObject({
          properties: { ranking: { type: 'array', items: { enum: items } } },
        });
        expect(answer).toMatchObject({
          type: 'ranking',
          draws: new Array(20).fill([4, 3, 2, 1, 0]),
        });
      },
    ],
    [
      'best–worst: the best and worst of each set shown',
      { type: 'maxdiff', items, perSet: 4, sets: 4 },
      (request) => {
        const sets = schemaOf(request).properties!.sets!.properties!;
        return {
          sets: Object.fromEntries(
            Object.entries(sets).map(([name, set]) => {
              const shown = set.properties!.best!.enum as string[];
              return [name, { best: shown[0], worst: shown[shown.length - 1] }];
            }),
          ),
        };
      },
      (answer, schema) => {
        expect(Object.keys(schema.properties!.sets!.properties!)).toEqual([
          'set1',
          'set2',
          'set3',
          'set4',
        ]);
        if (answer.type !== 'maxdiff') throw new Error(answer.type);
        expect(answer.draws).toHaveLength(20);
        for (const task of answer.draws[0]!) {
          expect(task.shown).toHaveLength(4);
          expect(task.best).toBe(task.shown[0]);
          expect(task.worst).toBe(task.shown[3]);
        }
        expect(answer.draws[19]).toEqual(answer.draws[0]);
      },
    ],
    [
      'a price ladder: a probability of buying at each price, made non-increasing',
      {
        type: 'price_ladder',
        offer: 'Lantern Plus',
        currency: 'USD',
        period: 'month',
        prices: [9, 19, 29, 49],
      },
      () => probabilities('price', [9, 19, 29, 49], [0.9, 0.95, 0.5, 0.2]),
      (answer, schema) => {
        expect(itemsOf(schema, 'probabilities').price).toEqual({
          type: 'number',
          enum: [9, 19, 29, 49],
        });
        if (answer.type !== 'price_ladder') throw new Error(answer.type);
        expect(answer.buyProbability).toEqual([0.9, 0.9, 0.5, 0.2]);
        expect(answer.draws.every((k) => k >= 0 && k <= 4)).toBe(true);
      },
    ],
    [
      'a price range: four prices and the two likelihoods, for every draw',
      {
        type: 'price_range',
        offer: 'Lantern Plus',
        currency: 'USD',
        period: 'month',
        likelihood: true,
      },
      () => ({
        tooCheap: 5,
        bargain: 12,
        expensive: 30,
        tooExpensive: 60,
        buyAtBargain: 0.8,
        buyAtExpensive: 0.2,
      }),
      (answer, schema) => {
        expect(schema).toMatchObject({
          additionalProperties: false,
          required: [
            'tooCheap',
            'bargain',
            'expensive',
            'tooExpensive',
            'buyAtBargain',
            'buyAtExpensive',
          ],
        });
        expect(answer).toEqual({
          type: 'price_range',
          draws: new Array(20).fill({
            tooCheap: 5,
            bargain: 12,
            expensive: 30,
            tooExpensive: 60,
            buyAtBargain: 0.8,
            buyAtExpensive: 0.2,
          }),
          outOfOrder: 0,
          noAnswer: 0,
        });
      },
    ],
  ])('%s', async (_name, spec, reply, check) => {
    const engine = await engineAgainst((request) => json(reply(request)));
    const { typed, usage } = await engine.answerTyped(ask(spec), earlier);
    expect(usage).toEqual({ inputTokens: 512, outputTokens: 128, modelCalls: 1 });
    const [request] = fake!.requests;
    expect(request!.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: `typed_${spec.type}`, strict: true },
    });
    expect(request!.body.seed).toBe(3);
    // The persona is reminded of its own answer to the question, so the two agree.
    expect(request!.body.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
    expect(request!.body.messages[2]!.content).toBe(earlier.response);
    check(typed, schemaOf(request));
  });

  it('draws with the seed: the same run gives the same draws', async () => {
    const engine = await engineAgainst(() =>
      json(probabilities('point', [1, 2, 3, 4, 5], [0.1, 0.2, 0.4, 0.2, 0.1])),
    );
    const first = await engine.answerTyped(ask(scale), earlier);
    const again = await engine.answerTyped(ask(scale), earlier);
    const other = await engine.answerTyped(ask(scale, { seed: 4 }), earlier);
    expect(again.typed).toEqual(first.typed);
    expect(other.typed.draws).not.toEqual(first.typed.draws);
  });
});

describe('a typed reply that breaks its schema', () => {
  const range: SpecOf<'price_range'> = {
    type: 'price_range',
    offer: 'Lantern Plus',
    currency: 'USD',
    period: 'month',
    likelihood: false,
  };
  const outOfOrder = { tooCheap: 20, bargain: 10, expensive: 30, tooExpensive: 60 };
  const inOrder = { tooCheap: 5, bargain: 10, expensive: 30, tooExpensive: 60 };

  it('is asked again once, and the valid reply is used', async () => {
    const engine = await engineAgainst((_r, n) => json(n === 0 ? outOfOrder : inOrder));
    const { typed, usage } = await engine.answerTyped(ask(range), earlier);
    expect(fake!.requests).toHaveLength(2);
    expect(typed).toMatchObject({
      noAnswer: 0,
      draws: new Array(20).fill({ ...inOrder, buyAtBargain: 0, buyAtExpensive: 0 }),
    });
    expect(usage.modelCalls).toBe(2);
  });

  it.each<[string, TypedQuestionSpec, FakeReply]>([
    ['a price range out of order', range, json(outOfOrder)],
    ['not JSON', scale, { content: 'I would say a four.' }],
    [
      'probabilities adding up to 1.5',
      scale,
      json(probabilities('point', [1, 2, 3, 4, 5], [0.5, 0.5, 0.5])),
    ],
    [
      'a point missing',
      scale,
      json(probabilities('point', [1, 2, 3, 4], [0.25, 0.25, 0.25, 0.25])),
    ],
    [
      'a ranking that repeats an item',
      { type: 'ranking', items },
      json({ ranking: ['Price', 'Price', 'Speed', 'Support', 'Design'] }),
    ],
    [
      'a number out of order',
      { type: 'number', unit: 'visits', min: 0, max: 10 },
      json({ low: 5, typical: 2, high: 8 }),
    ],
  ])(
    'twice (%s) counts every draw as no answer, and the question goes on',
    async (_name, spec, reply) => {
      const engine = await engineAgainst(() => reply);
      const { typed, usage } = await engine.answerTyped(ask(spec), earlier);
      expect(fake!.requests).toHaveLength(2);
      expect(typed).toMatchObject({ type: spec.type, draws: [], noAnswer: 20 });
      // Both calls were paid for.
      expect(usage).toEqual({ inputTokens: 1_024, outputTokens: 256, modelCalls: 2 });
    },
  );

  it('is not cached, and the rest of the panel is answered', async () => {
    const engine = await engineAgainst((request) =>
      request.body.response_format?.json_schema?.name === 'persona_answer'
        ? { content: validAnswer() }
        : request.body.messages[0]!.content.includes('Dorothy')
          ? { content: 'not json' }
          : json(inOrder),
    );
    const cache = new MemoryAnswerCache(100);
    const answering = new Answering({
      engine,
      limit: pLimit(2),
      logger: testLogger(),
      cache,
      draws: 20,
      prices: defaultModelPrices,
    });
    const question = {
      questionText: 'What would you pay for Lantern Plus?',
      personas: [personas.dorothy, personas.marcus],
      business,
      spec: range,
    };
    const { responses, run } = await answering.answer(question);
    expect(responses[0]!.typed).toMatchObject({ draws: [], noAnswer: 20 });
    expect(responses[1]!.typed).toMatchObject({ noAnswer: 0 });
    expect(responses[0]!.opinion).toBe('negative');
    // Dorothy: her open answer and two typed replies; Marcus: his open answer and one.
    expect(run.usage.modelCalls).toBe(5);
    expect(await answering.estimate(question)).toMatchObject({ cachedAnswers: 1, modelCalls: 2 });
  });

  it('fails the question like any answer when the model cannot be reached', async () => {
    const engine = await engineAgainst(() => ({ status: 401 }));
    await expect(engine.answerTyped(ask(scale), earlier)).rejects.toThrow(
      new InferenceFailed('The AI service refused our credentials. Please contact support.'),
    );
  });
});

describe('a rating scale by semantic similarity (Maier et al. 2025)', () => {
  const semantic = (spec: SpecOf<'scale'> = scale) =>
    ask(spec, { ratingMethod: 'semantic-similarity' });

  it('embeds the words and an anchor per point, and draws from their similarity', async () => {
    const engine = await engineAgainst(() => ({
      content: 'Very likely, I would buy it the day it comes out.',
    }));
    const { typed, usage } = await engine.answerTyped(semantic(), earlier);
    const [request] = fake!.requests;
    // The persona answers in its own words: plain text, no schema.
    expect(request!.body.response_format).toBeUndefined();
    expect(request!.body.messages.at(-1)!.content).toContain('in your own words');
    const [embedding] = fake!.embeddingRequests;
    expect(embedding!.body).toEqual({
      model: 'text-embedding-3-small',
      input: ['Very likely, I would buy it the day it comes out.', ...anchorSentences(scale)],
      encoding_format: 'float',
    });
    expect(usage).toEqual({ inputTokens: 512 + 48, outputTokens: 128, modelCalls: 2 });
    if (typed.type !== 'scale') throw new Error(typed.type);
    expect(typed.draws).toHaveLength(20);
    expect(typed.draws.reduce((s, d) => s + d, 0) / 20).toBeGreaterThan(3);
  });

  it("uses the points' own labels as anchors, and the configured embeddings model", async () => {
    const labelled: SpecOf<'scale'> = {
      ...scale,
      pointLabels: ['Never', 'Unlikely', 'Maybe', 'Likely', 'Certainly'],
      ratingMethod: 'direct',
    };
    const engine = await engineAgainst(() => ({ content: 'Maybe, maybe not.' }), {
      embeddingModel: 'my-embeddings',
    });
    await engine.answerTyped(semantic(labelled), earlier);
    expect(fake!.embeddingRequests[0]!.body).toMatchObject({
      model: 'my-embeddings',
      input: ['Maybe, maybe not.', 'Never.', 'Unlikely.', 'Maybe.', 'Likely.', 'Certainly.'],
    });
  });

  it('gives each point its similarity less the lowest, over their sum', async () => {
    expect(
      similarityDistribution(
        [1, 0],
        [
          [1, 0],
          [0.8, 0.6],
          [0, 1],
          [-1, 0],
          [0.6, 0.8],
        ],
      ).map((p) => Math.round(p * 1e6) / 1e6),
    ).toEqual([0.3125, 0.28125, 0.15625, 0, 0.25]);
    expect(
      similarityDistribution(
        [1, 0],
        [
          [1, 0],
          [2, 0],
        ],
      ),
    ).toEqual([0.5, 0.5]);
    const engine = await engineAgainst(() => ({ content: 'Somewhat.' }), {
      embed: () => ({
        embeddings: [
          [1, 0],
          [1, 0],
          [0.8, 0.6],
          [0, 1],
          [-1, 0],
          [0.6, 0.8],
        ],
      }),
    });
    const { typed } = await engine.answerTyped(
      ask(scale, { ratingMethod: 'semantic-similarity', draws: 400 }),
      earlier,
    );
    if (typed.type !== 'scale') throw new Error(typed.type);
    expect(typed.draws).not.toContain(4);
    expect(typed.draws.filter((d) => d === 1).length).toBeGreaterThan(
      typed.draws.filter((d) => d === 3).length,
    );
  });

  it('counts an empty answer, asked twice, as no answer, without embedding it', async () => {
    const engine = await engineAgainst(() => ({ content: '  ' }));
    const { typed, usage } = await engine.answerTyped(semantic(), earlier);
    expect(typed).toEqual({ type: 'scale', draws: [], noAnswer: 20 });
    expect(fake!.requests).toHaveLength(2);
    expect(fake!.embeddingRequests).toHaveLength(0);
    expect(usage.modelCalls).toBe(2);
  });

  it('counts embeddings of the wrong shape as no answer', async () => {
    const engine = await engineAgainst(() => ({ content: 'Likely.' }), {
      embed: () => ({ embeddings: [[1, 0]] }),
    });
    const { typed } = await engine.answerTyped(semantic(), earlier);
    expect(typed).toMatchObject({ draws: [], noAnswer: 20 });
  });
});

describe('a typed question answered and estimated by the OpenAI engine', () => {
  it('asks each persona its open answer and its typed answer, and counts both', async () => {
    const engine = await engineAgainst((request) =>
      request.body.response_format?.json_schema?.name === 'persona_answer'
        ? { content: validAnswer() }
        : request.body.response_format
          ? json(probabilities('point', [1, 2, 3, 4, 5], [0.4, 0.4, 0.2, 0, 0]))
          : { content: 'Very unlikely, it is too much for me.' },
    );
    const answering = new Answering({
      engine,
      limit: pLimit(4),
      logger: testLogger(),
      cache: new MemoryAnswerCache(100),
      draws: 20,
      prices: defaultModelPrices,
    });
    const panel = [personas.dorothy, personas.alex, personas.rosa];
    const question = {
      questionText: 'Would you buy Lantern Plus?',
      personas: panel,
      business,
      spec: scale,
    };
    const estimate = await answering.estimate(question);
    expect(estimate.modelCalls).toBe(6);
    const semantic = await answering.estimate({ ...question, ratingMethod: 'semantic-similarity' });
    expect(semantic.modelCalls).toBe(9);

    const first = await answering.answer(question);
    expect(first.run.usage).toMatchObject({ modelCalls: 6, cachedAnswers: 0 });
    for (const response of first.responses) {
      expect(response.opinion).toBe('negative');
      expect(response.draws).toBeDefined();
      expect(response.typed).toMatchObject({ type: 'scale', noAnswer: 0 });
      expect((response.typed!.draws as number[]).every((d) => d <= 3)).toBe(true);
    }
    const again = await answering.answer(question);
    expect(JSON.stringify(again.responses)).toBe(JSON.stringify(first.responses));
    expect(again.run.usage).toMatchObject({ modelCalls: 0, cachedAnswers: 3 });
    // Rated by semantic similarity, it is another answer: asked anew.
    const bySimilarity = await answering.answer({
      ...question,
      ratingMethod: 'semantic-similarity',
    });
    expect(bySimilarity.run.usage).toMatchObject({ modelCalls: 9, cachedAnswers: 0 });
    expect(fake!.embeddingRequests).toHaveLength(3);
  });
});
