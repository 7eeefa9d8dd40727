import { costOf, defaultModelPrices } from '@chorus/contracts';
import type { PanelPersonasBuilt } from '@chorus/proto/events/v1/events';
import { PersonaInferenceServiceClient } from '@chorus/proto/inference/v1/inference';
import { personaFacts } from '@chorus/research';
import {
  createEnvelope,
  createPromiseClient,
  decodeEnvelope,
  encodeEnvelope,
  type Envelope,
  PostgresEventBus,
  Topics,
} from '@chorus/service-kit';
import { createTestDatabase, eventually, testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { readInferenceConfig, startPersonaInference } from '../src';
import { panelPersonas } from '../src/domain/panel-personas';
import {
  defaultReply,
  type FakeOpenAI,
  type FakeOpenAIOptions,
  type FakeReply,
  type FakeRequest,
  panelMembersAsked,
  startFakeOpenAI,
} from '../src/testing';
import { business, everyPersona } from './fixtures';
import { drawMembers, frameMessage, testFrame } from './panel-fixtures';

// Market panels built by the question workers: the catalog asks for a batch
// of members on catalog.v1 (PanelBuildRequested), a worker builds their
// personas and publishes them on inference.v1 (PanelPersonasBuilt), or says
// why it could not (PanelBuildFailed). The bus is the PostgreSQL event bus
// of the embedded run.

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.stop();
});

/** A PostgreSQL event bus of its own, with a listener on inference.v1 as the catalog would be. */
async function busWithListener() {
  const database = await createTestDatabase('panel_build');
  running.push({ stop: () => database.drop() });
  const bus = await PostgresEventBus.open({
    url: database.url,
    logger: testLogger(),
    pollMs: 100,
  });
  running.push({ stop: () => bus.close() });
  const published: Envelope[] = [];
  await bus.subscribe({
    groupId: 'listener',
    topics: [Topics.inference],
    handle: (message) => {
      published.push(decodeEnvelope(message.value));
      return Promise.resolve();
    },
  });
  return { bus, published };
}

async function start(bus: PostgresEventBus, env: Record<string, string> = {}) {
  const service = await startPersonaInference(
    readInferenceConfig({ GRPC_PORT: '0', GRPC_HOST: '127.0.0.1', ...env }),
    { bus, logger: testLogger() },
  );
  running.push(service);
  const inference = createPromiseClient(PersonaInferenceServiceClient, `127.0.0.1:${service.port}`);
  running.push({ stop: async () => inference.close() });
  return inference;
}

async function fakeOpenAI(
  reply: (request: FakeRequest, n: number) => FakeReply = defaultReply,
  options: FakeOpenAIOptions = {},
): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI(reply, undefined, options);
  running.push({ stop: () => fake.close() });
  return fake;
}

const withModel = (fake: FakeOpenAI, env: Record<string, string> = {}) => ({
  OPENAI_API_KEY: 'test-key',
  OPENAI_BASE_URL: fake.url,
  OPENAI_MODEL: 'gpt-4o-mini',
  ...env,
});

const seed = 42;

/** Asks for one batch of a panel, as the catalog does. */
async function requestBatch(bus: PostgresEventBus, size: number, batch = 0) {
  const panelId = randomUUID();
  const members = drawMembers(size, seed);
  const key = `${panelId}:1:${batch}`;
  const envelope = createEnvelope(key, {
    $case: 'panelBuildRequested',
    value: {
      panelId,
      productId: 'product-1',
      userId: 'user-1',
      version: 1,
      seed,
      frame: frameMessage,
      members,
      batch,
    },
  });
  await bus.publish([{ topic: Topics.catalog, key, value: encodeEnvelope(envelope), headers: {} }]);
  return { panelId, members, key };
}

/** The batch's outcome on inference.v1, once there. */
async function outcomeOf(published: Envelope[], key: string) {
  const envelope = await eventually(
    () =>
      published.find(
        (e) =>
          e.key === key &&
          (e.event?.$case === 'panelPersonasBuilt' || e.event?.$case === 'panelBuildFailed'),
      ),
    { timeoutMs: 20_000, what: `the outcome of ${key}` },
  );
  return envelope.event!;
}

async function builtBatch(published: Envelope[], key: string): Promise<PanelPersonasBuilt> {
  const event = await outcomeOf(published, key);
  if (event.$case !== 'panelPersonasBuilt') {
    throw new Error(`batch failed: ${JSON.stringify(event.value)}`);
  }
  return event.value;
}

describe('building a market panel batch with a model', () => {
  it('writes 45 members in 3 calls, taking only names and prose from the model', async () => {
    const fake = await fakeOpenAI();
    const { bus, published } = await busWithListener();
    await start(bus, withModel(fake, { INFERENCE_MODE: 'worker' }));
    const { panelId, members, key } = await requestBatch(bus, 45, 3);
    const built = await builtBatch(published, key);

    // 20 + 20 + 5 members, each asked once, as strict structured output.
    expect(fake.requests.map((r) => panelMembersAsked(r).length).sort()).toEqual([20, 20, 5]);
    expect(fake.requests.flatMap(panelMembersAsked).sort((a, b) => a - b)).toEqual(
      members.map((m) => m.index).sort((a, b) => a - b),
    );
    for (const request of fake.requests) {
      expect(request.body.response_format).toMatchObject({
        type: 'json_schema',
        json_schema: { name: 'panel_personas', strict: true },
      });
    }

    expect(built).toMatchObject({
      panelId,
      productId: 'product-1',
      userId: 'user-1',
      version: 1,
      batch: 3,
      engine: 'openai:gpt-4o-mini',
      usage: { modelCalls: 3, inputTokens: 3 * 512, outputTokens: 3 * 128, cachedAnswers: 0 },
    });
    expect(built.costUsd).toBeCloseTo(
      costOf({ inputTokens: 3 * 512, outputTokens: 3 * 128 }, defaultModelPrices['gpt-4o-mini'])!,
      9,
    );
    expect(built.personas.map((p) => p.index)).toEqual(members.map((m) => m.index));
    for (const [i, { index, profile }] of built.personas.entries()) {
      const facts = personaFacts(testFrame, members[i]!, seed);
      expect(profile).toMatchObject({
        personaId: String(index),
        name: `Model Name ${index}`,
        lifestyle: `Lifestyle written for member ${index}.`,
        motivations: `Motivations written for member ${index}.`,
        personality: `Personality written for member ${index}.`,
        age: facts.age,
        gender: facts.sex === 'female' ? 'Female' : 'Male',
        income: facts.incomeText,
        location: `${facts.region}, United Kingdom`,
      });
      expect(profile!.occupation.toLowerCase()).toBe(facts.occupation.toLowerCase());
      expect(profile!.customTraits?.labels).toMatchObject({
        'Owns a pet': members[i]!.traits.pet === 'yes' ? 'Yes' : 'No',
      });
      expect(Object.keys(profile!.customTraits!.labels)).toHaveLength(7);
    }
    // The facts were given to the model, not asked of it.
    const prompt = fake.requests.map((r) => r.body.messages.map((m) => m.content).join('\n'));
    const first = built.personas[0]!.profile!;
    expect(prompt.join('\n')).toContain(
      `Member ${built.personas[0]!.index}: ${first.gender}, ${first.age}.`,
    );
  });

  it.each(['retry-after-ms', 'retry-after'] as const)(
    'tries a call the API refused as busy again (429 with %s) and still builds the batch',
    async (retryAfter) => {
      const fake = await fakeOpenAI(defaultReply, { rateLimitFirst: 1, retryAfter });
      const { bus, published } = await busWithListener();
      await start(bus, withModel(fake, { INFERENCE_MODE: 'worker' }));
      const { key } = await requestBatch(bus, 45);
      const built = await builtBatch(published, key);
      expect(fake.rateLimited).toHaveLength(1);
      expect(fake.requests).toHaveLength(3);
      expect(built.personas).toHaveLength(45);
      expect(built.usage?.modelCalls).toBe(3);
    },
  );

  it('asks again once for a reply that leaves a member out, then builds the batch', async () => {
    let broken = false;
    const fake = await fakeOpenAI((request) => {
      const asked = panelMembersAsked(request);
      if (broken || asked.length !== 5) return defaultReply(request);
      broken = true;
      const reply = JSON.parse(defaultReply(request).content!) as { personas: unknown[] };
      return { content: JSON.stringify({ personas: reply.personas.slice(1) }) };
    });
    const { bus, published } = await busWithListener();
    await start(bus, withModel(fake, { INFERENCE_MODE: 'worker' }));
    const { key } = await requestBatch(bus, 45);
    const built = await builtBatch(published, key);
    expect(fake.requests).toHaveLength(4);
    expect(built.usage?.modelCalls).toBe(4);
    expect(built.personas.every((p) => p.profile!.name.startsWith('Model Name'))).toBe(true);
  });

  it('fails the batch with a plain reason when the reply is unusable twice', async () => {
    const fake = await fakeOpenAI((request) =>
      panelMembersAsked(request).length === 5
        ? { content: JSON.stringify({ personas: [] }) }
        : defaultReply(request),
    );
    const { bus, published } = await busWithListener();
    await start(bus, withModel(fake, { INFERENCE_MODE: 'worker' }));
    const { panelId, key } = await requestBatch(bus, 45);
    const event = await outcomeOf(published, key);
    expect(event).toEqual({
      $case: 'panelBuildFailed',
      value: {
        panelId,
        productId: 'product-1',
        userId: 'user-1',
        version: 1,
        reason: expect.stringMatching(
          /^The AI service wrote unusable personas for this panel \(member \d+ is missing\)\. Please try again\.$/,
        ),
      },
    });
    // The short call asked twice; nothing of the batch is published.
    expect(fake.requests.filter((r) => panelMembersAsked(r).length === 5)).toHaveLength(2);
    expect(published.filter((e) => e.event?.$case === 'panelPersonasBuilt')).toHaveLength(0);
  });
});

describe('building a market panel batch without a model', () => {
  it('composes every persona locally, for nothing', async () => {
    const { bus, published } = await busWithListener();
    await start(bus, { INFERENCE_MODE: 'worker' });
    const { members, key } = await requestBatch(bus, 45);
    const built = await builtBatch(published, key);
    expect(built).toMatchObject({
      engine: 'local',
      costUsd: 0,
      usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0 },
    });
    const expected = panelPersonas(testFrame, members, seed);
    expect(built.personas.map((p) => p.profile)).toEqual(expected);
    for (const { profile } of built.personas) {
      expect(profile!.lifestyle).not.toMatch(/written for member/);
    }
  });
});

describe('estimates of market panels', () => {
  it('prices a panel build: nothing locally, a call per 20 personas with a model', async () => {
    const { bus } = await busWithListener();
    const local = await start(bus, { INFERENCE_MODE: 'server' });
    expect(await local.estimatePanelBuild({ size: 1_000 })).toEqual({
      engine: 'local',
      model: 'local',
      modelCalls: 0,
      inputTokens: 0,
      outputTokens: 0,
      hasPrice: true,
      costUsd: 0,
    });
    await expect(local.estimatePanelBuild({ size: 0 })).rejects.toThrow(/size/);

    const fake = await fakeOpenAI();
    const model = await start(bus, withModel(fake, { INFERENCE_MODE: 'server' }));
    const estimate = await model.estimatePanelBuild({ size: 1_000 });
    expect(estimate).toMatchObject({ engine: 'openai', model: 'gpt-4o-mini', modelCalls: 50 });
    expect(estimate.hasPrice).toBe(true);
    expect(estimate.outputTokens).toBeGreaterThan(1_000 * 100);
    expect(estimate.costUsd).toBeCloseTo(costOf(estimate, defaultModelPrices['gpt-4o-mini'])!, 9);
    expect((await model.estimatePanelBuild({ size: 45 })).modelCalls).toBe(3);

    const unpriced = await start(
      bus,
      withModel(fake, { INFERENCE_MODE: 'server', OPENAI_MODEL: 'some-local-model' }),
    );
    expect(await unpriced.estimatePanelBuild({ size: 100 })).toMatchObject({
      modelCalls: 5,
      hasPrice: false,
      costUsd: 0,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("scales a question's estimate from a panel's sample to the whole panel", async () => {
    const fake = await fakeOpenAI();
    const { bus } = await busWithListener();
    const inference = await start(bus, withModel(fake, { INFERENCE_MODE: 'server' }));
    const ask = {
      questionText: 'Would you pay £5 a month for a meal planner?',
      personas: everyPersona,
      business,
      seed: 0,
      checkWording: false,
    };
    const sample = await inference.estimate(ask);
    const scaled = await inference.estimate({ ...ask, scaleTo: everyPersona.length * 100 });
    expect(scaled).toMatchObject({
      modelCalls: sample.modelCalls * 100,
      inputTokens: sample.inputTokens * 100,
      outputTokens: sample.outputTokens * 100,
      cachedAnswers: 0,
      hasPrice: true,
    });
    expect(scaled.costUsd).toBeCloseTo(costOf(scaled, defaultModelPrices['gpt-4o-mini'])!, 9);
    expect(scaled.costUsd).toBeCloseTo(sample.costUsd * 100, 3);
    // No more than the sample: the sample is the whole panel.
    expect(await inference.estimate({ ...ask, scaleTo: 2 })).toMatchObject({
      modelCalls: sample.modelCalls,
    });
  });
});
