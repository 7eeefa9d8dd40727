import { type PersonaTemplateView, type QuestionView } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { type FakeOpenAI, startFakeOpenAI, validAnswer } from '@chorus/persona-inference/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

// The whole system with the OpenAI engine pointed at a local OpenAI-compatible
// server: questions that mention "slowly" never get an answer in time.
let model: FakeOpenAI;
let chorus: TestChorus;

beforeAll(async () => {
  model = await startFakeOpenAI((request) => {
    const question = request.body.messages.at(-1)?.content ?? '';
    return question.includes('slowly')
      ? { delayMs: 10_000, content: validAnswer() }
      : { content: validAnswer({ opinion: 'positive', confidence: 0.7 }) };
  });
  chorus = await startTestChorus({
    env: {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: model.url,
      OPENAI_MODEL: 'fake-model',
      INFERENCE_TIMEOUT_MS: '300',
      INFERENCE_RETRIES: '0',
    },
  });
});
afterAll(async () => {
  await chorus.stop();
  await model.close();
});

async function customerWithPersonas(count: number) {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `model-${randomUUID()}@example.com`,
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
  const { token } = registered.body;
  const productId = registered.body.product.id;
  const templates = (await chorus.api<PersonaTemplateView[]>('/api/persona-templates', { token }))
    .body;
  for (const template of templates.slice(0, count)) {
    await chorus.api(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
  }
  return { token, productId };
}

async function settled(token: string, productId: string, questionText: string) {
  const asked = await chorus.api<QuestionView>(`/api/products/${productId}/questions`, {
    method: 'POST',
    token,
    body: { questionText, productId },
  });
  expect(asked.status).toBe(201);
  return eventually(
    async () => {
      const found = await chorus.api<QuestionView>(
        `/api/products/${productId}/questions/${asked.body.id}`,
        { token },
      );
      return ['complete', 'error'].includes(found.body.status) && found.body;
    },
    { timeoutMs: 15_000 },
  );
}

describe('questions answered by a model', () => {
  it("stores the model's schema-valid answers, grounded in what the persona was told", async () => {
    const { token, productId } = await customerWithPersonas(2);
    const question = await settled(token, productId, 'Would you pay $15 a month for this?');
    expect(question.status).toBe('complete');
    expect(question.responses).toHaveLength(2);
    for (const response of question.responses) {
      expect(response).toMatchObject({ opinion: 'positive', confidence: 0.7 });
      // The product has no pricing in its profile: the model's citation of it is dropped.
      expect(response.grounding).toEqual({
        personaAttributes: ['income', 'safetyScores.economic'],
        profileFields: [],
      });
    }
    expect(question.aggregatedResults).toMatchObject({ positive: 100, neutral: 0, negative: 0 });
  });

  it('sets the question to error with the reason when the model is always too slow', async () => {
    const { token, productId } = await customerWithPersonas(2);
    const question = await settled(token, productId, 'Would you answer this one slowly?');
    expect(question).toMatchObject({
      status: 'error',
      errorReason: 'The AI service did not answer in time. Please try again.',
      responses: [],
      aggregatedResults: null,
    });
  });
});
