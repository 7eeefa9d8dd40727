import { personaResponseSchema, type RunDetails, runDetailsSchema } from '@chorus/contracts';
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
import { runDetailsFromMessage } from '@chorus/service-kit/wire';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { readInferenceConfig, type RunningPersonaInference, startPersonaInference } from '../src';
import {
  type FakeOpenAI,
  isWordingVerdictRequest,
  startFakeOpenAI,
  validAnswer,
} from '../src/testing';
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

function ask(
  bus: InMemoryEventBus,
  questionId = randomUUID(),
  options: {
    seed?: number;
    checkWording?: boolean;
    personas?: typeof everyPersona;
    questionText?: string;
  } = {},
) {
  const envelope = createEnvelope(questionId, {
    $case: 'questionAsked',
    value: {
      questionId,
      productId: 'product-1',
      userId: 'user-1',
      questionText:
        options.questionText ?? 'We are raising the monthly price from $29 to $49. Would you stay?',
      personas: options.personas ?? everyPersona,
      business,
      seed: options.seed,
      checkWording: options.checkWording,
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
    expect(JSON.stringify(answers[1]!.responses)).toBe(JSON.stringify(answers[0]!.responses));
    expect(answers[1]!.aggregatedResults).toEqual(answers[0]!.aggregatedResults);
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
      seed: 0,
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
    // Progress may be published first when answering takes longer than its interval.
    await eventually(() => casesFor(published, question.questionId).includes('questionAnswered'));
    const answered = published.find((e) => e.event?.$case === 'questionAnswered')?.event;
    expect(answered?.value).toMatchObject({ engine: 'openai' });
    expect(fake.requests).toHaveLength(everyPersona.length);
  });
});

/** The run details a QuestionAnswered carries. */
function runOf(published: Envelope[], questionId: string): RunDetails {
  const answered = published.find(
    (e) => e.key === questionId && e.event?.$case === 'questionAnswered',
  )?.event;
  if (answered?.$case !== 'questionAnswered') throw new Error('no answer');
  return runDetailsSchema.parse(runDetailsFromMessage(answered.value.runDetails));
}

describe('the question worker with a model (an OpenAI-compatible server)', () => {
  const withModel = (fake: FakeOpenAI, env: Record<string, string> = {}) => ({
    INFERENCE_MODE: 'worker',
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'gpt-4o-mini',
    ...env,
  });

  it('asks for probabilities, draws from them, and records the tokens the API reports', async () => {
    const fake = await fakeOpenAI(() => ({
      content: validAnswer(),
      usage: { prompt_tokens: 1_000, completion_tokens: 200 },
    }));
    const { bus, published } = await busWithListener();
    await start(bus, withModel(fake));
    const question = ask(bus, randomUUID(), { seed: 4 });
    await question.send();
    await eventually(() => casesFor(published, question.questionId).includes('questionAnswered'));
    for (const request of fake.requests) {
      expect(request.body.seed).toBe(4);
      expect(JSON.stringify(request.body.response_format)).toContain('"distribution"');
    }
    const run = runOf(published, question.questionId);
    const n = everyPersona.length;
    expect(run).toMatchObject({
      engine: 'openai',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      seed: 4,
      draws: 20,
      usage: { inputTokens: 1_000 * n, outputTokens: 200 * n, modelCalls: n, cachedAnswers: 0 },
    });
    // gpt-4o-mini: $0.15 per million input tokens, $0.60 per million output tokens.
    expect(run.costUsd).toBeCloseTo((n * (1_000 * 0.15 + 200 * 0.6)) / 1_000_000, 9);
    expect(run.personaVersions.map((p) => p.personaId)).toEqual(
      everyPersona.map((p) => p.personaId),
    );
    expect(run.promptTemplateHash).toMatch(/^[0-9a-f]{12}$/);
  });

  it('asks again for an invalid distribution, then fails the question with a reason', async () => {
    const fake = await fakeOpenAI(() => ({
      content: validAnswer({ distribution: { positive: 0.9, neutral: 0.9, negative: 0.9 } }),
    }));
    const { bus, published } = await busWithListener();
    await start(bus, withModel(fake, { INFERENCE_RETRIES: '1', INFERENCE_CONCURRENCY: '1' }));
    const question = ask(bus, randomUUID(), { personas: [personas.dorothy] });
    await question.send();
    await eventually(() => casesFor(published, question.questionId).includes('questionFailed'));
    const failed = published.find((e) => e.event?.$case === 'questionFailed')?.event;
    expect(failed?.value).toMatchObject({
      reason: 'The AI service gave an unreadable answer for Dorothy Jenkins. Please try again.',
    });
    // The first answer and one retry.
    expect(fake.requests).toHaveLength(2);
  });

  it('answers the same run again from the cache, with no model call and no cost', async () => {
    const fake = await fakeOpenAI();
    const { bus, published } = await busWithListener();
    const service = await start(bus, withModel(fake, { INFERENCE_MODE: 'all' }));
    const first = ask(bus);
    await first.send();
    await eventually(() => casesFor(published, first.questionId).includes('questionAnswered'));
    const calls = fake.requests.length;
    expect(calls).toBe(everyPersona.length);

    const inference = createPromiseClient(
      PersonaInferenceServiceClient,
      `127.0.0.1:${service.port}`,
    );
    running.push({ stop: async () => inference.close() });
    const estimate = await inference.estimate({
      questionText: 'We are raising the monthly price from $29 to $49. Would you stay?',
      personas: everyPersona,
      business,
      seed: 0,
      checkWording: false,
    });
    expect(estimate).toMatchObject({
      modelCalls: 0,
      cachedAnswers: everyPersona.length,
      costUsd: 0,
    });

    const again = ask(bus);
    await again.send();
    await eventually(() => casesFor(published, again.questionId).includes('questionAnswered'));
    // The estimate also asked for a verdict on the wording (wording-judge.int.test.ts); no answer was asked for.
    const answerCalls = fake.requests.filter(
      (r) => r.body.response_format?.json_schema?.name !== 'wording_verdict',
    );
    expect(answerCalls).toHaveLength(calls);
    const run = runOf(published, again.questionId);
    expect(run.usage).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      modelCalls: 0,
      cachedAnswers: everyPersona.length,
    });
    expect(run.costUsd).toBe(0);
    const answers = published
      .filter((e) => e.event?.$case === 'questionAnswered')
      .map((e) => (e.event!.$case === 'questionAnswered' ? e.event!.value.responses : []));
    expect(JSON.stringify(answers[1])).toBe(JSON.stringify(answers[0]));

    // Another seed is another run: the model is asked again.
    const rerun = ask(bus, randomUUID(), { seed: 2 });
    await rerun.send();
    await eventually(() => casesFor(published, rerun.questionId).includes('questionAnswered'));
    expect(
      fake.requests.filter((r) => r.body.response_format?.json_schema?.name !== 'wording_verdict'),
    ).toHaveLength(calls * 2);
  });

  it('publishes the answers as they come, before the whole answer', async () => {
    // Each persona's answer takes longer than the one before.
    let n = 0;
    const fake = await fakeOpenAI(() => ({ content: validAnswer(), delayMs: 150 * ++n }));
    const { bus, published } = await busWithListener();
    await start(bus, withModel(fake, { INFERENCE_PROGRESS_MS: '50' }));
    const question = ask(bus, randomUUID(), { personas: everyPersona.slice(0, 4) });
    await question.send();
    await eventually(() => casesFor(published, question.questionId).includes('questionAnswered'));
    const progress = published
      .filter((e) => e.key === question.questionId && e.event?.$case === 'questionProgress')
      .map((e) => (e.event!.$case === 'questionProgress' ? e.event!.value : undefined)!);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.every((p) => p.total === 4)).toBe(true);
    const given = progress.flatMap((p) => p.responses.map((r) => r.personaId));
    expect(new Set(given).size).toBe(given.length);
    expect(casesFor(published, question.questionId).at(-1)).toBe('questionAnswered');
  });

  it('asks a neutral and a reversed framing when the wording is checked', async () => {
    const fake = await fakeOpenAI();
    const { bus, published } = await busWithListener();
    await start(bus, withModel(fake));
    const question = ask(bus, randomUUID(), {
      checkWording: true,
      personas: everyPersona.slice(0, 3),
      questionText: "Wouldn't you love our amazing meal planner?",
    });
    await question.send();
    await eventually(() => casesFor(published, question.questionId).includes('questionAnswered'));
    // Three framings of three personas (besides the model's wording verdict).
    const answers = () => fake.requests.filter((r) => !isWordingVerdictRequest(r));
    expect(answers()).toHaveLength(9);
    const run = runOf(published, question.questionId);
    expect(run.sensitivity).toMatchObject({
      asked: expect.any(Object),
      neutral: expect.any(Object),
      reversed: expect.any(Object),
    });
    const questions = new Set(answers().map((r) => r.body.messages[1]!.content));
    expect(questions.size).toBe(3);
    expect(run.usage.modelCalls).toBe(9);
    expect(run.sensitivity?.neutralText).toBe('Would you love our meal planner, or not?');

    // A neutral question is its own neutral framing: only the reversed one costs more.
    const neutral = ask(bus, randomUUID(), {
      checkWording: true,
      personas: everyPersona.slice(0, 3),
      questionText: 'How likely are you to try a meal planner?',
    });
    await neutral.send();
    await eventually(() => casesFor(published, neutral.questionId).includes('questionAnswered'));
    expect(runOf(published, neutral.questionId).usage).toMatchObject({
      modelCalls: 6,
      cachedAnswers: 3,
    });
  });

  it('does not ask a reversed framing that failed the checks: the run says the check did not run', async () => {
    const fake = await fakeOpenAI();
    const { bus, published } = await busWithListener();
    await start(bus, withModel(fake));
    const question = ask(bus, randomUUID(), {
      checkWording: true,
      personas: everyPersona.slice(0, 3),
      questionText: 'How often do you plan your meals for the week?',
    });
    await question.send();
    await eventually(() => casesFor(published, question.questionId).includes('questionAnswered'));
    // Only the question itself, of three personas.
    expect(fake.requests.filter((r) => !isWordingVerdictRequest(r))).toHaveLength(3);
    const run = runOf(published, question.questionId);
    expect(run.sensitivity).toBeNull();
    expect(run.sensitivitySkipped).toBe('no-fair-reversed');
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
    // The headline shares are the shares of every persona's draws, rounded to whole percents.
    const drawn = { positive: 0, neutral: 0, negative: 0 };
    for (const response of answer.responses) {
      for (const opinion of ['positive', 'neutral', 'negative'] as const) {
        drawn[opinion] += response.draws?.[opinion] ?? 0;
      }
    }
    const all = drawn.positive + drawn.neutral + drawn.negative;
    expect(all).toBe(40);
    for (const opinion of ['positive', 'neutral', 'negative'] as const) {
      expect(
        Math.abs(answer.aggregatedResults![opinion] - (drawn[opinion] * 100) / all),
      ).toBeLessThan(1);
    }
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
