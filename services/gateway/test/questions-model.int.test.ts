import {
  type ItemFeedbackView,
  type PersonaTemplateView,
  type ProductPersonaView,
  type QuestionView,
  type RoadmapItem,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { type FakeOpenAI, startFakeOpenAI, validAnswer } from '@chorus/persona-inference/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

// The whole system with the OpenAI engine pointed at a local OpenAI-compatible
// server, so a test reads exactly what each persona was told: questions that
// mention "slowly" never get an answer in time.
let model: FakeOpenAI;
let chorus: TestChorus;

beforeAll(async () => {
  model = await startFakeOpenAI((request) => {
    const question = request.body.messages.at(-1)?.content ?? '';
    if (question.includes('unreadable')) {
      // Probabilities adding up to 1.5: not a distribution.
      return {
        content: validAnswer({ distribution: { positive: 0.5, neutral: 0.5, negative: 0.5 } }),
      };
    }
    return question.includes('slowly')
      ? { delayMs: 10_000, content: validAnswer() }
      : {
          content: validAnswer({ distribution: { positive: 1, neutral: 0, negative: 0 } }),
          usage: { prompt_tokens: 700, completion_tokens: 120 },
        };
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
  const personaIds: string[] = [];
  for (const template of templates.slice(0, count)) {
    const added = await chorus.api<ProductPersonaView>(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
    personaIds.push(added.body.id);
  }
  return { token, productId, personaIds };
}

/** What a persona was told about the product: its prompt up to the question. */
function productBriefing(mentioning: string): string {
  const prompt = model.requests
    .map((request) => request.body.messages.at(-1)?.content ?? '')
    .find((content) => content.includes(mentioning));
  expect(prompt).toBeDefined();
  return prompt!.slice(0, prompt!.indexOf('The question:'));
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
      // Certain of positive: every draw is positive, and the confidence is the peak.
      expect(response).toMatchObject({
        opinion: 'positive',
        confidence: 1,
        distribution: { positive: 1, neutral: 0, negative: 0 },
        draws: { positive: 20, neutral: 0, negative: 0 },
      });
      // The product has no pricing in its profile: the model's citation of it is dropped.
      expect(response.grounding).toEqual({
        personaAttributes: ['income', 'safetyScores.economic'],
        profileFields: [],
      });
    }
    expect(question.aggregatedResults).toMatchObject({ positive: 100, neutral: 0, negative: 0 });
    // The run: the model's usage as the API reported it, priced per model.
    expect(question.run).toMatchObject({
      engine: 'openai',
      seed: 1,
      usage: { inputTokens: 1_400, outputTokens: 240, modelCalls: 2, cachedAnswers: 0 },
    });
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

  it('asks again for an invalid distribution, then sets the question to error with why', async () => {
    const { token, productId } = await customerWithPersonas(1);
    const before = model.requests.length;
    const question = await settled(token, productId, 'Would you find this unreadable?');
    expect(question).toMatchObject({
      status: 'error',
      errorReason: expect.stringMatching(
        /^The AI service gave an unreadable answer for .+\. Please try again\.$/,
      ),
      responses: [],
    });
    // INFERENCE_RETRIES is 0 here, so the answer is not asked for again (the worker's
    // own test shows the retry); the customer reads why instead of waiting.
    expect(model.requests.length - before).toBe(1);
  });
});

describe('what personas are told about the product', () => {
  it('is the same business profile for roadmap feedback as for questions', async () => {
    const { token, productId, personaIds } = await customerWithPersonas(1);
    const profile = await chorus.api(`/api/products/${productId}/business-profile`, {
      method: 'POST',
      token,
      body: {
        pricingModels: 'Pay per lantern lit, three cents an hour',
        customerDemographics: 'Night-shift nurses in rural clinics',
      },
    });
    expect(profile.status).toBe(201);
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
      { method: 'POST', token, body: { personaIds } },
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
    expect((await settled(token, productId, questionText)).status).toBe('complete');
    expect(productBriefing(questionText)).toBe(told);
  });
});
