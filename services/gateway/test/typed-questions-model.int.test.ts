import {
  type PersonaTemplateView,
  type QuestionSpec,
  type QuestionView,
  type TypedAnswer,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import {
  type FakeOpenAI,
  type FakeRequest,
  startFakeOpenAI,
  validAnswer,
} from '@chorus/persona-inference/testing';
import { typedResultOf } from '@chorus/research';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

// Typed questions answered by a model: the whole system with the OpenAI
// engine pointed at a local server speaking the OpenAI protocol. Each typed
// answer is asked with strict structured output whose schema fits the type;
// a reply that breaks it is asked again once and then counted as no answer.
let model: FakeOpenAI;
let chorus: TestChorus;

const schemaOf = (request: FakeRequest) => request.body.response_format?.json_schema?.name ?? '';

type JsonSchema = {
  enum?: (string | number)[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
};

/**
 * A valid reply to a typed question read off the strict schema the engine
 * sent, as a model would give it: every allowed value with an even
 * probability, the whole range for a number, the shown items' first as best
 * and last as worst.
 */
function replyFor(name: string, schema: JsonSchema): unknown {
  const props = schema.properties ?? {};
  const evenly = (key: string, values: readonly (string | number)[]) => ({
    probabilities: values.map((value) => ({ [key]: value, probability: 1 / values.length })),
  });
  const enumOf = (item: JsonSchema | undefined, key: string) => item?.properties?.[key]?.enum ?? [];
  switch (name) {
    case 'typed_scale':
      return evenly('point', enumOf(props.probabilities?.items, 'point'));
    case 'typed_single_choice':
      return evenly('option', enumOf(props.probabilities?.items, 'option'));
    case 'typed_multiple_choice':
      return {
        options: enumOf(props.options?.items, 'option').map((option) => ({
          option,
          probability: 0.5,
        })),
      };
    case 'typed_number': {
      const low = props.low?.minimum ?? 0;
      const high = props.low?.maximum ?? 100;
      return { low, typical: (low + high) / 2, high };
    }
    case 'typed_ranking':
      return { ranking: props.ranking?.items?.enum ?? [] };
    case 'typed_maxdiff':
      return {
        sets: Object.fromEntries(
          Object.entries(props.sets?.properties ?? {}).map(([set, shown]) => {
            const items = shown.properties?.best?.enum ?? [];
            return [set, { best: items[0], worst: items.at(-1) }];
          }),
        ),
      };
    case 'typed_price_range':
      return {
        tooCheap: 4,
        bargain: 9,
        expensive: 18,
        tooExpensive: 30,
        ...(props.buyAtBargain ? { buyAtBargain: 0.7, buyAtExpensive: 0.2 } : {}),
      };
    default:
      return null;
  }
}
const asked = (request: FakeRequest) => request.body.messages.map((m) => m.content).join('\n');

/**
 * Embeddings that put the persona's own words ("straight away") and the top
 * point's sentence in one direction and every other sentence in another, so
 * the similarity reading can only give the top point.
 */
function embedTopPoint(request: { body: { input: string | string[] } }) {
  const inputs = Array.isArray(request.body.input) ? request.body.input : [request.body.input];
  return {
    embeddings: inputs.map((text) =>
      /straight away|^Definitely would buy\.$/.test(text.trim()) ? [1, 0] : [0, 1],
    ),
  };
}

beforeAll(async () => {
  model = await startFakeOpenAI((request) => {
    const schema = schemaOf(request);
    const text = asked(request);
    if (schema === 'persona_answer') return { content: validAnswer() };
    if (text.includes('garbled')) {
      // Valid JSON that breaks the type's schema: probabilities that are words.
      return { content: JSON.stringify({ probabilities: 'mostly yes' }) };
    }
    if (schema === 'typed_nps') {
      return {
        content: JSON.stringify({
          probabilities: Array.from({ length: 11 }, (_, score) => ({
            score,
            probability: score === 9 ? 0.5 : score === 10 ? 0.5 : 0,
          })),
        }),
      };
    }
    if (schema === 'typed_price_ladder') {
      const likely = [0.9, 0.6, 0.3, 0.1];
      return {
        content: JSON.stringify({
          probabilities: [5, 10, 20, 40].map((price, i) => ({ price, probability: likely[i] })),
        }),
      };
    }
    const generic = replyFor(
      schema,
      (request.body.response_format?.json_schema?.schema ?? {}) as JsonSchema,
    );
    if (generic) return { content: JSON.stringify(generic) };
    // A rating in the persona's own words (semantic-similarity): no schema.
    return { content: "I'd get it straight away." };
  }, embedTopPoint);
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

async function customer(personaCount: number) {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `typed-model-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Ada',
        lastName: 'Quinn',
        productName: 'Planwise',
        productDescription: 'A weekly meal planner',
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
  for (const template of templates.slice(0, personaCount)) {
    await chorus.api(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
  }
  return { token, productId };
}

async function askAndWait(
  who: { token: string; productId: string },
  questionText: string,
  spec: QuestionSpec,
): Promise<QuestionView> {
  const created = await chorus.api<QuestionView>(`/api/products/${who.productId}/questions`, {
    method: 'POST',
    token: who.token,
    body: { questionText, spec },
  });
  expect(created.status).toBe(201);
  return eventually(
    async () => {
      const found = await chorus.api<QuestionView>(
        `/api/products/${who.productId}/questions/${created.body.id}`,
        { token: who.token },
      );
      return ['complete', 'error'].includes(found.body.status) && found.body;
    },
    { timeoutMs: 60_000, what: 'a typed question answered by the model' },
  );
}

const typedOf = (question: QuestionView): TypedAnswer[] =>
  question.responses.flatMap((r) => (r.typed ? [r.typed] : []));

describe('typed questions answered by a model', () => {
  it('asks NPS with a schema of scores and draws from what the model gave', async () => {
    const who = await customer(3);
    const question = await askAndWait(
      who,
      'How likely are you to recommend Planwise to a friend?',
      {
        type: 'nps',
      },
    );
    expect(question.status).toBe('complete');
    const typedRequests = model.requests.filter((r) => schemaOf(r) === 'typed_nps');
    expect(typedRequests.length).toBeGreaterThanOrEqual(3);
    expect(typedRequests[0]!.body.response_format?.json_schema?.strict).toBe(true);
    for (const answer of typedOf(question)) {
      if (answer.type !== 'nps') throw new Error(answer.type);
      expect(answer.draws).toHaveLength(20);
      expect(answer.draws.every((d) => d === 9 || d === 10)).toBe(true);
    }
    if (question.typedResult?.type !== 'nps') throw new Error('no NPS result');
    expect(question.typedResult.score.value).toBe(100);
    expect(question.typedResult).toEqual(typedResultOf({ type: 'nps' }, typedOf(question), 1));
    expect(question.run).toMatchObject({ engine: 'openai', model: 'fake-model' });
  });

  it('keeps a price ladder’s buying probabilities, never rising with the price', async () => {
    const who = await customer(2);
    const question = await askAndWait(who, 'Would you buy Planwise at this price?', {
      type: 'price_ladder',
      offer: 'Planwise',
      currency: 'USD',
      period: 'month',
      prices: [5, 10, 20, 40],
    });
    for (const answer of typedOf(question)) {
      if (answer.type !== 'price_ladder') throw new Error(answer.type);
      expect(answer.buyProbability).toEqual([0.9, 0.6, 0.3, 0.1]);
    }
    if (question.typedResult?.type !== 'price_ladder') throw new Error('no ladder result');
    const demand = question.typedResult.points.map((p) => p.demand.value);
    for (let i = 1; i < demand.length; i += 1)
      expect(demand[i]!).toBeLessThanOrEqual(demand[i - 1]!);
  });

  it.each<[string, QuestionSpec]>([
    [
      'Rate Planwise for your household',
      {
        type: 'scale',
        points: 5,
        lowLabel: 'Very poor',
        highLabel: 'Excellent',
        pointLabels: [],
        ratingMethod: 'direct',
      },
    ],
    [
      'Which would you use to plan meals?',
      { type: 'single_choice', options: ['Paper', 'Spreadsheet', 'An app'], noneOption: true },
    ],
    [
      'Which features would you use weekly?',
      { type: 'multiple_choice', options: ['Recipes', 'Lists', 'Budget'], noneOption: false },
    ],
    [
      'How much do you spend on groceries a week?',
      { type: 'number', unit: 'dollars a week', min: 0, max: 400 },
    ],
    [
      'Rank these features for your week',
      { type: 'ranking', items: ['Recipes', 'Lists', 'Budget'] },
    ],
    [
      'Which of these matter most and least?',
      {
        type: 'maxdiff',
        items: ['Price', 'Speed', 'Recipes', 'Variety', 'Waste'],
        perSet: 4,
        sets: 3,
      },
    ],
    [
      'What would you pay for Planwise each month?',
      {
        type: 'price_range',
        offer: 'Planwise',
        currency: 'USD',
        period: 'month',
        likelihood: true,
      },
    ],
  ])('answers "%s" with the schema of its type, every draw usable', async (text, spec) => {
    const who = await customer(2);
    const question = await askAndWait(who, text, spec);
    expect(question.status).toBe('complete');
    const answers = typedOf(question);
    expect(answers).toHaveLength(2);
    for (const answer of answers) {
      expect(answer.type).toBe(spec.type);
      expect(answer.noAnswer).toBe(0);
      expect(answer.draws).toHaveLength(20);
    }
    expect(question.typedResult).toEqual(
      typedResultOf(spec as Exclude<QuestionSpec, { type: 'opinion' }>, answers, 1),
    );
    expect(question.typedResult).toMatchObject({ respondents: 2, noAnswer: 0 });
  });

  it('counts a reply that breaks the schema twice as no answer, never a value', async () => {
    const who = await customer(2);
    const before = model.requests.length;
    const question = await askAndWait(
      who,
      'How likely are you to recommend this garbled planner?',
      {
        type: 'nps',
      },
    );
    expect(question.status).toBe('complete');
    const typedRequests = model.requests.slice(before).filter((r) => schemaOf(r) === 'typed_nps');
    // Asked once, and once again after the broken reply: two per persona.
    expect(typedRequests).toHaveLength(4);
    for (const answer of typedOf(question)) {
      expect(answer.draws).toEqual([]);
      expect(answer.noAnswer).toBe(20);
    }
    expect(question.typedResult).toMatchObject({ respondents: 0, noAnswer: 40 });
  });

  it('rates a scale by semantic similarity when asked: own words, then embeddings', async () => {
    const who = await customer(2);
    const embeddingsBefore = model.embeddingRequests.length;
    const question = await askAndWait(who, 'How likely would you be to buy Planwise?', {
      type: 'scale',
      points: 5,
      lowLabel: 'Definitely would not buy',
      highLabel: 'Definitely would buy',
      pointLabels: [],
      ratingMethod: 'semantic-similarity',
    });
    expect(question.status).toBe('complete');
    expect(model.embeddingRequests.length).toBeGreaterThan(embeddingsBefore);
    if (question.typedResult?.type !== 'scale') throw new Error('no scale result');
    // The own words sit with the top point's sentence and nowhere else: every draw is a 5.
    expect(question.typedResult.mean.value).toBe(5);
    for (const answer of typedOf(question)) expect(answer.draws).toEqual(Array(20).fill(5));
  });
});
