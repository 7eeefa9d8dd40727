import { personaResponseSchema } from '@chorus/contracts';
import { PersonaInferenceServiceClient } from '@chorus/proto/inference/v1/inference';
import {
  checkHealth,
  createEnvelope,
  createPromiseClient,
  decodeEnvelope,
  encodeEnvelope,
  type Envelope,
  InMemoryEventBus,
  Topics,
} from '@chorus/service-kit';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { readInferenceConfig, type RunningPersonaInference, startPersonaInference } from '../src';
import { type FakeOpenAI, startFakeOpenAI, validAnswer } from '../src/testing';
import { business, everyPersona, personas } from './fixtures';

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.stop();
});

/** A bus with a listener on inference.v1, as the catalog would be. */
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

async function start(
  bus: InMemoryEventBus,
  env: Record<string, string> = {},
): Promise<RunningPersonaInference> {
  const service = await startPersonaInference(
    readInferenceConfig({ GRPC_PORT: '0', GRPC_HOST: '127.0.0.1', ...env }),
    { bus, logger: testLogger() },
  );
  running.push(service);
  return service;
}

async function fakeOpenAI(...args: Parameters<typeof startFakeOpenAI>): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI(...args);
  running.push({ stop: () => fake.close() });
  return fake;
}

function ask(bus: InMemoryEventBus, questionId = randomUUID()) {
  const envelope = createEnvelope(questionId, {
    $case: 'questionAsked',
    value: {
      questionId,
      productId: 'product-1',
      userId: 'user-1',
      questionText: 'We are raising the monthly price from $29 to $49. Would you stay?',
      personas: everyPersona,
      business,
    },
  });
  return {
    questionId,
    send: () =>
      bus.publish([
        { topic: Topics.catalog, key: questionId, value: encodeEnvelope(envelope), headers: {} },
      ]),
  };
}

const casesFor = (published: Envelope[], questionId: string) =>
  published.filter((e) => e.key === questionId).map((e) => e.event!.$case);

describe('the question worker', () => {
  it('marks the question processing, answers every persona and publishes the answer', async () => {
    const { bus, published } = await busWithListener();
    const service = await start(bus, { INFERENCE_MODE: 'worker' });
    // A worker serves gRPC health for its probes, but not Answer.
    expect(await checkHealth(`127.0.0.1:${service.port}`)).toBe('SERVING');
    const inference = createPromiseClient(
      PersonaInferenceServiceClient,
      `127.0.0.1:${service.port}`,
    );
    running.push({ stop: async () => inference.close() });
    await expect(
      inference.answer({ questionText: 'Is it good?', personas: [personas.marcus], business }),
    ).rejects.toMatchObject({ code: status.UNIMPLEMENTED });
    const question = ask(bus);
    await question.send();
    await eventually(() => casesFor(published, question.questionId).length === 2);
    expect(casesFor(published, question.questionId)).toEqual([
      'questionProcessing',
      'questionAnswered',
    ]);
    const answered = published.find((e) => e.event?.$case === 'questionAnswered')!.event!;
    if (answered.$case !== 'questionAnswered') throw new Error('unexpected event');
    expect(answered.value).toMatchObject({
      questionId: question.questionId,
      productId: 'product-1',
      userId: 'user-1',
      engine: 'local',
    });
    expect(answered.value.responses.map((r) => r.personaId)).toEqual(
      everyPersona.map((p) => p.personaId),
    );
    for (const response of answered.value.responses) personaResponseSchema.parse(response);
    const { positive, neutral, negative } = answered.value.aggregatedResults!;
    expect(positive + neutral + negative).toBe(100);
  });

  it('answers a redelivered question again, with the same answers', async () => {
    const { bus, published } = await busWithListener();
    await start(bus, { INFERENCE_MODE: 'worker' });
    const question = ask(bus);
    await question.send();
    await question.send();
    await eventually(() => casesFor(published, question.questionId).length === 4);
    const answers = published
      .map((e) => e.event)
      .filter((e) => e?.$case === 'questionAnswered')
      .map((e) => e!.value);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toEqual(answers[1]);
  });

  it('publishes QuestionFailed with a reason when the model is always too slow', async () => {
    const fake = await fakeOpenAI(() => ({ delayMs: 5_000, content: validAnswer() }));
    const { bus, published } = await busWithListener();
    await start(bus, {
      INFERENCE_MODE: 'worker',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.url,
      INFERENCE_TIMEOUT_MS: '200',
      INFERENCE_RETRIES: '0',
    });
    const question = ask(bus);
    await question.send();
    await eventually(() => casesFor(published, question.questionId).length === 2);
    const failed = published.find((e) => e.event?.$case === 'questionFailed')?.event;
    expect(failed?.value).toEqual({
      questionId: question.questionId,
      productId: 'product-1',
      userId: 'user-1',
      reason: 'The AI service did not answer in time. Please try again.',
    });
  });

  it('answers with the model when one is configured', async () => {
    const fake = await fakeOpenAI();
    const { bus, published } = await busWithListener();
    await start(bus, {
      INFERENCE_MODE: 'worker',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.url,
    });
    const question = ask(bus);
    await question.send();
    await eventually(() => casesFor(published, question.questionId).length === 2);
    const answered = published.find((e) => e.event?.$case === 'questionAnswered')?.event;
    expect(answered?.value).toMatchObject({ engine: 'openai' });
    expect(fake.requests).toHaveLength(everyPersona.length);
  });
});

describe('the Answer call', () => {
  async function client(bus: InMemoryEventBus, env: Record<string, string> = {}) {
    const service = await start(bus, { INFERENCE_MODE: 'server', ...env });
    const inference = createPromiseClient(
      PersonaInferenceServiceClient,
      `127.0.0.1:${service.port}`,
    );
    running.push({ stop: async () => inference.close() });
    return inference;
  }

  it('answers as every persona at once, with the aggregation', async () => {
    const { bus } = await busWithListener();
    const inference = await client(bus);
    const answer = await inference.answer({
      questionText: 'Should we add an AI assistant that plans your week automatically?',
      personas: [personas.marcus, personas.dorothy],
      business,
    });
    expect(answer.engine).toBe('local');
    expect(answer.responses.map((r) => [r.personaName, r.opinion])).toEqual([
      ['Marcus Johnson', 'positive'],
      ['Dorothy Jenkins', 'negative'],
    ]);
    expect(answer.aggregatedResults).toMatchObject({ positive: 50, neutral: 0, negative: 50 });
  });

  it('refuses a call without personas or question', async () => {
    const { bus } = await busWithListener();
    const inference = await client(bus);
    await expect(
      inference.answer({ questionText: 'Is it good?', personas: [], business }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    await expect(
      inference.answer({ questionText: '  ', personas: [personas.marcus], business }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
  });

  it('answers UNAVAILABLE with the reason when the model fails', async () => {
    const fake = await fakeOpenAI(() => ({ status: 401 }));
    const { bus } = await busWithListener();
    const inference = await client(bus, { OPENAI_API_KEY: 'wrong', OPENAI_BASE_URL: fake.url });
    await expect(
      inference.answer({ questionText: 'Is it good?', personas: [personas.marcus], business }),
    ).rejects.toMatchObject({
      code: status.UNAVAILABLE,
      details: 'The AI service refused our credentials. Please contact support.',
    });
  });

  it('does not take questions from the bus in server mode', async () => {
    const { bus, published } = await busWithListener();
    await client(bus);
    const question = ask(bus);
    await question.send();
    await bus.drained();
    expect(casesFor(published, question.questionId)).toEqual([]);
  });
});
