import { runDetailsSchema } from '@chorus/contracts';
import type { QuestionPart } from '@chorus/proto/events/v1/events';
import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import {
  createEnvelope,
  decodeEnvelope,
  encodeEnvelope,
  type Envelope,
  InMemoryEventBus,
  Topics,
} from '@chorus/service-kit';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import { runDetailsFromMessage } from '@chorus/service-kit/wire';
import { randomUUID } from 'node:crypto';
import { readInferenceConfig, startPersonaInference } from '../src';
import { panelPersonas } from '../src/domain/panel-personas';
import { type FakeOpenAI, startFakeOpenAI } from '../src/testing';
import { business } from './fixtures';
import { drawMembers, testFrame } from './panel-fixtures';

// A market panel's question is asked in parts of a few hundred personas,
// each part its own QuestionAsked: a part is answered as a question is,
// without progress or wording framings, and every event of it is keyed by
// question and part.

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.stop();
});

async function busWithListener() {
  const bus = new InMemoryEventBus(testLogger());
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

async function start(bus: InMemoryEventBus, env: Record<string, string> = {}) {
  const service = await startPersonaInference(
    readInferenceConfig({
      GRPC_PORT: '0',
      GRPC_HOST: '127.0.0.1',
      INFERENCE_MODE: 'worker',
      // Progress would be due many times while a part is answered.
      INFERENCE_PROGRESS_MS: '50',
      ...env,
    }),
    { bus, logger: testLogger() },
  );
  running.push(service);
}

async function fakeOpenAI(...args: Parameters<typeof startFakeOpenAI>): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI(...args);
  running.push({ stop: () => fake.close() });
  return fake;
}

const panel = panelPersonas(testFrame, drawMembers(600, 5), 5);

async function askPart(
  bus: InMemoryEventBus,
  personas: PersonaProfile[],
  part: QuestionPart | undefined,
  questionId = randomUUID(),
) {
  const key = part ? `${questionId}:${part.index}` : questionId;
  const envelope = createEnvelope(key, {
    $case: 'questionAsked',
    value: {
      questionId,
      productId: 'product-1',
      userId: 'user-1',
      questionText: 'Would you pay £4 a month for a meal planner?',
      personas,
      business,
      seed: 3,
      checkWording: true,
      part,
    },
  });
  await bus.publish([{ topic: Topics.catalog, key, value: encodeEnvelope(envelope), headers: {} }]);
  return { questionId, key };
}

describe('a part of a market panel question', () => {
  it('is answered under its own key, with its part, without progress or wording framings', async () => {
    const { bus, published } = await busWithListener();
    await start(bus);
    const part = { index: 2, count: 3, total: 600 };
    const { questionId, key } = await askPart(bus, panel.slice(400, 600), part);
    await eventually(() => published.some((e) => e.event?.$case === 'questionAnswered'), {
      timeoutMs: 30_000,
    });
    expect(published.map((e) => [e.key, e.event?.$case])).toEqual([
      [key, 'questionProcessing'],
      [key, 'questionAnswered'],
    ]);
    const answered = published[1]!.event!;
    if (answered.$case !== 'questionAnswered') throw new Error('unexpected event');
    expect(answered.value).toMatchObject({ questionId, part, engine: 'local' });
    expect(answered.value.responses.map((r) => r.personaId)).toEqual(
      panel.slice(400, 600).map((p) => p.personaId),
    );
    const run = runDetailsSchema.parse(runDetailsFromMessage(answered.value.runDetails));
    expect(run.sensitivity).toBeNull();
    expect(run.usage.modelCalls).toBe(0);
    expect(run.panel?.personas).toBe(200);
  });

  it('still answers a whole question with its framings, keyed by question', async () => {
    const { bus, published } = await busWithListener();
    await start(bus);
    const { questionId } = await askPart(bus, panel.slice(0, 300), undefined);
    await eventually(() => published.some((e) => e.event?.$case === 'questionAnswered'), {
      timeoutMs: 30_000,
    });
    expect(published.every((e) => e.key === questionId)).toBe(true);
    const answered = published.find((e) => e.event?.$case === 'questionAnswered')!.event!;
    if (answered.$case !== 'questionAnswered') throw new Error('unexpected event');
    expect(answered.value.part).toBeUndefined();
    const run = runDetailsSchema.parse(runDetailsFromMessage(answered.value.runDetails));
    expect(run.sensitivity).not.toBeNull();
  });

  it('is answered by a model, each persona once, with no progress and no warnings of listeners piling up', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    running.push({ stop: async () => void process.off('warning', onWarning) });
    // Each answer takes a while: progress would be due many times meanwhile.
    const fake = await fakeOpenAI(undefined, undefined, { latencyMs: 20 });
    const { bus, published } = await busWithListener();
    await start(bus, {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.url,
      INFERENCE_CONCURRENCY: '16',
    });
    const part = { index: 0, count: 2, total: 600 };
    const { key } = await askPart(bus, panel.slice(0, 300), part);
    await eventually(() => published.some((e) => e.event?.$case === 'questionAnswered'), {
      timeoutMs: 60_000,
    });
    const answered = published.find((e) => e.event?.$case === 'questionAnswered')!;
    expect(answered.key).toBe(key);
    if (answered.event?.$case !== 'questionAnswered') throw new Error('unexpected event');
    expect(answered.event.value.responses).toHaveLength(300);
    expect(published.map((e) => e.event?.$case)).toEqual([
      'questionProcessing',
      'questionAnswered',
    ]);
    // One model call per persona: the wording framings were not asked.
    expect(fake.requests).toHaveLength(300);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('fails under its own key when the model cannot answer', async () => {
    const fake = await fakeOpenAI(() => ({ status: 500 }));
    const { bus, published } = await busWithListener();
    await start(bus, {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.url,
      INFERENCE_RETRIES: '0',
    });
    const part = { index: 1, count: 2, total: 600 };
    const { questionId, key } = await askPart(bus, panel.slice(300, 320), part);
    await eventually(() => published.some((e) => e.event?.$case === 'questionFailed'), {
      timeoutMs: 30_000,
    });
    expect(published.map((e) => [e.key, e.event?.$case])).toEqual([
      [key, 'questionProcessing'],
      [key, 'questionFailed'],
    ]);
    expect(published[1]!.event!.value).toMatchObject({
      questionId,
      reason: 'The AI service failed (status 500). Please try again.',
    });
  });
});
