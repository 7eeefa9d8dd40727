import {
  type ComparisonView,
  feedbackMessages,
  type ItemFeedbackView,
  type ProductPersonaView,
  type RoadmapItem,
  roadmapMessages,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { randomUUID } from 'node:crypto';

let chorus: TestChorus;

beforeAll(async () => {
  chorus = await startTestChorus();
});
afterAll(() => chorus.stop());

interface Customer {
  token: string;
  productId: string;
  personaIds: string[];
  roadmapId: string;
  items: RoadmapItem[];
}

/** A customer with two personas on the product and a roadmap of the given items. */
async function customer(titles: string[] = ['Offline mode', 'Team billing']): Promise<Customer> {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `listener-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Lee',
        lastName: 'Stener',
        productName: 'Lantern',
        industry: 'technology',
        // A paid product: persona feedback needs one.
        stripeToken: 'pm_card_visa',
      },
    },
  );
  expect(registered.status).toBe(201);
  const { token } = registered.body;
  const productId = registered.body.product.id;
  const templates = await chorus.api<{ id: string }[]>('/api/persona-templates', { token });
  const personaIds: string[] = [];
  for (const template of templates.body.slice(0, 2)) {
    const added = await chorus.api<ProductPersonaView>(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
    expect(added.status).toBe(201);
    personaIds.push(added.body.id);
  }
  const roadmap = await chorus.api<{ id: string }>(`/api/products/${productId}/roadmaps`, {
    method: 'POST',
    token,
    body: { name: 'Plan' },
  });
  const items: RoadmapItem[] = [];
  for (const title of titles) {
    const item = await chorus.api<RoadmapItem>(`/api/roadmaps/${roadmap.body.id}/items`, {
      method: 'POST',
      token,
      body: { title, description: `${title} for every customer` },
    });
    items.push(item.body);
  }
  return { token, productId, personaIds, roadmapId: roadmap.body.id, items };
}

describe('persona feedback on a roadmap item', () => {
  it('asks the chosen personas and shows each rating and comment with the average', async () => {
    const who = await customer();
    const path = `/api/roadmap-items/${who.items[0]!.id}/feedback`;
    const before = await chorus.api<ItemFeedbackView>(path, { token: who.token });
    expect(before).toMatchObject({
      status: 200,
      body: { itemId: who.items[0]!.id, averageRating: null, responses: [] },
    });

    const asked = await chorus.api<ItemFeedbackView>(path, {
      method: 'POST',
      token: who.token,
      body: { personaIds: who.personaIds },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.responses).toHaveLength(2);
    for (const response of asked.body.responses) {
      expect(who.personaIds).toContain(response.personaId);
      expect(response.rating).toBeGreaterThanOrEqual(1);
      expect(response.rating).toBeLessThanOrEqual(5);
      expect(response.comment.length).toBeGreaterThan(0);
      expect(['positive', 'neutral', 'negative']).toContain(response.sentiment);
    }
    const ratings = asked.body.responses.map((r) => r.rating);
    expect(asked.body.averageRating).toBeCloseTo((ratings[0]! + ratings[1]!) / 2, 1);

    const after = await chorus.api<ItemFeedbackView>(path, { token: who.token });
    expect(after.body).toEqual(asked.body);
  });

  it('refuses no personas, and a persona that is not the product’s', async () => {
    const who = await customer();
    const other = await customer();
    const path = `/api/roadmap-items/${who.items[0]!.id}/feedback`;
    const none = await chorus.api(path, {
      method: 'POST',
      token: who.token,
      body: { personaIds: [] },
    });
    expect(none).toMatchObject({
      status: 400,
      body: { message: feedbackMessages.personasRequired },
    });
    const foreign = await chorus.api(path, {
      method: 'POST',
      token: who.token,
      body: { personaIds: [other.personaIds[0]] },
    });
    expect(foreign).toMatchObject({
      status: 404,
      body: { message: feedbackMessages.unknownPersona },
    });
  });

  it('answers 404 for another user’s item', async () => {
    const who = await customer();
    const stranger = await customer();
    const path = `/api/roadmap-items/${who.items[0]!.id}/feedback`;
    const asked = await chorus.api(path, {
      method: 'POST',
      token: stranger.token,
      body: { personaIds: stranger.personaIds },
    });
    expect(asked).toMatchObject({ status: 404, body: { message: roadmapMessages.itemNotFound } });
    const read = await chorus.api(path, { token: stranger.token });
    expect(read).toMatchObject({ status: 404, body: { message: roadmapMessages.itemNotFound } });
    expect((await chorus.api(path)).status).toBe(401);
  });
});

describe('comparing roadmap items', () => {
  it('ranks the items for each persona and lists the comparison', async () => {
    const who = await customer(['Offline mode', 'Team billing', 'Dark mode']);
    const path = `/api/roadmaps/${who.roadmapId}/comparisons`;
    const created = await chorus.api<ComparisonView>(path, {
      method: 'POST',
      token: who.token,
      body: { itemIds: who.items.map((i) => i.id), personaIds: who.personaIds },
    });
    expect(created.status).toBe(201);
    expect(created.body.title).toBe('Compare Offline mode, Team billing, Dark mode');
    expect(created.body.rankings).toHaveLength(2);
    for (const ranking of created.body.rankings) {
      expect(ranking.items.map((i) => i.itemId).sort()).toEqual(who.items.map((i) => i.id).sort());
      const scores = ranking.items.map((i) => i.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    expect(created.body.overall).toHaveLength(3);

    const listed = await chorus.api<ComparisonView[]>(path, { token: who.token });
    expect(listed.body).toEqual([created.body]);
  });

  it('needs two items, and answers 404 for another user’s roadmap', async () => {
    const who = await customer();
    const stranger = await customer();
    const path = `/api/roadmaps/${who.roadmapId}/comparisons`;
    const one = await chorus.api(path, {
      method: 'POST',
      token: who.token,
      body: { itemIds: [who.items[0]!.id], personaIds: who.personaIds },
    });
    expect(one).toMatchObject({ status: 400, body: { message: feedbackMessages.itemsRequired } });
    const foreign = await chorus.api(path, {
      method: 'POST',
      token: stranger.token,
      body: { itemIds: who.items.map((i) => i.id), personaIds: stranger.personaIds },
    });
    expect(foreign).toMatchObject({
      status: 404,
      body: { message: roadmapMessages.roadmapNotFound },
    });
    expect((await chorus.api(path, { token: stranger.token })).status).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const document = await chorus.api<{ paths: Record<string, Record<string, unknown>> }>(
      '/api/openapi.json',
    );
    expect(Object.keys(document.body.paths['/api/roadmap-items/{id}/feedback']!).sort()).toEqual([
      'get',
      'post',
    ]);
    expect(Object.keys(document.body.paths['/api/roadmaps/{id}/comparisons']!).sort()).toEqual([
      'get',
      'post',
    ]);
  });
});
