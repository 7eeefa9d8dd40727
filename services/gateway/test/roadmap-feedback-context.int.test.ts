import type { ItemFeedbackView, QuestionView, RoadmapItem } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { type FakeOpenAI, startFakeOpenAI } from '@chorus/persona-inference/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

// The whole system with the OpenAI engine pointed at a local OpenAI-compatible
// server, so the test reads exactly what each persona was told.
let model: FakeOpenAI;
let chorus: TestChorus;

beforeAll(async () => {
  model = await startFakeOpenAI();
  chorus = await startTestChorus({
    env: {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: model.url,
      OPENAI_MODEL: 'fake-model',
      INFERENCE_RETRIES: '0',
    },
  });
});
afterAll(async () => {
  await chorus.stop();
  await model.close();
});

/** What the persona was told about the product: the prompt up to the question. */
function productBriefing(mentioning: string): string {
  const prompts = model.requests
    .map((request) => request.body.messages.at(-1)?.content ?? '')
    .filter((content) => content.includes(mentioning));
  expect(prompts.length).toBeGreaterThan(0);
  return prompts[0]!.slice(0, prompts[0]!.indexOf('The question:'));
}

describe('what roadmap feedback personas know about the product', () => {
  it('is the business profile, exactly as question personas are told it', async () => {
    const registered = await chorus.api<{ token: string; product: { id: string } }>(
      '/api/auth/register',
      {
        method: 'POST',
        body: {
          email: `briefed-${randomUUID()}@example.com`,
          password: 'secret-pass',
          firstName: 'Bri',
          lastName: 'Efed',
          productName: 'Lantern',
          industry: 'technology',
        },
      },
    );
    const { token } = registered.body;
    const productId = registered.body.product.id;
    const profile = await chorus.api(`/api/products/${productId}/business-profile`, {
      method: 'POST',
      token,
      body: {
        pricingModels: 'Pay per lantern lit, three cents an hour',
        customerDemographics: 'Night-shift nurses in rural clinics',
      },
    });
    expect(profile.status).toBe(201);
    const [template] = (await chorus.api<{ id: string }[]>('/api/persona-templates', { token }))
      .body;
    const persona = await chorus.api<{ id: string }>(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template!.id },
    });
    const roadmap = await chorus.api<{ id: string }>(`/api/products/${productId}/roadmaps`, {
      method: 'POST',
      token,
      body: { name: 'Plan' },
    });
    const item = await chorus.api<RoadmapItem>(`/api/roadmaps/${roadmap.body.id}/items`, {
      method: 'POST',
      token,
      body: { title: 'Solar charging dock' },
    });

    const feedback = await chorus.api<ItemFeedbackView>(
      `/api/roadmap-items/${item.body.id}/feedback`,
      { method: 'POST', token, body: { personaIds: [persona.body.id] } },
    );
    expect(feedback.status).toBe(201);
    expect(feedback.body.responses).toHaveLength(1);
    const told = productBriefing('Solar charging dock');
    expect(told).toContain(
      'Pricing Models [pricingModels]: Pay per lantern lit, three cents an hour',
    );
    expect(told).toContain(
      'Customer Demographics [customerDemographics]: Night-shift nurses in rural clinics',
    );

    const questionText = 'Would you keep a lantern lit all night?';
    const asked = await chorus.api<QuestionView>(`/api/products/${productId}/questions`, {
      method: 'POST',
      token,
      body: { questionText },
    });
    expect(asked.status).toBe(201);
    await eventually(
      async () =>
        (
          await chorus.api<QuestionView>(`/api/products/${productId}/questions/${asked.body.id}`, {
            token,
          })
        ).body.status === 'complete',
      { timeoutMs: 15_000 },
    );
    expect(productBriefing(questionText)).toBe(told);
  });
});
