import {
  type PersonaTemplateView,
  productMessages,
  type QuestionEstimate,
  questionMessages,
  type QuestionView,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { readGatewayConfig, startGateway } from '../src';
import { openEventStream } from './event-stream';

let chorus: TestChorus;

beforeAll(async () => {
  chorus = await startTestChorus({ env: { SSE_HEARTBEAT_MS: '100' } });
});
afterAll(() => chorus.stop());

/** A fresh customer whose first product has the given number of personas. */
async function customer(personaCount = 3) {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `asker-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Ada',
        lastName: 'Quinn',
        productName: 'Lantern',
        productDescription: 'Smart lights',
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
  const chosen = templates.slice(0, personaCount);
  for (const template of chosen) {
    const added = await chorus.api(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
    expect(added.status).toBe(201);
  }
  return { token, productId, personaNames: chosen.map((t) => t.name) };
}

async function ask(token: string, productId: string, questionText: string) {
  return chorus.api<QuestionView>(`/api/products/${productId}/questions`, {
    method: 'POST',
    token,
    body: { questionText, productId },
  });
}

async function questionsOf(token: string, productId: string) {
  const answer = await chorus.api<QuestionView[]>(`/api/products/${productId}/questions`, {
    token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('asking a question', () => {
  it('is answered in the background by every selected persona', async () => {
    const { token, productId, personaNames } = await customer(3);
    const asked = await ask(token, productId, 'Would you pay $15 a month for smarter lights?');
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      productId,
      questionText: 'Would you pay $15 a month for smarter lights?',
      status: 'pending',
      responses: [],
      aggregatedResults: null,
      errorReason: null,
    });

    const complete = await eventually(async () => {
      const [question] = await questionsOf(token, productId);
      return question?.status === 'complete' && question;
    });
    expect(complete.id).toBe(asked.body.id);
    expect(complete.responses.map((r) => r.personaName).sort()).toEqual([...personaNames].sort());
    for (const response of complete.responses) {
      expect(['positive', 'neutral', 'negative']).toContain(response.opinion);
      expect(response.confidence).toBeGreaterThanOrEqual(0);
      expect(response.confidence).toBeLessThanOrEqual(1);
      expect(['high', 'medium', 'low']).toContain(response.safetyInfluence);
      expect(response.response).not.toBe('');
      expect(response.reasoning).toContain(response.personaName);
      expect(response.grounding.personaAttributes.length).toBeGreaterThan(0);
    }
    const { positive, neutral, negative, keyInsight } = complete.aggregatedResults!;
    expect(positive + neutral + negative).toBe(100);
    expect(keyInsight).toMatch(/personas?/);

    const one = await chorus.api<QuestionView>(
      `/api/products/${productId}/questions/${complete.id}`,
      { token },
    );
    expect(one.body).toEqual(complete);
  });

  it('gives byte-identical stored answers for the same run, and new draws for a re-run', async () => {
    const { token, productId } = await customer(4);
    const text = 'Would you switch to a planner that books your groceries for you?';
    const complete = async (id: string, seed: number) =>
      eventually(async () => {
        const found = await chorus.api<QuestionView>(`/api/products/${productId}/questions/${id}`, {
          token,
        });
        return found.body.status === 'complete' && found.body.seed === seed && found.body;
      });
    const first = await complete((await ask(token, productId, text)).body.id, 1);
    const second = await complete((await ask(token, productId, text)).body.id, 1);
    expect(JSON.stringify(second.responses)).toBe(JSON.stringify(first.responses));
    expect(second.aggregatedResults).toEqual(first.aggregatedResults);
    expect(second.run).toMatchObject({ seed: 1, engine: 'local', costUsd: 0 });
    expect(second.run!.usage.cachedAnswers).toBe(4);

    const rerun = await chorus.api<QuestionView>(
      `/api/products/${productId}/questions/${second.id}/rerun`,
      { method: 'POST', token },
    );
    expect(rerun.status).toBe(200);
    expect(rerun.body).toMatchObject({ status: 'pending', seed: 2, responses: [] });
    const again = await complete(second.id, 2);
    // The same distributions (the local engine is deterministic), drawn again with the new seed.
    expect(again.responses.map((r) => r.distribution)).toEqual(
      first.responses.map((r) => r.distribution),
    );
    expect(again.responses.map((r) => r.draws)).not.toEqual(first.responses.map((r) => r.draws));
    expect(again.previousRuns).toHaveLength(1);
    expect(again.previousRuns[0]!.run.seed).toBe(1);
    expect(again.drift?.text).toMatch(/drift/i);
    // Re-running a question still being answered is refused.
    const rerunAgain = await chorus.api(`/api/products/${productId}/questions/${second.id}/rerun`, {
      method: 'POST',
      token,
    });
    expect([200, 409]).toContain(rerunAgain.status);
  });

  it('says before asking where the wording leads, and the answers keep that alarm', async () => {
    const { token, productId } = await customer(2);
    const text = 'Most of our customers already love our planner. Would you try it too?';
    const estimate = await chorus.api<QuestionEstimate>(
      `/api/products/${productId}/questions/estimate`,
      { method: 'POST', token, body: { questionText: text } },
    );
    expect(estimate.status).toBe(200);
    // Every earlier field is still there, with the wording check beside them.
    expect(estimate.body).toMatchObject({ engine: 'local', personas: 2, costUsd: 0 });
    const wording = estimate.body.wording;
    expect(wording.leading).toBe(true);
    expect(wording.findings.map((f) => f.kind)).toContain('social-proof');
    for (const finding of wording.findings) {
      expect(text.toLowerCase()).toContain(finding.phrase.toLowerCase());
      expect(finding.why).not.toBe('');
    }
    expect(wording.neutral).not.toMatch(/most of our customers/i);

    const neutral = await chorus.api<QuestionEstimate>(
      `/api/products/${productId}/questions/estimate`,
      { method: 'POST', token, body: { questionText: wording.neutral } },
    );
    expect(neutral.body.wording).toMatchObject({ leading: false, findings: [] });

    expect((await ask(token, productId, text)).status).toBe(201);
    const complete = await eventually(async () => {
      const [question] = await questionsOf(token, productId);
      return question?.status === 'complete' && question;
    });
    const alarm = complete.analysis?.alarms.find((a) => a.kind === 'leading');
    // The same words and rewording the form showed before asking.
    expect(new Set(alarm?.words)).toEqual(new Set(wording.findings.map((f) => f.phrase)));
    expect(alarm?.rewording).toBe(wording.neutral);
    const one = await chorus.api<QuestionView>(
      `/api/products/${productId}/questions/${complete.id}`,
      { token },
    );
    expect(one.body.analysis?.alarms).toEqual(complete.analysis?.alarms);
  });

  it('estimates the cost before asking and keeps the monthly budget', async () => {
    const { token, productId } = await customer(2);
    const estimate = await chorus.api<{ engine: string; costUsd: number; personas: number }>(
      `/api/products/${productId}/questions/estimate`,
      { method: 'POST', token, body: { questionText: 'Would you like it?', checkWording: true } },
    );
    expect(estimate.status).toBe(200);
    expect(estimate.body).toMatchObject({
      engine: 'local',
      costUsd: 0,
      personas: 2,
      modelCalls: 0,
    });
    const set = await chorus.api(`/api/products/${productId}/question-budget`, {
      method: 'PUT',
      token,
      body: { monthlyBudgetUsd: 12.5 },
    });
    expect(set.body).toMatchObject({
      monthlyBudgetUsd: 12.5,
      spentThisMonthUsd: 0,
      message: 'Budget saved',
    });
    const refused = await chorus.api(`/api/products/${productId}/question-budget`, {
      method: 'PUT',
      token,
      body: { monthlyBudgetUsd: 'lots' },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'Budget must be a number of dollars' },
    });
    const read = await chorus.api(`/api/products/${productId}/question-budget`, { token });
    expect(read.body).toMatchObject({ monthlyBudgetUsd: 12.5 });
  });

  it('takes English questions that name things in other languages, and tells the estimate of a question in another language', async () => {
    const { token, productId } = await customer(1);
    for (const text of [
      "Would you try Crème Brûlée Bistro's weekly menu?",
      'Would you pay 30 € a month for Käsekuchen Deluxe?',
      'Is it fun?',
    ]) {
      expect((await ask(token, productId, text)).status).toBe(201);
    }
    const estimate = await chorus.api(`/api/products/${productId}/questions/estimate`, {
      method: 'POST',
      token,
      body: { questionText: 'Que pensez-vous de notre application ?' },
    });
    expect(estimate).toMatchObject({ status: 400, body: { message: questionMessages.notEnglish } });
  });

  it('lists questions newest first, which the dashboard counts and shows', async () => {
    const { token, productId } = await customer(1);
    for (const text of ['First question here?', 'Second question here?', 'Third question here?']) {
      expect((await ask(token, productId, text)).status).toBe(201);
    }
    const listed = await questionsOf(token, productId);
    expect(listed.map((q) => q.questionText)).toEqual([
      'Third question here?',
      'Second question here?',
      'First question here?',
    ]);
  });

  it.each([
    ['too short', { questionText: 'Why not?' }, questionMessages.tooShort],
    ['too long', { questionText: 'x'.repeat(501) }, questionMessages.tooLong],
    ['missing', {}, questionMessages.tooShort],
    ['one word', { questionText: 'Subscription' }, questionMessages.tooFewWords],
    ['10,000 characters', { questionText: `Why ${'x'.repeat(9_996)}` }, questionMessages.tooLong],
    ['emoji only', { questionText: '🤔🤔🤔🤔🤔🤔🤔🤔🤔🤔' }, questionMessages.noWords],
    [
      'in Spanish',
      { questionText: '¿Pagarías 30 dólares al mes por un planificador semanal?' },
      questionMessages.notEnglish,
    ],
    [
      'in Japanese',
      { questionText: '週に一度の食事キットに月三十ドル払いますか' },
      questionMessages.notEnglish,
    ],
    [
      'in German',
      { questionText: 'Würden Sie unsere App einem Freund weiterempfehlen?' },
      questionMessages.notEnglish,
    ],
    [
      'HTML',
      { questionText: '<img src=x onerror=alert(1)> Would you pay $30 a month?' },
      questionMessages.markup,
    ],
    [
      'for another product',
      { questionText: 'Is it worth it?', productId: 'other' },
      questionMessages.productMismatch,
    ],
  ])('refuses a question that is %s', async (_what, body, message) => {
    const { token, productId } = await customer(1);
    const answer = await chorus.api(`/api/products/${productId}/questions`, {
      method: 'POST',
      token,
      body,
    });
    expect(answer).toMatchObject({ status: 400, body: { message } });
    expect(await questionsOf(token, productId)).toEqual([]);
  });

  it('refuses a product without personas: No personas found', async () => {
    const { token, productId } = await customer(0);
    const answer = await ask(token, productId, 'Is this worth it for you?');
    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'No personas found: Select at least one persona before asking questions.' },
    });
  });

  it('needs a signed-in user', async () => {
    const { productId } = await customer(1);
    expect((await chorus.api(`/api/products/${productId}/questions`)).status).toBe(401);
  });
});

describe("another user's questions", () => {
  it('answer 404, and stay as they are', async () => {
    const owner = await customer(1);
    const stranger = await customer(1);
    const asked = await ask(owner.token, owner.productId, 'Is it worth it for you?');
    const productGone = { status: 404, body: { message: productMessages.notFound } };
    const base = `/api/products/${owner.productId}/questions`;
    expect(await chorus.api(base, { token: stranger.token })).toMatchObject(productGone);
    expect(
      await chorus.api(base, {
        method: 'POST',
        token: stranger.token,
        body: { questionText: 'Is it worth it for you?' },
      }),
    ).toMatchObject(productGone);
    expect(await chorus.api(`${base}/${asked.body.id}`, { token: stranger.token })).toMatchObject(
      productGone,
    );
    expect(
      await chorus.api(`${base}/${asked.body.id}`, { method: 'DELETE', token: stranger.token }),
    ).toMatchObject(productGone);
    // Through the stranger's own product, the question does not exist.
    const questionGone = { status: 404, body: { message: questionMessages.notFound } };
    const viaOwn = `/api/products/${stranger.productId}/questions/${asked.body.id}`;
    expect(await chorus.api(viaOwn, { token: stranger.token })).toMatchObject(questionGone);
    expect(await chorus.api(viaOwn, { method: 'DELETE', token: stranger.token })).toMatchObject(
      questionGone,
    );
    expect(await questionsOf(owner.token, owner.productId)).toHaveLength(1);
  });
});

describe('deleting a question', () => {
  it('removes it with its responses', async () => {
    const { token, productId } = await customer(2);
    const asked = await ask(token, productId, 'Would a yearly plan suit you?');
    await eventually(async () => (await questionsOf(token, productId))[0]?.status === 'complete');
    const path = `/api/products/${productId}/questions/${asked.body.id}`;
    expect(await chorus.api(path, { method: 'DELETE', token })).toMatchObject({
      status: 200,
      body: { message: questionMessages.deleted },
    });
    expect(await questionsOf(token, productId)).toEqual([]);
    expect(await chorus.api(path, { method: 'DELETE', token })).toMatchObject({
      status: 404,
      body: { message: questionMessages.notFound },
    });
  });
});

describe('the live question stream', () => {
  const streamUrl = (productId: string, token?: string) =>
    `${chorus.url}/api/products/${productId}/questions/stream${token ? `?access_token=${token}` : ''}`;

  it('pushes each stored state of a question, up to complete, with heartbeats', async () => {
    const { token, productId } = await customer(2);
    const stream = await openEventStream(streamUrl(productId, token));
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      await stream.next((e) => e.event === 'ready', 'ready');
      const asked = await ask(token, productId, 'Would same-day delivery help you?');
      const complete = await stream.next((e) => {
        if (e.event !== 'question') return false;
        const question = JSON.parse(e.data ?? '{}') as QuestionView;
        return question.id === asked.body.id && question.status === 'complete';
      }, 'the complete question');
      const pushed = JSON.parse(complete.data!) as QuestionView;
      expect(pushed.responses).toHaveLength(2);
      expect(pushed).toEqual((await questionsOf(token, productId))[0]);
      await stream.next((e) => e.comment === 'heartbeat', 'a heartbeat');

      await chorus.api(`/api/products/${productId}/questions/${asked.body.id}`, {
        method: 'DELETE',
        token,
      });
      const deleted = await stream.next((e) => e.event === 'question-deleted', 'the deletion');
      expect(JSON.parse(deleted.data!)).toEqual({ id: asked.body.id });
    } finally {
      stream.close();
    }
  });

  it("pushes nothing about other users' products", async () => {
    const watcher = await customer(1);
    const other = await customer(1);
    const stream = await openEventStream(streamUrl(watcher.productId, watcher.token));
    try {
      await stream.next((e) => e.event === 'ready');
      const theirs = await ask(other.token, other.productId, 'Is it worth it for you?');
      const mine = await ask(watcher.token, watcher.productId, 'Is it worth it for me?');
      await stream.next((e) => e.event === 'question' && e.data!.includes(mine.body.id));
      expect(stream.events.some((e) => e.data?.includes(theirs.body.id))).toBe(false);
    } finally {
      stream.close();
    }
  });

  it('also accepts the bearer header', async () => {
    const { token, productId } = await customer(1);
    const stream = await openEventStream(streamUrl(productId), {
      authorization: `Bearer ${token}`,
    });
    try {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'ready');
    } finally {
      stream.close();
    }
  });

  it("answers 401 without a token and 404 for another user's product", async () => {
    const owner = await customer(1);
    const stranger = await customer(1);
    expect((await openEventStream(streamUrl(owner.productId))).status).toBe(401);
    expect((await openEventStream(streamUrl(owner.productId, 'forged'))).status).toBe(401);
    expect((await openEventStream(streamUrl(owner.productId, stranger.token))).status).toBe(404);
  });

  it('accepts the token in the query only on the stream', async () => {
    const { token, productId } = await customer(1);
    const answer = await chorus.api(`/api/products/${productId}/questions?access_token=${token}`);
    expect(answer.status).toBe(401);
  });

  it('ends when the session logs out', async () => {
    const { token, productId } = await customer(1);
    const stream = await openEventStream(streamUrl(productId, token));
    await stream.next((e) => e.event === 'ready');
    await chorus.api('/api/auth/logout', { method: 'POST', token });
    await eventually(() => stream.ended(), { what: 'the stream to end' });
    expect(stream.endedCleanly()).toBe(true);
  });

  it('ends cleanly when the gateway stops', async () => {
    const { token, productId } = await customer(1);
    const replica = await startGateway(
      readGatewayConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        IDENTITY_ADDR: `127.0.0.1:${chorus.grpcPorts.identity}`,
        CATALOG_ADDR: `127.0.0.1:${chorus.grpcPorts.catalog}`,
        TOKEN_PUBLIC_KEY: chorus.tokenPublicKey,
      }),
      { bus: chorus.bus, logger: testLogger() },
    );
    const stream = await openEventStream(
      `http://127.0.0.1:${replica.port}/api/products/${productId}/questions/stream?access_token=${token}`,
    );
    await stream.next((e) => e.event === 'ready');
    await replica.stop();
    await eventually(() => stream.ended(), { what: 'the stream to end' });
    // Ended by the gateway, not cut off when its grace period ran out.
    expect(stream.endedCleanly()).toBe(true);
  });
});
