import {
  AGREEMENT_MIN_RESPONSES,
  type CreatedShareLinkView,
  type ProductPersonaView,
  type PublicShareView,
  type RoadmapItem,
  shareMessages,
  type ShareLinkView,
  type ShareResultsView,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { shareResultsView } from '@chorus/research';
import { testLogger } from '@chorus/service-kit/testing';
import { knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { readGatewayConfig, startGateway } from '../src';

let chorus: TestChorus;

const redisUrl = process.env.TEST_REDIS_URL;

beforeAll(async () => {
  // Each respondent has an address of its own, as behind the ingress; the
  // counters live in Redis when a test Redis is configured.
  chorus = await startTestChorus({ env: { TRUST_PROXY: '1' }, redisUrl });
});
afterAll(() => chorus.stop());

/**
 * The results view computed from its own stored parts the way the gateway
 * once did: the roadmap service's figures must read the same, key for key.
 */
function viewAsComputedHere(view: ShareResultsView): ShareResultsView {
  const { link, items, responses, predictions } = view;
  return shareResultsView({ link, items, responses, predictions });
}

interface Customer {
  token: string;
  personaIds: string[];
  roadmapId: string;
  items: RoadmapItem[];
}

async function customer(
  titles = ['Offline mode', 'Team billing', 'Dark theme'],
): Promise<Customer> {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `sharer-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Sha',
        lastName: 'Rer',
        productName: 'Lantern',
        industry: 'technology',
        // A paid product: personas and their feedback need one.
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
  return { token, personaIds, roadmapId: roadmap.body.id, items };
}

// A run's addresses of its own, so counters a previous run left in Redis do not count.
let address = Math.floor(Math.random() * 200) * 250;
/** A signed-out respondent: its own IP and, once answered, its own cookie. */
function respondent() {
  address += 1;
  const ip = `10.${Math.floor(address / 62_500) % 250}.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
  let cookie = '';
  return {
    async open(token: string) {
      return chorus.api<PublicShareView>(`/api/public/share-links/${token}`, {
        headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
      });
    },
    /** Replaces the browser's cookie, as a forged or foreign one would. */
    setCookie(value: string) {
      cookie = value;
    },
    async answer(token: string, body: unknown) {
      const response = await fetch(`${chorus.url}/api/public/share-links/${token}/responses`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': ip,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(body),
      });
      const set = response.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0]!;
      return {
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
        set,
      };
    },
  };
}

describe('the respondent’s own answer', () => {
  it('comes back with the link after a reload, for that browser only', async () => {
    const who = await customer();
    const item = who.items[0]!;
    const created = await chorus.api<CreatedShareLinkView>(
      `/api/roadmap-items/${item.id}/share-links`,
      {
        method: 'POST',
        token: who.token,
        body: { feedbackType: 'rating', allowComments: true, personaIds: who.personaIds },
      },
    );
    expect(created.status).toBe(201);
    const { token } = created.body;
    const person = respondent();
    expect((await person.open(token)).body.myResponse).toBeNull();
    await person.answer(token, {
      answer: { type: 'rating', rating: 2 },
      comment: 'Too pricey',
      name: 'Ann',
    });
    await person.answer(token, {
      answer: { type: 'rating', rating: 4 },
      comment: 'Worth it',
      name: 'Ann',
      email: 'ann@example.com',
    });
    const reopened = await person.open(token);
    expect(reopened.status).toBe(200);
    expect(reopened.body.myResponse).toEqual({
      answer: { type: 'rating', rating: 4 },
      comment: 'Worth it',
      name: 'Ann',
      email: 'ann@example.com',
      updatedAt: expect.any(String),
    });
    // Another browser sees none of it, nor does a made-up or malformed cookie.
    expect((await respondent().open(token)).body.myResponse).toBeNull();
    const forger = respondent();
    forger.setCookie('chorus_respondent=AAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await forger.open(token)).body.myResponse).toBeNull();
    forger.setCookie('chorus_respondent=%27%3B%20drop%20table%20x');
    expect(await forger.open(token)).toMatchObject({ status: 200, body: { myResponse: null } });
  });
});

describe('a rating link on an item', () => {
  it('is answered signed out, one response per browser, and its results set people beside personas', async () => {
    const who = await customer();
    const item = who.items[0]!;
    // The personas' predictions: persona feedback already stored on the item.
    const asked = await chorus.api(`/api/roadmap-items/${item.id}/feedback`, {
      method: 'POST',
      token: who.token,
      body: { personaIds: who.personaIds },
    });
    expect(asked.status).toBe(201);

    const created = await chorus.api<CreatedShareLinkView>(
      `/api/roadmap-items/${item.id}/share-links`,
      {
        method: 'POST',
        token: who.token,
        body: { feedbackType: 'rating', allowComments: true, personaIds: who.personaIds },
      },
    );
    expect(created.status).toBe(201);
    const link = created.body;
    expect(link).toMatchObject({
      kind: 'item',
      feedbackType: 'rating',
      status: 'active',
      responseCount: 0,
    });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.path).toBe(`/share/${link.token}`);
    // The owner can copy the address again from the list; the list of another customer has none of it.
    const owned = await chorus.api<{ id: string; path: string | null }[]>(
      `/api/roadmap-items/${item.id}/share-links`,
      { token: who.token },
    );
    expect(owned.body.find((l) => l.id === link.id)?.path).toBe(link.path);
    const outsider = await customer();
    const peek = await chorus.api(`/api/roadmap-items/${item.id}/share-links`, {
      token: outsider.token,
    });
    expect(peek.status).toBe(404);
    expect(JSON.stringify(peek.body)).not.toContain(link.token);
    const days = (new Date(link.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(14);

    const person = respondent();
    const page = await person.open(link.token);
    expect(page).toMatchObject({
      status: 200,
      body: {
        kind: 'item',
        productName: 'Lantern',
        title: item.title,
        feedbackType: 'rating',
        allowComments: true,
      },
    });
    expect(page.body.retentionDays).toBeGreaterThan(0);

    const markup = '<script>alert(1)</script>';
    const first = await person.answer(link.token, {
      answer: { type: 'rating', rating: 2 },
      comment: markup,
    });
    expect(first).toMatchObject({ status: 201, body: { replaced: false } });
    expect(first.set).toMatch(/HttpOnly/i);
    const second = await person.answer(link.token, {
      answer: { type: 'rating', rating: 5 },
      comment: markup,
    });
    expect(second).toMatchObject({ status: 201, body: { replaced: true } });
    const other = respondent();
    await other.open(link.token);
    expect(
      (await other.answer(link.token, { answer: { type: 'rating', rating: 4 }, name: 'Ann' }))
        .status,
    ).toBe(201);

    const listed = await chorus.api<ShareLinkView[]>(`/api/roadmap-items/${item.id}/share-links`, {
      token: who.token,
    });
    expect(listed.body).toEqual([
      expect.objectContaining({ id: link.id, accessCount: 2, responseCount: 2, status: 'active' }),
    ]);
    // The owner's list carries the address to copy again.
    expect(listed.body[0]!.path).toBe(`/share/${link.token}`);

    const results = await chorus.api<ShareResultsView>(`/api/share-links/${link.id}/results`, {
      token: who.token,
    });
    expect(results.status).toBe(200);
    expect(results.body.responseCount).toBe(2);
    expect(results.body.distribution).toMatchObject({ kind: 'rating', human: [0, 0, 0, 1, 1] });
    expect(results.body.predictions).toHaveLength(2);
    expect(results.body.agreement).toMatchObject({
      method: 'jensen-shannon',
      responses: 2,
      tooFew: true,
      label: `Too few responses to judge (2 responses; at least ${AGREEMENT_MIN_RESPONSES} needed)`,
    });
    expect(results.body.agreement!.value).toEqual(expect.any(Number));
    expect(JSON.stringify(results.body)).toBe(JSON.stringify(viewAsComputedHere(results.body)));
    // People's answers are not persona feedback.
    const personaFeedback = await chorus.api<{ responses: unknown[] }>(
      `/api/roadmap-items/${item.id}/feedback`,
      { token: who.token },
    );
    expect(personaFeedback.body.responses).toHaveLength(2);
    // Markup stays text, as it was typed.
    expect(results.body.comments).toEqual([expect.objectContaining({ text: markup })]);

    const csv = await fetch(`${chorus.url}/api/share-links/${link.id}/responses/csv`, {
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Submitted At,Name,E-mail,Answer,Comment,Sentiment');
    expect(lines).toHaveLength(3);

    // Nobody else reads them.
    const stranger = await customer();
    for (const path of [
      `/api/share-links/${link.id}/results`,
      `/api/share-links/${link.id}/responses/csv`,
    ]) {
      expect((await chorus.api(path, { token: stranger.token })).status).toBe(404);
      expect((await chorus.api(path)).status).toBe(401);
    }
  });

  it('refuses answers of the wrong kind, comments where they are off, and bad bodies', async () => {
    const who = await customer();
    const { body: link } = await chorus.api<CreatedShareLinkView>(
      `/api/roadmap-items/${who.items[0]!.id}/share-links`,
      { method: 'POST', token: who.token, body: { feedbackType: 'thumbs', allowComments: false } },
    );
    const person = respondent();
    expect(
      await person.answer(link.token, { answer: { type: 'rating', rating: 3 } }),
    ).toMatchObject({
      status: 400,
      body: { message: shareMessages.wrongAnswer },
    });
    expect(
      await person.answer(link.token, { answer: { type: 'thumbs', thumbs: 'up' }, comment: 'hi' }),
    ).toMatchObject({ status: 400, body: { message: shareMessages.commentsOff } });
    expect(
      await person.answer(link.token, {
        answer: { type: 'thumbs', thumbs: 'up' },
        name: 'x'.repeat(20_000),
      }),
    ).toMatchObject({ status: 413 });
    const bad = await chorus.api(`/api/roadmap-items/${who.items[0]!.id}/share-links`, {
      method: 'POST',
      token: who.token,
      body: { feedbackType: 'rating', expiresInDays: 91 },
    });
    expect(bad).toMatchObject({ status: 400, body: { message: shareMessages.expiry } });
  });
});

describe('unknown, expired and deactivated links', () => {
  it('answer the same 404 in plain words, to reading and to answering', async () => {
    const who = await customer();
    const create = () =>
      chorus.api<CreatedShareLinkView>(`/api/roadmap-items/${who.items[0]!.id}/share-links`, {
        method: 'POST',
        token: who.token,
        body: {},
      });
    const expired = (await create()).body;
    const deactivated = (await create()).body;
    const db = knex({ client: 'pg', connection: chorus.databaseUrl('roadmap') });
    try {
      await db('feature_shares')
        .where({ id: expired.id })
        .update({ expires_at: new Date(Date.now() - 1000) });
    } finally {
      await db.destroy();
    }
    const off = await chorus.api<ShareLinkView>(`/api/share-links/${deactivated.id}`, {
      method: 'PATCH',
      token: who.token,
      body: { isActive: false },
    });
    expect(off.body.status).toBe('deactivated');

    const person = respondent();
    const unknown = 'A'.repeat(43);
    const answers = [];
    for (const token of [unknown, expired.token, deactivated.token, 'short']) {
      const page = await person.open(token);
      const post = await person.answer(token, { answer: { type: 'rating', rating: 3 } });
      answers.push({ page: { status: page.status, body: page.body }, post });
    }
    for (const answer of answers) {
      expect(answer.page).toEqual({ status: 404, body: { message: shareMessages.unavailable } });
      expect(answer.post).toMatchObject({
        status: 404,
        body: { message: shareMessages.unavailable },
      });
    }

    const listed = await chorus.api<ShareLinkView[]>(
      `/api/roadmap-items/${who.items[0]!.id}/share-links`,
      {
        token: who.token,
      },
    );
    expect(listed.body.map((l) => [l.id, l.status]).sort()).toEqual(
      [
        [expired.id, 'expired'],
        [deactivated.id, 'deactivated'],
      ].sort(),
    );
    expect(
      (
        await chorus.api(`/api/share-links/${deactivated.id}`, {
          method: 'DELETE',
          token: who.token,
        })
      ).status,
    ).toBe(204);
    expect(
      (await chorus.api(`/api/share-links/${deactivated.id}/results`, { token: who.token })).status,
    ).toBe(404);
  });
});

describe('a comparison link', () => {
  it('takes rankings of every item once and orders them by Borda count beside the personas', async () => {
    const who = await customer();
    const [a, b, c] = who.items.map((i) => i.id) as [string, string, string];
    const personaComparison = await chorus.api(`/api/roadmaps/${who.roadmapId}/comparisons`, {
      method: 'POST',
      token: who.token,
      body: { itemIds: [a, b, c], personaIds: who.personaIds },
    });
    expect(personaComparison.status).toBe(201);
    const created = await chorus.api<CreatedShareLinkView>(
      `/api/roadmaps/${who.roadmapId}/comparison-links`,
      {
        method: 'POST',
        token: who.token,
        body: { itemIds: [a, b, c] },
      },
    );
    expect(created.status).toBe(201);
    const link = created.body;
    expect(link.path).toBe(`/compare/${link.token}`);
    const page = await respondent().open(link.token);
    expect(page.body.items.map((i) => i.id)).toEqual([a, b, c]);

    expect(
      await respondent().answer(link.token, { answer: { type: 'ranking', ranking: [a, a, b] } }),
    ).toMatchObject({ status: 400, body: { message: shareMessages.ranking } });
    for (const ranking of [
      [c, a, b],
      [c, b, a],
      [a, c, b],
    ]) {
      expect(
        (await respondent().answer(link.token, { answer: { type: 'ranking', ranking } })).status,
      ).toBe(201);
    }
    const results = await chorus.api<ShareResultsView>(`/api/share-links/${link.id}/results`, {
      token: who.token,
    });
    expect(results.body.distribution).toMatchObject({
      kind: 'ranking',
      human: [
        { itemId: c, points: 5 },
        { itemId: a, points: 3 },
        { itemId: b, points: 1 },
      ],
    });
    expect(results.body.predictions).toHaveLength(2);
    expect(results.body.agreement).toMatchObject({
      method: 'spearman',
      responses: 3,
      tooFew: true,
    });
    expect(results.body.agreement!.value).toBeGreaterThanOrEqual(-1);
    expect(JSON.stringify(results.body)).toBe(JSON.stringify(viewAsComputedHere(results.body)));

    const listed = await chorus.api<ShareLinkView[]>(
      `/api/roadmaps/${who.roadmapId}/comparison-links`,
      {
        token: who.token,
      },
    );
    expect(listed.body).toEqual([expect.objectContaining({ id: link.id, responseCount: 3 })]);
    // The people's link is not one of the personas' comparisons.
    const personaComparisons = await chorus.api<{ id: string }[]>(
      `/api/roadmaps/${who.roadmapId}/comparisons`,
      { token: who.token },
    );
    expect(personaComparisons.body).toHaveLength(1);
    const tooFew = await chorus.api(`/api/roadmaps/${who.roadmapId}/comparison-links`, {
      method: 'POST',
      token: who.token,
      body: { itemIds: [a] },
    });
    expect(tooFew).toMatchObject({ status: 400, body: { message: shareMessages.items } });
  });

  it('says people showed no preferred order when their rankings cancel out', async () => {
    const who = await customer(['Offline mode', 'Team billing']);
    const [a, b] = who.items.map((i) => i.id) as [string, string];
    const personaComparison = await chorus.api(`/api/roadmaps/${who.roadmapId}/comparisons`, {
      method: 'POST',
      token: who.token,
      body: { itemIds: [a, b], personaIds: who.personaIds },
    });
    expect(personaComparison.status).toBe(201);
    const { body: link } = await chorus.api<CreatedShareLinkView>(
      `/api/roadmaps/${who.roadmapId}/comparison-links`,
      { method: 'POST', token: who.token, body: { itemIds: [a, b] } },
    );
    for (const ranking of [
      [a, b],
      [b, a],
    ]) {
      expect(
        (await respondent().answer(link.token, { answer: { type: 'ranking', ranking } })).status,
      ).toBe(201);
    }
    const results = await chorus.api<ShareResultsView>(`/api/share-links/${link.id}/results`, {
      token: who.token,
    });
    expect(results.status).toBe(200);
    expect(results.body.agreement).toEqual({
      method: 'spearman',
      value: null,
      responses: 2,
      tooFew: true,
      level: null,
      label: 'People showed no preferred order, so there is nothing to compare (2 responses)',
      text: 'Every item got the same points from the people who answered, so no item came first.',
      technical: 'Spearman rank correlation undefined: every item tied in the people’s Borda count',
    });
    expect(JSON.stringify(results.body)).toBe(JSON.stringify(viewAsComputedHere(results.body)));
  });
});

describe('rate limits on the public routes', () => {
  it('answer 429 with a message once one address answers too often', async () => {
    const who = await customer();
    const { body: link } = await chorus.api<CreatedShareLinkView>(
      `/api/roadmap-items/${who.items[0]!.id}/share-links`,
      { method: 'POST', token: who.token, body: {} },
    );
    const person = respondent();
    const statuses: number[] = [];
    let last: { status: number; body: Record<string, unknown> } | undefined;
    for (let i = 0; i < 11; i++) {
      last = await person.answer(link.token, { answer: { type: 'rating', rating: 3 } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    expect(last!.body).toEqual({ message: shareMessages.tooMany });
  });

  // Runs wherever a Redis is configured for tests (CI sets TEST_REDIS_URL).
  if (redisUrl) {
    it('counts across gateway replicas through Redis', async () => {
      const replica = await startGateway(
        readGatewayConfig({
          PORT: '0',
          HOST: '127.0.0.1',
          IDENTITY_ADDR: `127.0.0.1:${chorus.grpcPorts.identity}`,
          CATALOG_ADDR: `127.0.0.1:${chorus.grpcPorts.catalog}`,
          ROADMAP_ADDR: `127.0.0.1:${chorus.grpcPorts.roadmap}`,
          TOKEN_PUBLIC_KEY: chorus.tokenPublicKey,
          TRUST_PROXY: '1',
          REDIS_URL: redisUrl,
        }),
        { bus: chorus.bus, logger: testLogger() },
      );
      try {
        const who = await customer();
        const { body: link } = await chorus.api<CreatedShareLinkView>(
          `/api/roadmap-items/${who.items[0]!.id}/share-links`,
          { method: 'POST', token: who.token, body: {} },
        );
        address += 1;
        const ip = `10.250.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) {
          const base = i % 2 ? `http://127.0.0.1:${replica.port}` : chorus.url;
          const response = await fetch(`${base}/api/public/share-links/${link.token}/responses`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify({ answer: { type: 'rating', rating: 4 } }),
          });
          statuses.push(response.status);
        }
        expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
      } finally {
        await replica.stop();
      }
    });
  }
});
