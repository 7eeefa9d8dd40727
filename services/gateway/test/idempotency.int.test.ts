import type {
  PersonaTemplateView,
  ProductPersonaView,
  QuestionView,
  RoadmapItem,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import { knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { idempotencyMessages } from '../src/idempotency';

// Keys live in memory by default; with REDIS_URL they live in Redis and
// every gateway replica shares them. The Redis variant runs wherever a Redis
// is configured for tests (CI sets TEST_REDIS_URL).
const stores: [string, string | undefined][] = [
  ['memory', undefined],
  ...(process.env.TEST_REDIS_URL
    ? ([['redis', process.env.TEST_REDIS_URL]] as [string, string][])
    : []),
];

/** Every route taking an Idempotency-Key, as the OpenAPI document lists them. */
const idempotentRoutes = [
  'post /api/products',
  'post /api/products/{id}/personas',
  'post /api/products/{id}/custom-personas',
  'post /api/products/{id}/custom-personas/import',
  'post /api/products/{id}/questions',
  'post /api/products/{id}/questions/{questionId}/retry',
  'post /api/products/{id}/questions/{questionId}/share-links',
  'post /api/products/{id}/questions/{questionId}/rerun',
  'post /api/products/{id}/questions/{questionId}/calibration',
  'post /api/products/{id}/setup-payment',
  'post /api/products/{id}/studies',
  'post /api/products/{id}/panels',
  'post /api/products/{id}/panels/{panelId}/redraw',
  'post /api/products/{id}/studies/{studyId}/share-links',
  'post /api/payment-methods',
  'post /api/stripe/create-checkout-session',
  'post /api/products/{productId}/roadmaps',
  'post /api/roadmaps/{id}/items',
  'post /api/roadmaps/{id}/import-yaml',
  'post /api/roadmap-items/{id}/feedback',
  'post /api/roadmaps/{id}/comparisons',
  'post /api/roadmap-items/{id}/share-links',
  'post /api/roadmaps/{id}/comparison-links',
  'post /api/products/{id}/team/invitations',
  'post /api/products/{id}/team/invitations/{memberId}/resend',
  'post /api/roadmaps/{id}/collaborators',
].sort();

interface Customer {
  token: string;
  productId: string;
  personaIds: string[];
  templates: PersonaTemplateView[];
  roadmapId: string;
  items: RoadmapItem[];
  /** An answered question. */
  questionId: string;
  /** The product paid for by the payment case. */
  paidProductId?: string;
}

const answered = async (
  chorus: TestChorus,
  who: { token: string; productId: string },
  id: string,
) =>
  eventually(async () => {
    const found = await chorus.api<QuestionView>(`/api/products/${who.productId}/questions/${id}`, {
      token: who.token,
    });
    return found.body.status === 'complete';
  });

type Answer = { status: number; body: unknown; replayed: string | null };

interface Case {
  name: string;
  /** The request; `variant` changes its details. */
  request(who: Customer, variant: number): Promise<{ path: string; body: unknown }>;
  /** How many things the route made, read through the API; undefined when none is listed. */
  count?(who: Customer): Promise<number>;
}

describe.each(stores)('idempotency keys kept in %s', (_store, redisUrl) => {
  let chorus: TestChorus;
  beforeAll(async () => {
    chorus = await startTestChorus({ redisUrl });
  });
  afterAll(() => chorus.stop());

  async function post(token: string, path: string, body: unknown, key?: string): Promise<Answer> {
    const answer = await chorus.api(path, {
      method: 'POST',
      token,
      body,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
    return {
      status: answer.status,
      body: answer.body,
      replayed: answer.headers.get('idempotent-replayed'),
    };
  }

  async function list<T = unknown>(token: string, path: string): Promise<T[]> {
    const answer = await chorus.api<T[]>(path, { token });
    expect(answer.status).toBe(200);
    return answer.body;
  }

  /** A paying customer with two personas, a roadmap of three items and an answered question. */
  async function customer(): Promise<Customer> {
    const registered = await chorus.api<{ token: string; product: { id: string } }>(
      '/api/auth/register',
      {
        method: 'POST',
        body: {
          email: `keys-${randomUUID()}@example.com`,
          password: 'secret-pass',
          firstName: 'Kay',
          lastName: 'Stone',
          productName: 'Lantern',
          industry: 'technology',
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
    const personaIds: string[] = [];
    for (const template of templates.slice(0, 2)) {
      const added = await post(token, `/api/products/${productId}/personas`, {
        templateId: template.id,
      });
      expect(added.status).toBe(201);
      personaIds.push((added.body as ProductPersonaView).id);
    }
    const roadmap = await post(token, `/api/products/${productId}/roadmaps`, { name: 'Plan' });
    const roadmapId = (roadmap.body as { id: string }).id;
    const items: RoadmapItem[] = [];
    for (const title of ['Offline mode', 'Team billing', 'Dark theme']) {
      const item = await post(token, `/api/roadmaps/${roadmapId}/items`, { title });
      items.push(item.body as RoadmapItem);
    }
    const asked = await post(token, `/api/products/${productId}/questions`, {
      questionText: 'Would you pay $15 a month for smarter lights?',
    });
    const questionId = (asked.body as QuestionView).id;
    await answered(chorus, { token, productId }, questionId);
    return { token, productId, personaIds, templates, roadmapId, items, questionId };
  }

  const cases: Case[] = [
    {
      name: 'create a product',
      request: async (_who, v) => ({
        path: '/api/products',
        body: { name: `Beacon ${v}`, industry: 'technology' },
      }),
      count: async (who) => (await list(who.token, '/api/products')).length,
    },
    {
      name: 'add a persona',
      request: async (who, v) => ({
        path: `/api/products/${who.productId}/personas`,
        body: { templateId: who.templates[2 + v]!.id },
      }),
      count: async (who) =>
        (await list(who.token, `/api/products/${who.productId}/personas`)).length,
    },
    {
      name: 'create a custom persona',
      request: async (who, v) => ({
        path: `/api/products/${who.productId}/custom-personas`,
        body: { description: `A ${30 + v}-year-old nurse in Lyon who cooks three times a week` },
      }),
      count: async (who) =>
        (await list(who.token, `/api/products/${who.productId}/personas`)).length,
    },
    {
      name: 'import custom personas',
      request: async (who, v) => ({
        path: `/api/products/${who.productId}/custom-personas/import`,
        body: { fileName: 'customers.csv', csv: `Name,Age,Occupation\nClaire,${34 + v},Nurse\n` },
      }),
      count: async (who) =>
        (await list(who.token, `/api/products/${who.productId}/personas`)).length,
    },
    {
      name: 'ask a question',
      request: async (who, v) => ({
        path: `/api/products/${who.productId}/questions`,
        body: { questionText: `Would you pay $${15 + v} a month for smarter lights?` },
      }),
      count: async (who) =>
        (await list(who.token, `/api/products/${who.productId}/questions`)).length,
    },
    {
      name: 'upload real answers',
      request: async (who, v) => ({
        path: `/api/products/${who.productId}/questions/${who.questionId}/calibration`,
        body: { fileName: `survey-${v}.csv`, csv: 'opinion\npositive\nnegative\nneutral\n' },
      }),
      count: async (who) =>
        (await list(who.token, `/api/products/${who.productId}/calibrations`)).length,
    },
    {
      name: 'run a question again',
      request: async (who, v) => ({
        path: `/api/products/${who.productId}/questions/${v ? who.questionId + 'x' : who.questionId}/rerun`,
        body: {},
      }),
    },
    {
      name: 'retry a question in error',
      request: async (who, v) => {
        if (v)
          return {
            path: `/api/products/${who.productId}/questions/${who.questionId}/retry`,
            body: {},
          };
        // A question the engine could not answer: set so in the catalog, as no route does.
        const asked = await post(who.token, `/api/products/${who.productId}/questions`, {
          questionText: 'Would you rent a lamp by the month?',
        });
        const id = (asked.body as QuestionView).id;
        await answered(chorus, who, id);
        const db = knex({ client: 'pg', connection: chorus.databaseUrl('catalog') });
        try {
          await db('questions')
            .where({ id })
            .update({ status: 'error', error_reason: 'Model failed' });
        } finally {
          await db.destroy();
        }
        return { path: `/api/products/${who.productId}/questions/${id}/retry`, body: {} };
      },
    },
    {
      name: 'start paying for a product',
      request: async (who, v) => {
        // A product of its own, without a subscription, for each variant.
        const made = await post(who.token, '/api/products', {
          name: `Paid ${v}`,
          industry: 'technology',
        });
        const productId = (made.body as { id: string }).id;
        who.paidProductId ??= productId;
        return {
          path: '/api/payment-methods',
          body: {
            productId: v ? productId : who.paidProductId,
            stripePaymentMethodId: 'pm_card_visa',
            billingCycle: 'monthly',
          },
        };
      },
      count: async (who) =>
        (await list<{ productId: string }>(who.token, '/api/billing/history')).filter(
          (invoice) => invoice.productId === who.paidProductId,
        ).length,
    },
    {
      name: 'open a hosted checkout',
      request: async (who, v) => {
        const made = await post(who.token, '/api/products', { name: 'Checkout', industry: 'x' });
        return {
          path: '/api/stripe/create-checkout-session',
          body: {
            productId: (made.body as { id: string }).id,
            billingCycle: 'monthly',
            successUrl: `http://localhost:8080/subscription-success?v=${v}`,
            cancelUrl: 'http://localhost:8080/subscription/cancel',
          },
        };
      },
    },
    {
      name: 'prepare a card',
      request: async (who, v) => ({
        path: `/api/products/${who.productId}/setup-payment`,
        body: v ? { couponCode: 'NO-SUCH' } : {},
      }),
    },
    {
      name: 'create a roadmap',
      request: async (who, v) => ({
        path: `/api/products/${who.productId}/roadmaps`,
        body: { name: `Roadmap ${v}` },
      }),
      count: async (who) =>
        (await list(who.token, `/api/products/${who.productId}/roadmaps`)).length,
    },
    {
      name: 'add a roadmap item',
      request: async (who, v) => ({
        path: `/api/roadmaps/${who.roadmapId}/items`,
        body: { title: `Item ${v}` },
      }),
      count: async (who) => itemsOf(who),
    },
    {
      name: 'import roadmap items',
      request: async (who, v) => ({
        path: `/api/roadmaps/${who.roadmapId}/import-yaml`,
        body: { yamlContent: `roadmap_items: [{title: Imported ${v}}]` },
      }),
      count: async (who) => itemsOf(who),
    },
    {
      name: 'ask personas about an item',
      request: async (who, v) => ({
        path: `/api/roadmap-items/${who.items[v]!.id}/feedback`,
        body: { personaIds: who.personaIds },
      }),
    },
    {
      name: 'compare items',
      request: async (who, v) => ({
        path: `/api/roadmaps/${who.roadmapId}/comparisons`,
        body: { itemIds: who.items.slice(0, 2 + v).map((i) => i.id), personaIds: who.personaIds },
      }),
      count: async (who) =>
        (await list(who.token, `/api/roadmaps/${who.roadmapId}/comparisons`)).length,
    },
    {
      name: 'create a share link',
      request: async (who, v) => ({
        path: `/api/roadmap-items/${who.items[0]!.id}/share-links`,
        body: { feedbackType: v ? 'thumbs' : 'rating', allowComments: true },
      }),
      count: async (who) =>
        (await list(who.token, `/api/roadmap-items/${who.items[0]!.id}/share-links`)).length,
    },
    {
      name: 'create a comparison link',
      request: async (who, v) => ({
        path: `/api/roadmaps/${who.roadmapId}/comparison-links`,
        body: { itemIds: who.items.slice(0, 2 + v).map((i) => i.id) },
      }),
      count: async (who) =>
        (await list(who.token, `/api/roadmaps/${who.roadmapId}/comparison-links`)).length,
    },
    {
      name: 'send an invitation',
      request: async (who, v) => ({
        path: `/api/products/${who.productId}/team/invitations`,
        body: { email: `invitee-${v}-${who.questionId}@example.com`, role: 'viewer' },
      }),
      count: async (who) => {
        const team = await chorus.api<{ members: unknown[] }>(
          `/api/products/${who.productId}/team`,
          { token: who.token },
        );
        return team.body.members.length;
      },
    },
    {
      name: 'share a roadmap',
      request: async (who, v) => ({
        path: `/api/roadmaps/${who.roadmapId}/collaborators`,
        body: { email: `reader-${v}-${who.questionId}@example.com`, permission: 'view' },
      }),
      count: async (who) =>
        (await list(who.token, `/api/roadmaps/${who.roadmapId}/collaborators`)).length,
    },
  ];

  async function itemsOf(who: Customer): Promise<number> {
    const roadmap = await chorus.api<{ items: unknown[] }>(`/api/roadmaps/${who.roadmapId}`, {
      token: who.token,
    });
    return roadmap.body.items.length;
  }

  let who: Customer;
  beforeAll(async () => {
    who = await customer();
  });

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: one key does the work once, however often and however fast it is sent',
    async (_name, route) => {
      const key = randomUUID();
      const before = route.count ? await route.count(who) : 0;
      const { path, body } = await route.request(who, 0);
      // A double click: both at once.
      const [first, second] = await Promise.all([
        post(who.token, path, body, key),
        post(who.token, path, body, key),
      ]);
      expect(first.status).toBeLessThan(300);
      expect(second.status).toBe(first.status);
      expect(second.body).toEqual(first.body);
      expect([first.replayed, second.replayed].sort()).toEqual([null, 'true']);
      if (route.count) expect(await route.count(who)).toBe(before + 1);

      // A retry later: the same answer, nothing more made.
      const again = await post(who.token, path, body, key);
      expect(again).toEqual({ status: first.status, body: first.body, replayed: 'true' });
      if (route.count) expect(await route.count(who)).toBe(before + 1);

      // The same key with other details is refused.
      const other = await route.request(who, 1);
      const refused = await post(who.token, other.path, other.body, key);
      expect(refused).toMatchObject({
        status: 422,
        body: { message: idempotencyMessages.differentRequest },
      });
      if (route.count) expect(await route.count(who)).toBe(before + 1);
    },
  );

  it('lists the optional header on exactly those routes in the OpenAPI document', async () => {
    const document = await chorus.api<{
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
    }>('/api/openapi.json');
    const withHeader = Object.entries(document.body.paths)
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) =>
            operation.parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
          )
          .map(([method]) => `${method} ${path}`),
      )
      .sort();
    expect(withHeader).toEqual(idempotentRoutes);
  });

  it('without a key, each request does its work as before', async () => {
    const path = `/api/products/${who.productId}/roadmaps`;
    const before = (await list(who.token, path)).length;
    const [a, b] = await Promise.all([
      post(who.token, path, { name: 'Twice' }),
      post(who.token, path, { name: 'Twice' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.replayed).toBeNull();
    expect((a.body as { id: string }).id).not.toBe((b.body as { id: string }).id);
    expect((await list(who.token, path)).length).toBe(before + 2);
  });

  it("keeps keys per user: another user's same key does its own work", async () => {
    const other = await customer();
    const key = randomUUID();
    const body = { questionText: 'Would you buy a lamp that dims itself at night?' };
    const mine = await post(who.token, `/api/products/${who.productId}/questions`, body, key);
    const theirs = await post(other.token, `/api/products/${other.productId}/questions`, body, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.replayed).toBeNull();
    expect((theirs.body as QuestionView).productId).toBe(other.productId);
    const theirQuestions = await list<QuestionView>(
      other.token,
      `/api/products/${other.productId}/questions`,
    );
    expect(theirQuestions.map((q) => q.id)).toContain((theirs.body as QuestionView).id);
  });

  it('replays a refusal of the route itself, and stores nothing for a request refused before it started', async () => {
    const path = `/api/products/${who.productId}/team/invitations`;
    const email = `twice-${randomUUID()}@example.com`;
    expect((await post(who.token, path, { email, role: 'viewer' })).status).toBe(201);
    // The route refuses a second invitation to the same address: kept like a success.
    const key = randomUUID();
    const refused = await post(who.token, path, { email, role: 'viewer' }, key);
    expect(refused.status).toBe(409);
    expect(await post(who.token, path, { email, role: 'viewer' }, key)).toEqual({
      ...refused,
      replayed: 'true',
    });

    // Invalid input never started: the key stays free for the corrected request.
    const fresh = randomUUID();
    const invalid = await post(who.token, path, { email: 'not an address', role: 'viewer' }, fresh);
    expect(invalid.status).toBe(400);
    const corrected = await post(
      who.token,
      path,
      { email: `fixed-${randomUUID()}@example.com`, role: 'viewer' },
      fresh,
    );
    expect(corrected).toMatchObject({ status: 201, replayed: null });
  });

  it('refuses an empty or too long key with a plain message', async () => {
    const path = `/api/products/${who.productId}/roadmaps`;
    const before = (await list(who.token, path)).length;
    for (const key of ['', 'k'.repeat(256)]) {
      const answer = await post(who.token, path, { name: 'Keyed' }, key);
      expect(answer).toMatchObject({
        status: 400,
        body: { message: idempotencyMessages.keyTooLong },
      });
    }
    expect(await post(who.token, path, { name: 'Keyed' }, 'k'.repeat(255))).toMatchObject({
      status: 201,
    });
    expect((await list(who.token, path)).length).toBe(before + 1);
  });
});
