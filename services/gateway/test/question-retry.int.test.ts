import { type PersonaTemplateView, questionMessages, type QuestionView } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import {
  readInferenceConfig,
  type RunningPersonaInference,
  startPersonaInference,
} from '@chorus/persona-inference';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

// The whole system with no inference worker at first (INFERENCE_MODE=server:
// nothing consumes QuestionAsked), so a question's answer never comes: the
// catalog must ask again, then give up in words, and the customer's Retry,
// once a worker is back, must bring the question to complete.
let chorus: TestChorus;
let worker: RunningPersonaInference | undefined;
const retryAfterMs = 1_000;
const gaveUp = 'This question could not be answered after 3 attempts. Please retry.';

beforeAll(async () => {
  chorus = await startTestChorus({
    env: {
      INFERENCE_MODE: 'server',
      QUESTION_RETRY_AFTER_MS: String(retryAfterMs),
      QUESTION_SWEEP_INTERVAL_MS: '200',
      QUESTION_MAX_ATTEMPTS: '3',
    },
  });
});
afterAll(async () => {
  await worker?.stop();
  await chorus.stop();
});

async function customer(personaCount: number) {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `retry-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Ada',
        lastName: 'Quinn',
        productName: 'Lantern',
        industry: 'Technology',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  expect(registered.status).toBe(201);
  const { token } = registered.body;
  const productId = registered.body.product.id;
  const templates = (await chorus.api<PersonaTemplateView[]>('/api/persona-templates', { token }))
    .body;
  for (const template of templates.slice(0, personaCount)) {
    const added = await chorus.api(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
    expect(added.status).toBe(201);
  }
  return { token, productId };
}

async function question(who: { token: string; productId: string }, id: string) {
  const answer = await chorus.api<QuestionView>(`/api/products/${who.productId}/questions/${id}`, {
    token: who.token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

const retry = (who: { token: string; productId: string }, id: string) =>
  chorus.api<QuestionView>(`/api/products/${who.productId}/questions/${id}/retry`, {
    method: 'POST',
    token: who.token,
  });

it('a question never answered is asked again, ends in error with the reason, and Retry completes it', async () => {
  const personas = 2;
  const who = await customer(personas);
  const text = 'Would you pay for next-day delivery?';
  const started = Date.now();
  const asked = await chorus.api<QuestionView>(`/api/products/${who.productId}/questions`, {
    method: 'POST',
    token: who.token,
    body: { questionText: text },
  });
  expect(asked.status).toBe(201);
  const id = asked.body.id;

  // Not in error yet: nothing to retry.
  const early = await retry(who, id);
  expect(early.status).toBe(409);
  expect(early.body).toEqual({
    message: expect.stringMatching(/^Only a question that could not be answered can be retried/),
  });

  const failed = await eventually(
    async () => {
      const state = await question(who, id);
      return state.status === 'error' ? state : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: 'the question given up' },
  );
  expect(Date.now() - started).toBeGreaterThanOrEqual(3 * retryAfterMs);
  expect(failed).toMatchObject({ status: 'error', errorReason: gaveUp, responses: [] });

  // A worker again: it also takes the three earlier asks, whose answers find the question in error.
  worker = await startPersonaInference(
    readInferenceConfig({ INFERENCE_MODE: 'worker', GRPC_HOST: '127.0.0.1', GRPC_PORT: '0' }),
    { bus: chorus.bus, logger: testLogger() },
  );
  const retried = await retry(who, id);
  expect(retried.status).toBe(200);
  expect(retried.body).toEqual({
    id,
    productId: who.productId,
    questionText: text,
    status: 'pending',
    createdAt: failed.createdAt,
    updatedAt: expect.any(String),
    aggregatedResults: null,
    responses: [],
    errorReason: null,
    seed: 1,
    checkWording: false,
    progress: { answered: 0, total: 2 },
    run: null,
    analysis: null,
    previousRuns: [],
    drift: null,
    followUps: [],
    type: 'opinion',
    spec: null,
    typedResult: null,
    studyId: null,
    segmentCuts: [],
    typedDrift: null,
    panel: null,
  });
  const done = await eventually(
    async () => {
      const state = await question(who, id);
      return state.status === 'complete' ? state : undefined;
    },
    { timeoutMs: 30_000, what: 'the retried question complete' },
  );
  // One answer per persona: the earlier asks, answered too, add nothing.
  const answeredBy = done.responses.map((r) => r.personaId);
  expect(answeredBy).toHaveLength(personas);
  expect(new Set(answeredBy).size).toBe(personas);
  expect(done.errorReason).toBeNull();

  // Complete: nothing to retry any more.
  const late = await retry(who, id);
  expect(late).toMatchObject({
    status: 409,
    body: {
      message: 'Only a question that could not be answered can be retried; this one is complete.',
    },
  });
}, 90_000);

it("answers 404 for another customer's question, and for a question that does not exist", async () => {
  const [alice, bob] = await Promise.all([customer(1), customer(1)]);
  const asked = await chorus.api<QuestionView>(`/api/products/${bob.productId}/questions`, {
    method: 'POST',
    token: bob.token,
    body: { questionText: 'Would a student discount win you over?' },
  });
  expect(asked.status).toBe(201);
  for (const path of [
    `/api/products/${bob.productId}/questions/${asked.body.id}/retry`,
    `/api/products/${alice.productId}/questions/${asked.body.id}/retry`,
    `/api/products/${alice.productId}/questions/${randomUUID()}/retry`,
  ]) {
    const answer = await chorus.api(path, { method: 'POST', token: alice.token });
    expect(answer.status).toBe(404);
  }
  const own = await chorus.api(`/api/products/${alice.productId}/questions/${randomUUID()}/retry`, {
    method: 'POST',
    token: alice.token,
  });
  expect(own).toMatchObject({ status: 404, body: { message: questionMessages.notFound } });
});
