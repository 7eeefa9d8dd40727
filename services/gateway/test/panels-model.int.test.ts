import type { MarketPanelView, PanelBuildEstimate } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import {
  type FakeOpenAI,
  panelMembersAsked,
  startFakeOpenAI,
} from '@chorus/persona-inference/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

// Market panels built by a model: the whole system with the OpenAI engine
// pointed at a local server speaking the OpenAI protocol. The model writes
// each persona's life in batches of 20 with strict structured output; the
// first call is refused with a 429 and retried. Its cost is shown before
// anything is built and held to the month's budget.
let model: FakeOpenAI;
let chorus: TestChorus;

beforeAll(async () => {
  model = await startFakeOpenAI(undefined, undefined, { rateLimitFirst: 1 });
  chorus = await startTestChorus({
    env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'gpt-4o-mini' },
  });
});
afterAll(async () => {
  await chorus?.stop();
  await model?.close();
});

async function customer() {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `panels-model-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Ada',
        lastName: 'Quinn',
        productName: 'Boxfresh',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  expect(registered.status).toBe(201);
  return { token: registered.body.token, productId: registered.body.product.id };
}

it('builds a panel in batches of 20 with the model, a 429 retried, its cost shown first', async () => {
  const who = await customer();
  const body = { name: 'Indian adults', frame: 'in', size: 60 };
  const estimate = await chorus.api<PanelBuildEstimate>(
    `/api/products/${who.productId}/panels/estimate`,
    { method: 'POST', token: who.token, body },
  );
  expect(estimate.status).toBe(200);
  expect(estimate.body.engine).toBe('openai');
  expect(estimate.body.modelCalls).toBe(3);
  expect(estimate.body.costUsd).toBeGreaterThan(0);
  const before = model.requests.length;
  const drawn = await chorus.api<MarketPanelView>(`/api/products/${who.productId}/panels`, {
    method: 'POST',
    token: who.token,
    body,
  });
  expect(drawn.status).toBe(201);
  const ready = await eventually(
    async () => {
      const panel = (
        await chorus.api<MarketPanelView>(
          `/api/products/${who.productId}/panels/${drawn.body.id}`,
          {
            token: who.token,
          },
        )
      ).body;
      if (panel.status === 'failed') throw new Error(panel.errorReason ?? 'failed');
      return panel.status === 'ready' && panel;
    },
    { timeoutMs: 60_000, what: 'a panel built by the model' },
  );
  expect(ready.built).toBe(60);
  expect(ready.engine).toBe('openai');
  expect(ready.costUsd).toBeGreaterThan(0);
  const calls = model.requests.slice(before);
  const batches = calls.filter(
    (r) => r.body.response_format?.json_schema?.name === 'panel_personas',
  );
  // Three batches of 20, each asked once; the refused first call was asked again.
  expect(batches.map((r) => panelMembersAsked(r).length).sort()).toEqual([20, 20, 20]);
  expect(model.rateLimited.length).toBe(1);
});

it('refuses a panel the month’s budget cannot pay for, in the budget’s words, and builds nothing', async () => {
  const who = await customer();
  const budget = await chorus.api(`/api/products/${who.productId}/question-budget`, {
    method: 'PUT',
    token: who.token,
    body: { monthlyBudgetUsd: 0 },
  });
  expect(budget.status).toBe(200);
  const refused = await chorus.api<{ message: string }>(`/api/products/${who.productId}/panels`, {
    method: 'POST',
    token: who.token,
    body: { name: 'Too dear', frame: 'us', size: 5000 },
  });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toMatch(/budget/i);
  const listed = await chorus.api<{ panels: MarketPanelView[] }>(
    `/api/products/${who.productId}/panels`,
    { token: who.token },
  );
  expect(listed.body.panels).toEqual([]);
});
