import { authMessages } from '@chorus/contracts';
import { randomUUID } from 'node:crypto';
import {
  operations,
  alice,
  fillPath,
  idFor,
  bob,
  validBody,
  send,
  messageOf,
  label,
  type Customer,
  chorus,
  pathParameters,
  withOwnerIds,
} from './hostile/setup';

/*
 * Hostile input against every route the OpenAPI document lists: no token,
 * another customer's ids, malformed and oversized bodies, and payloads
 * generated from the schemas. Routes added later are walked without any
 * change here; a route whose path parameter this suite cannot fill makes it
 * fail, so the new parameter gets an owner in hostile/setup.ts (`idFor`).
 * Bodies, generated payloads, YAML and scripts in text fields are sent by
 * hostile-inputs.int.test.ts; rate limits, security headers and signed-out
 * share links by hostile-limits.int.test.ts.
 */

describe('the OpenAPI document', () => {
  it('lists the routes this suite walks, each with its access', () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const op of operations) expect(['public', 'user', 'admin']).toContain(op.access);
  });
});

describe('without a token', () => {
  it('every protected route answers 401 Unauthorized', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.access !== 'public')) {
      for (const token of [undefined, 'not-a-token', `${alice.token}x`]) {
        const path = fillPath(op.path, (name) => idFor(op.path, name, bob) ?? randomUUID());
        const body = validBody(op);
        const answer = await send(op.method, path, {
          token,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (answer.status !== 401 || messageOf(answer) !== authMessages.unauthorized) {
          failures.push(`${label(op)} token=${String(token).slice(0, 12)}: ${answer.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('admin routes answer 403 to a customer token', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.access === 'admin')) {
      const path = fillPath(op.path, () => randomUUID());
      const body = validBody(op);
      const answer = await send(op.method, path, {
        token: alice.token,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (answer.status !== 403 || messageOf(answer) !== authMessages.adminOnly) {
        failures.push(`${label(op)}: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("another customer's ids", () => {
  const snapshot = async (who: Customer) => ({
    product: (await chorus.api(`/api/products/${who.productId}`, { token: who.token })).status,
    personas: (
      await chorus.api<unknown[]>(`/api/products/${who.productId}/personas`, { token: who.token })
    ).body,
    question: (
      await chorus.api(`/api/products/${who.productId}/questions/${who.questionId}`, {
        token: who.token,
      })
    ).status,
    roadmap: (await chorus.api(`/api/roadmaps/${who.roadmapId}`, { token: who.token })).body,
    invoices: (await chorus.api('/api/billing/history', { token: who.token })).body,
    shareLinks: (
      await chorus.api(`/api/roadmap-items/${who.itemId}/share-links`, { token: who.token })
    ).body,
    shareResults: (
      await chorus.api(`/api/share-links/${who.shareLinkId}/results`, { token: who.token })
    ).body,
  });

  it('answer 404 or 403 on every customer route, and change nothing of theirs', async () => {
    const before = await snapshot(bob);
    const failures: string[] = [];
    const tried: string[] = [];
    for (const op of operations.filter((o) => o.access === 'user')) {
      const parameters = pathParameters(op.path);
      const body = withOwnerIds(validBody(op), bob);
      const bodyHasIds =
        !!body && typeof body === 'object' && JSON.stringify(body).includes(bob.productId);
      if (parameters.length === 0 && !bodyHasIds) continue;
      for (const name of parameters) {
        if (!idFor(op.path, name, bob)) failures.push(`${label(op)}: no id for {${name}}`);
      }
      // Every id Bob's, then (on nested routes) Alice's product with Bob's child.
      const variants = [(name: string) => idFor(op.path, name, bob) ?? ''];
      if (parameters.length > 1) {
        variants.push((name: string) =>
          name === parameters[0]
            ? (idFor(op.path, name, alice) ?? '')
            : (idFor(op.path, name, bob) ?? ''),
        );
      }
      for (const fill of variants) {
        const path = fillPath(op.path, fill);
        tried.push(`${op.method} ${path}`);
        const answer = await send(op.method, path, {
          token: alice.token,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (answer.status !== 404 && answer.status !== 403) {
          failures.push(`${label(op)} as ${path}: ${answer.status} ${answer.text.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried.length).toBeGreaterThan(20);
    expect(await snapshot(bob)).toEqual(before);
  });
});

/**
 * A product that is not paid for reads and exports everything but does no
 * paid work: every write route of the document is sent with the unpaid
 * product's ids and a valid body, and exactly the paid work answers 402
 * with how to pay — nothing of it is stored.
 */
describe('an unpaid product', () => {
  /** The routes that do paid work (the entitlement rule's actions). */
  const paidWork = [
    'POST /api/products/{id}/custom-personas',
    'POST /api/products/{id}/custom-personas/import',
    'POST /api/products/{id}/panels',
    'POST /api/products/{id}/panels/{panelId}/redraw',
    'POST /api/products/{id}/personas',
    'POST /api/products/{id}/questions',
    'POST /api/products/{id}/questions/{questionId}/follow-ups',
    'POST /api/products/{id}/questions/{questionId}/rerun',
    'POST /api/products/{id}/questions/{questionId}/retry',
    'POST /api/products/{id}/studies',
    'POST /api/roadmap-items/{id}/feedback',
    'POST /api/roadmaps/{id}/comparisons',
    'POST /api/roadmaps/{id}/import-yaml',
  ].sort();

  it('answers 402 with how to pay on exactly the paid work, and stores none of it', async () => {
    const email = `carol-${randomUUID()}@example.com`;
    const registered = await chorus.api<{ token: string; product: { id: string } }>(
      '/api/auth/register',
      {
        method: 'POST',
        body: {
          email,
          password: 'secret-pass',
          firstName: 'Carol',
          lastName: 'Unpaid',
          productName: "Carol's product",
          billingCycle: 'monthly',
          // Stripe's declined test card: the account and product stay, unpaid.
          stripeToken: 'pm_card_chargeDeclined',
        },
      },
    );
    expect(registered.status).toBe(201);
    const { token } = registered.body;
    const productId = registered.body.product.id;
    const roadmap = await chorus.api<{ id: string }>(`/api/products/${productId}/roadmaps`, {
      method: 'POST',
      token,
      body: { name: 'Unpaid plan' },
    });
    const item = await chorus.api<{ id: string }>(`/api/roadmaps/${roadmap.body.id}/items`, {
      method: 'POST',
      token,
      body: { title: 'Only item' },
    });
    expect(item.status).toBe(201);
    const carol: Customer = {
      ...alice,
      email,
      token,
      productId,
      roadmapId: roadmap.body.id,
      itemId: item.body.id,
      personaId: randomUUID(),
      questionId: randomUUID(),
      studyId: randomUUID(),
      questionLinkId: randomUUID(),
      panelId: randomUUID(),
    };
    const refused: string[] = [];
    const failures: string[] = [];
    const writes = operations.filter(
      (op) =>
        op.access === 'user' &&
        ['post', 'put', 'patch'].includes(op.method) &&
        // Signing out would end the walk's own session.
        !op.path.startsWith('/api/auth/'),
    );
    for (const op of writes) {
      const path = fillPath(op.path, (name) => idFor(op.path, name, carol) ?? randomUUID());
      const body = withOwnerIds(validBody(op), carol);
      const answer = await send(op.method, path, {
        token,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (answer.status === 402) {
        refused.push(label(op));
        const message = String(messageOf(answer));
        if (!/not active/.test(message) || !/Complete payment/.test(message)) {
          failures.push(`${label(op)}: 402 without how to pay: ${message}`);
        }
      } else if (answer.status >= 500) {
        failures.push(`${label(op)}: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(refused.sort()).toEqual(paidWork);
    // The document says the same: exactly these routes may answer 402.
    expect(
      operations
        .filter((op) => op.paidAction)
        .map(label)
        .sort(),
    ).toEqual(paidWork);
    // Nothing of the paid work was stored; reading and export still work.
    const personas = await chorus.api<unknown[]>(`/api/products/${productId}/personas`, { token });
    expect(personas.status).toBe(200);
    expect(personas.body).toEqual([]);
    const questions = await chorus.api<unknown[]>(`/api/products/${productId}/questions`, {
      token,
    });
    expect(questions.body).toEqual([]);
    const exported = await send('get', `/api/roadmaps/${roadmap.body.id}/export`, { token });
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('roadmap_items');
  });
});
