import { type ProductPersonaView } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { type FakeOpenAI, startFakeOpenAI } from '@chorus/persona-inference/testing';
import { randomUUID } from 'node:crypto';

// Custom personas built by the OpenAI engine, against a local OpenAI-compatible
// server: a source mentioning "unusable" gets a persona aged 7, which is no persona.
let model: FakeOpenAI;
let chorus: TestChorus;

const modelPersona = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: 'Camille Roux',
    age: 38,
    gender: 'Female',
    occupation: 'Pharmacist',
    location: 'Lyon',
    income: '€3,100/month',
    lifestyle: 'Cooks three times a week and shops at discount stores.',
    motivations: 'Feeding two children well on a budget.',
    personality: 'Organised and price-conscious.',
    safetyScores: { economic: 5.5, world: 6, local: 7, occupation: 8 },
    statedFields: ['location', 'lifestyle'],
    ...overrides,
  });

beforeAll(async () => {
  model = await startFakeOpenAI((request) => {
    const source = request.body.messages.at(-1)?.content ?? '';
    return { content: modelPersona(source.includes('unusable') ? { age: 7 } : {}) };
  });
  chorus = await startTestChorus({
    env: {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: model.url,
      OPENAI_MODEL: 'fake-model',
      INFERENCE_RETRIES: '1',
    },
  });
});
afterAll(async () => {
  await chorus.stop();
  await model.close();
});

async function customer() {
  const answer = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `model-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Ada',
        lastName: 'Quinn',
        productName: 'Panier',
        industry: 'Retail',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  expect(answer.status).toBe(201);
  return { token: answer.body.token, productId: answer.body.product.id };
}

const personaRequests = () =>
  model.requests.filter((r) => r.body.response_format?.json_schema?.name === 'customer_persona');

describe('a custom persona built by a model', () => {
  it('asks for strict structured output and stores the persona with its provenance', async () => {
    const { token, productId } = await customer();
    const seen = personaRequests().length;
    const created = await chorus.api<ProductPersonaView>(
      `/api/products/${productId}/custom-personas`,
      {
        method: 'POST',
        token,
        body: {
          description:
            'A parent of two in Lyon who cooks three times a week and shops at discount stores',
        },
      },
    );
    expect(created.status).toBe(201);
    const requests = personaRequests().slice(seen);
    expect(requests).toHaveLength(1);
    const format = requests[0]!.body.response_format!;
    expect(format.type).toBe('json_schema');
    expect(format.json_schema).toMatchObject({ name: 'customer_persona', strict: true });
    expect(requests[0]!.body.messages.at(-1)!.content).toContain('A parent of two in Lyon');

    expect(created.body.template).toMatchObject({
      name: 'Camille Roux',
      age: 38,
      occupation: 'Pharmacist',
      location: 'Lyon',
      // The stated lifestyle as the description said it, not as the model rephrased it.
      lifestyle: 'Cooks three times a week and shops at discount stores',
      safetyScores: { economic: 5.5, world: 6, local: 7, occupation: 8 },
    });
    expect(created.body.custom).toMatchObject({
      builtBy: 'openai:fake-model',
      provenance: {
        name: 'inferred',
        age: 'inferred',
        occupation: 'inferred',
        location: 'given',
        lifestyle: 'given',
        personality: 'inferred',
      },
    });
    const listed = await chorus.api<ProductPersonaView[]>(`/api/products/${productId}/personas`, {
      token,
    });
    expect(listed.body).toEqual([created.body]);
  });

  it('asks again after an invalid persona, then refuses with the reason and stores nothing', async () => {
    const { token, productId } = await customer();
    const seen = personaRequests().length;
    const refused = await chorus.api<{ message: string }>(
      `/api/products/${productId}/custom-personas`,
      {
        method: 'POST',
        token,
        body: { description: 'An unusable description of a customer' },
      },
    );
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/unusable persona \(age: .*\)\. Please try again\./);
    // The first answer and one retry.
    expect(personaRequests().slice(seen)).toHaveLength(2);
    const listed = await chorus.api<ProductPersonaView[]>(`/api/products/${productId}/personas`, {
      token,
    });
    expect(listed.body).toEqual([]);
  });

  it('imports the usable rows and lists the refused one with its reason', async () => {
    const { token, productId } = await customer();
    const imported = await chorus.api<{
      personas: ProductPersonaView[];
      skipped: { row: number; reason: string }[];
    }>(`/api/products/${productId}/custom-personas/import`, {
      method: 'POST',
      token,
      body: {
        fileName: 'interviews.csv',
        csv: 'name,notes\nClaire,likes markets\nMarc,unusable notes\n',
      },
    });
    expect(imported.status).toBe(201);
    expect(imported.body.personas.map((p) => p.template.name)).toEqual(['Claire']);
    expect(imported.body.personas[0]!.custom!.provenance.name).toBe('given');
    expect(imported.body.skipped).toEqual([
      { row: 3, reason: expect.stringMatching(/unusable persona/) as unknown as string },
    ]);
  });
});
