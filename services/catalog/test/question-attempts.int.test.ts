import { questionMessages } from '@chorus/contracts';
import { CatalogServiceClient } from '@chorus/proto/catalog/v1/catalog';
import {
  type BusMessage,
  createEnvelope,
  createPromiseClient,
  decodeEnvelope,
  type DomainEvent,
  encodeEnvelope,
  type Envelope,
  type EventOf,
  InMemoryEventBus,
  type PromiseClient,
  Topics,
} from '@chorus/service-kit';
import { createTestDatabase, eventually, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { readCatalogConfig, type RunningCatalog, startCatalog } from '../src';
import { gaveUpReason } from '../src/domain/question-attempts';

// No inference here: every QuestionAsked goes unanswered unless the test
// answers it, as when a worker dies or a model never replies.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let catalog: RunningCatalog;
let client: PromiseClient<CatalogServiceClient>;
const bus = new InMemoryEventBus(testLogger());
const published: Envelope[] = [];
const retryAfterMs = 400;

beforeAll(async () => {
  database = await createTestDatabase('catalog_question_attempts');
  await bus.subscribe({
    groupId: 'test',
    topics: [Topics.catalog],
    handle: (message: BusMessage) => {
      published.push(decodeEnvelope(message.value));
      return Promise.resolve();
    },
  });
  catalog = await startCatalog(
    readCatalogConfig({
      DATABASE_URL: database.url,
      GRPC_PORT: '0',
      GRPC_HOST: '127.0.0.1',
      QUESTION_RETRY_AFTER_MS: String(retryAfterMs),
      QUESTION_MAX_ATTEMPTS: '3',
      QUESTION_SWEEP_INTERVAL_MS: '100',
    }),
    { bus, logger: testLogger() },
  );
  client = createPromiseClient(CatalogServiceClient, `127.0.0.1:${catalog.port}`);
});

afterAll(async () => {
  client.close();
  await catalog.stop();
  await bus.close();
  await database.drop();
});

const asked = (questionId: string) =>
  published
    .filter((e) => e.event?.$case === 'questionAsked' && e.key === questionId)
    .map((e) => e.event!.value as EventOf<'questionAsked'>);

function deliver(questionId: string, event: DomainEvent) {
  const envelope = createEnvelope(questionId, event);
  return bus.publish([
    { topic: Topics.inference, key: questionId, value: encodeEnvelope(envelope), headers: {} },
  ]);
}

function answerFor(question: EventOf<'questionAsked'>, opinion: string): DomainEvent {
  return {
    $case: 'questionAnswered',
    value: {
      questionId: question.questionId,
      productId: question.productId,
      userId: question.userId,
      responses: question.personas.map((persona) => ({
        personaId: persona.personaId,
        personaName: persona.name,
        opinion,
        confidence: 0.6,
        safetyInfluence: 'low',
        response: `${persona.name} answers.`,
        reasoning: `${persona.name} has reasons.`,
        grounding: { personaAttributes: [], profileFields: [] },
      })),
      aggregatedResults: {
        positive: opinion === 'positive' ? 100 : 0,
        neutral: opinion === 'neutral' ? 100 : 0,
        negative: opinion === 'negative' ? 100 : 0,
        keyInsight: `Everyone is ${opinion}.`,
      },
      engine: 'local',
    },
  };
}

async function productWithPersonas(count: number) {
  const userId = randomUUID();
  const { product } = await client.createProduct({
    userId,
    name: 'Lantern',
    description: 'Smart lights',
    industry: 'Technology',
    billingCycle: '',
  });
  const ids = { userId, productId: product!.id };
  const { templates } = await client.listTemplates({});
  const personas = [];
  for (const template of templates.slice(0, count)) {
    personas.push((await client.addProductPersona({ ...ids, templateId: template.id })).persona!);
  }
  return { ...ids, personas };
}

const stateOf = async (ids: { userId: string; productId: string }, questionId: string) =>
  (await client.getQuestion({ ...ids, questionId })).question!;

function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

describe('a question whose answer never comes', () => {
  it('is asked again after the bound, then set to error with the reason after 3 attempts', async () => {
    const ids = await productWithPersonas(2);
    const started = Date.now();
    const { question } = await client.askQuestion({
      ...ids,
      questionText: 'Would you pay more for a longer warranty?',
    });
    const id = question!.id;

    const failed = await eventually(
      async () => {
        const state = await stateOf(ids, id);
        return state.status === 'error' ? state : undefined;
      },
      { timeoutMs: 20_000, what: 'the question given up' },
    );
    const elapsed = Date.now() - started;
    expect(failed.errorReason).toBe(gaveUpReason(3));
    expect(failed.errorReason).toBe(
      'This question could not be answered after 3 attempts. Please retry.',
    );
    expect(failed.responses).toEqual([]);
    // Asked, asked again twice, each after waiting the bound, then given up after a third wait.
    expect(elapsed).toBeGreaterThanOrEqual(3 * retryAfterMs);
    const asks = asked(id);
    expect(asks).toHaveLength(3);
    for (const ask of asks) {
      expect(ask).toMatchObject({
        questionId: id,
        productId: ids.productId,
        userId: ids.userId,
        questionText: 'Would you pay more for a longer warranty?',
      });
      expect(ask.personas.map((p) => p.personaId)).toEqual(ids.personas.map((p) => p.id));
    }
    // The QuestionUpdated of the error reaches the pages watching the product.
    await eventually(() =>
      published.some(
        (e) =>
          e.event?.$case === 'questionUpdated' &&
          e.event.value.questionId === id &&
          e.event.value.status === 'error',
      ),
    );
  }, 30_000);

  it('is answered by whichever ask is answered first, and keeps that one answer', async () => {
    const ids = await productWithPersonas(1);
    const { question } = await client.askQuestion({
      ...ids,
      questionText: 'Would a family plan interest you?',
    });
    const id = question!.id;
    await eventually(() => asked(id).length >= 2, { timeoutMs: 10_000, what: 'a second ask' });
    // The late answer to the first ask and the answer to the second both arrive.
    const [first, second] = asked(id);
    await deliver(id, answerFor(first!, 'positive'));
    await deliver(id, answerFor(second!, 'negative'));
    const done = await eventually(async () => {
      const state = await stateOf(ids, id);
      return state.status === 'complete' ? state : undefined;
    });
    expect(done.responses.map((r) => r.opinion)).toEqual(['positive']);
    expect(done.aggregatedResults?.keyInsight).toBe('Everyone is positive.');
    // Completed: never asked again, never set to error.
    const asks = asked(id).length;
    await new Promise((resolve) => setTimeout(resolve, 3 * retryAfterMs));
    expect(asked(id)).toHaveLength(asks);
    expect((await stateOf(ids, id)).status).toBe('complete');
  }, 30_000);
});

describe('RetryQuestion', () => {
  it('asks a question in error again, with the same text and personas, until it completes', async () => {
    const ids = await productWithPersonas(2);
    const { question } = await client.askQuestion({
      ...ids,
      questionText: 'Is the yearly price fair for what you get?',
    });
    const id = question!.id;
    await eventually(async () => (await stateOf(ids, id)).status === 'error', {
      timeoutMs: 20_000,
      what: 'the question given up',
    });
    // A persona added since is not asked: the question is asked of the same personas.
    const { templates } = await client.listTemplates({});
    await client.addProductPersona({ ...ids, templateId: templates[5]!.id });

    const { question: retried } = await client.retryQuestion({ ...ids, questionId: id });
    expect(retried).toMatchObject({
      id,
      status: 'pending',
      errorReason: '',
      questionText: 'Is the yearly price fair for what you get?',
      responses: [],
    });
    const ask = await eventually(() => asked(id)[3], { what: 'the fourth ask' });
    expect(ask.personas.map((p) => p.personaId)).toEqual(ids.personas.map((p) => p.id));

    // Its attempts count afresh: it is asked again after the bound, not given up at once.
    await eventually(() => asked(id).length >= 5, { timeoutMs: 10_000, what: 'a fifth ask' });
    expect((await stateOf(ids, id)).status).toBe('pending');

    await deliver(id, answerFor(ask, 'neutral'));
    const done = await eventually(async () => {
      const state = await stateOf(ids, id);
      return state.status === 'complete' ? state : undefined;
    });
    expect(done.responses).toHaveLength(2);
    expect(done.errorReason).toBe('');
  }, 40_000);

  it('answers ABORTED, in words, for a question that is not in error', async () => {
    const ids = await productWithPersonas(1);
    const { question } = await client.askQuestion({
      ...ids,
      questionText: 'Would you switch for a lower price?',
    });
    const id = question!.id;
    expect(await grpcError(client.retryQuestion({ ...ids, questionId: id }))).toEqual({
      code: status.ABORTED,
      details: 'Only a question that could not be answered can be retried; this one is pending.',
    });
    await deliver(id, answerFor(await eventually(() => asked(id)[0]), 'positive'));
    await eventually(async () => (await stateOf(ids, id)).status === 'complete');
    expect(await grpcError(client.retryQuestion({ ...ids, questionId: id }))).toMatchObject({
      code: status.ABORTED,
      details: expect.stringContaining('this one is complete'),
    });
  });

  it("answers NOT_FOUND for another user's question or product, and changes nothing", async () => {
    const owner = await productWithPersonas(1);
    const other = await productWithPersonas(1);
    const { question } = await client.askQuestion({
      ...owner,
      questionText: 'Would you recommend us to a friend?',
    });
    const id = question!.id;
    await eventually(async () => (await stateOf(owner, id)).status === 'error', {
      timeoutMs: 20_000,
    });
    for (const ids of [
      { userId: other.userId, productId: owner.productId },
      { userId: other.userId, productId: other.productId },
      { userId: owner.userId, productId: other.productId },
    ]) {
      expect(await grpcError(client.retryQuestion({ ...ids, questionId: id }))).toMatchObject({
        code: status.NOT_FOUND,
      });
    }
    expect((await stateOf(owner, id)).status).toBe('error');
    expect(asked(id)).toHaveLength(3);
  }, 30_000);

  it('refuses when none of the personas asked is left', async () => {
    const ids = await productWithPersonas(1);
    const { question } = await client.askQuestion({
      ...ids,
      questionText: 'Would you buy this as a gift?',
    });
    const id = question!.id;
    await eventually(async () => (await stateOf(ids, id)).status === 'error', {
      timeoutMs: 20_000,
    });
    await client.removeProductPersona({ ...ids, personaId: ids.personas[0]!.id });
    expect(await grpcError(client.retryQuestion({ ...ids, questionId: id }))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: questionMessages.noPersonas,
    });
  }, 30_000);
});
