import { authMessages, shareMessages } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import fc from 'fast-check';
import { knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { arbitraryOf, hostileStrings, type JsonSchema, sampleOf } from './hostile/schemas';
import { invite, loggedInvitationToken } from './teams-fixtures';

/*
 * Hostile input against every route the OpenAPI document lists: no token,
 * another customer's ids, malformed and oversized bodies, and payloads
 * generated from the schemas. Routes added later are walked without any
 * change here; a route whose path parameter this suite cannot fill makes it
 * fail, so the new parameter gets an owner below.
 */

// Each walk sends hundreds of requests; on a loaded machine that takes a while.
jest.setTimeout(120_000);

let chorus: TestChorus;
let operations: Operation[];
let alice: Customer;
let bob: Customer;
let adminToken: string;

const ADMIN = { email: `ops-${randomUUID()}@chorus.test`, password: 'hostile-admin-pass' };

interface Operation {
  method: string;
  /** OpenAPI form: /api/products/{id} */
  path: string;
  access: 'public' | 'user' | 'admin';
  body?: JsonSchema;
  rawBody: boolean;
  query: { name: string; schema: JsonSchema }[];
  /** Work only a paid product may do (documented 402). */
  paidAction?: string;
}

interface OpenApiOperation {
  'x-access': Operation['access'];
  'x-paid-action'?: string;
  parameters: { name: string; in: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema } | undefined> };
}

interface Customer {
  email: string;
  token: string;
  productId: string;
  personaId: string;
  questionId: string;
  /** A study of one NPS question, a link of it and the link's public token. */
  studyId: string;
  questionLinkId: string;
  panelId: string;
  questionLinkToken: string;
  roadmapId: string;
  itemId: string;
  invoiceId: string;
  /** A share link of the item, answered once, and its public token. */
  shareLinkId: string;
  shareToken: string;
  /** A pending invitation to the product, its token, and a pending share of the roadmap. */
  memberId: string;
  invitationToken: string;
  roadmapShareId: string;
}

const label = (op: Pick<Operation, 'method' | 'path'>) => `${op.method.toUpperCase()} ${op.path}`;

async function customer(name: string): Promise<Customer> {
  const email = `${name}-${randomUUID()}@example.com`;
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email,
        password: 'secret-pass',
        firstName: name,
        lastName: 'Hostile',
        productName: `${name}'s product`,
        productDescription: 'A product under attack',
        industry: 'technology',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  expect(registered.status).toBe(201);
  const { token } = registered.body;
  const productId = registered.body.product.id;
  const templates = await chorus.api<{ id: string }[]>('/api/persona-templates', { token });
  const persona = await chorus.api<{ id: string }>(`/api/products/${productId}/personas`, {
    method: 'POST',
    token,
    body: { templateId: templates.body[0]!.id },
  });
  expect(persona.status).toBe(201);
  const question = await chorus.api<{ id: string }>(`/api/products/${productId}/questions`, {
    method: 'POST',
    token,
    body: { questionText: 'What would make you pay for this every month?' },
  });
  expect(question.status).toBe(201);
  const study = await chorus.api<{ id: string }>(`/api/products/${productId}/studies`, {
    method: 'POST',
    token,
    body: {
      name: `${name}'s study`,
      questions: [{ questionText: 'How likely are you to recommend us?', spec: { type: 'nps' } }],
    },
  });
  expect(study.status).toBe(201);
  const questionLink = await chorus.api<{ id: string; url: string }>(
    `/api/products/${productId}/studies/${study.body.id}/share-links`,
    { method: 'POST', token, body: {} },
  );
  expect(questionLink.status).toBe(201);
  const panel = await chorus.api<{ id: string }>(`/api/products/${productId}/panels`, {
    method: 'POST',
    token,
    body: { name: `${name}'s panel`, frame: 'us', size: 50 },
  });
  expect(panel.status).toBe(201);
  const roadmap = await chorus.api<{ id: string }>(`/api/products/${productId}/roadmaps`, {
    method: 'POST',
    token,
    body: { name: 'Plan' },
  });
  expect(roadmap.status).toBe(201);
  const item = await chorus.api<{ id: string }>(`/api/roadmaps/${roadmap.body.id}/items`, {
    method: 'POST',
    token,
    body: { title: 'First step' },
  });
  expect(item.status).toBe(201);
  const link = await chorus.api<{ id: string; token: string }>(
    `/api/roadmap-items/${item.body.id}/share-links`,
    { method: 'POST', token, body: { feedbackType: 'rating' } },
  );
  expect(link.status).toBe(201);
  const answered = await chorus.api(`/api/public/share-links/${link.body.token}/responses`, {
    method: 'POST',
    body: { answer: { type: 'rating', rating: 4 }, comment: `${name}'s private comment` },
  });
  expect(answered.status).toBe(201);
  const invited = await invite(
    chorus,
    { token },
    productId,
    `${name}-invitee-${randomUUID()}@example.com`,
    'viewer',
  );
  const shareEmail = `${name}-roadmap-${randomUUID()}@example.com`;
  const since = chorus.logs.length;
  const shared = await chorus.api<{ id: string }>(
    `/api/roadmaps/${roadmap.body.id}/collaborators`,
    {
      method: 'POST',
      token,
      body: { email: shareEmail, permission: 'view' },
    },
  );
  expect(shared.status).toBe(201);
  await loggedInvitationToken(chorus, shareEmail, since);
  const invoiceId = await eventually(
    async () => {
      const history = await chorus.api<{ id: string }[]>('/api/billing/history', { token });
      return history.body[0]?.id;
    },
    { what: `${name}'s first invoice` },
  );
  return {
    email,
    token,
    productId,
    personaId: persona.body.id,
    questionId: question.body.id,
    studyId: study.body.id,
    questionLinkId: questionLink.body.id,
    panelId: panel.body.id,
    questionLinkToken: questionLink.body.url.split('/survey/')[1]!,
    roadmapId: roadmap.body.id,
    itemId: item.body.id,
    invoiceId,
    shareLinkId: link.body.id,
    shareToken: link.body.token,
    memberId: invited.member.id,
    invitationToken: invited.token,
    roadmapShareId: shared.body.id,
  };
}

/**
 * The id a path parameter stands for, taken from `owner`'s data. Routes are
 * told apart by the collection the parameter follows.
 */
function idFor(path: string, parameter: string, owner: Customer): string | undefined {
  const before = path.split(`{${parameter}}`)[0]!.split('/').filter(Boolean).pop();
  if (parameter === 'productId' || (parameter === 'id' && before === 'products')) {
    return owner.productId;
  }
  if (parameter === 'personaId') return owner.personaId;
  if (parameter === 'questionId') return owner.questionId;
  if (parameter === 'studyId') return owner.studyId;
  if (parameter === 'linkId') return owner.questionLinkId;
  if (parameter === 'panelId') return owner.panelId;
  if (parameter === 'token' && before === 'question-links') return owner.questionLinkToken;
  if (parameter === 'id' && before === 'roadmaps') return owner.roadmapId;
  if (parameter === 'id' && before === 'roadmap-items') return owner.itemId;
  if (parameter === 'id' && before === 'invoices') return owner.invoiceId;
  if (parameter === 'id' && before === 'share-links') return owner.shareLinkId;
  if (parameter === 'token' && before === 'share-links') return owner.shareToken;
  if (parameter === 'token' && before === 'invitations') return owner.invitationToken;
  if (parameter === 'memberId' && path.includes('/collaborators/')) return owner.roadmapShareId;
  if (parameter === 'memberId') return owner.memberId;
  return undefined;
}

const pathParameters = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** Every byte percent-encoded (a lone surrogate becomes U+FFFD, as on any wire). */
const encodeSegment = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

function fillPath(path: string, value: (parameter: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_all, name: string) => encodeSegment(value(name)));
}

/** Body fields that carry ids, pointed at `owner`'s data. */
function withOwnerIds(body: unknown, owner: Customer): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const ids: Record<string, string> = {
    productId: owner.productId,
    roadmapId: owner.roadmapId,
    questionId: owner.questionId,
  };
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, key in ids ? ids[key] : value]),
  );
}

/** What a route's body must hold beyond its JSON schema. */
const bodyOverrides: Record<string, Record<string, unknown>> = {
  'POST /api/products/{id}/questions': {
    questionText: 'What would make you pay for this every month?',
  },
  // A message for every persona, so the body passes and only the question's owner is in question.
  'POST /api/products/{id}/questions/{questionId}/follow-ups': {
    message: 'Why do you say that?',
    personaId: undefined,
    retryOf: undefined,
  },
  // A trait to change, so the body passes and only the persona's owner is in question.
  'PATCH /api/products/{id}/custom-personas/{personaId}': { name: 'Renamed customer' },
  // Two different items, so the body passes and only the roadmap's owner is in question.
  'POST /api/roadmaps/{id}/comparison-links': { itemIds: [randomUUID(), randomUUID()] },
};

function validBody(op: Operation): unknown {
  if (op.rawBody) return {};
  if (!op.body) return undefined;
  const sample = sampleOf(op.body);
  const override = bodyOverrides[label(op)];
  return override && sample && typeof sample === 'object' ? { ...sample, ...override } : sample;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** One request; an event stream is closed as soon as it has answered its status. */
async function send(
  method: string,
  path: string,
  options: {
    token?: string;
    body?: string;
    contentType?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const abort = new AbortController();
  const response = await fetch(chorus.url + path, {
    method: method.toUpperCase(),
    headers: {
      ...(options.body !== undefined
        ? { 'content-type': options.contentType ?? 'application/json' }
        : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body,
    redirect: 'manual',
    signal: abort.signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    abort.abort();
    return { status: response.status, contentType, text: '' };
  }
  return { status: response.status, contentType, text: await response.text() };
}

const messageOf = (answer: Answer): unknown => {
  try {
    return (JSON.parse(answer.text) as { message?: unknown }).message;
  } catch {
    return undefined;
  }
};

beforeAll(async () => {
  chorus = await startTestChorus({
    // One proxy hop: the share-link tests answer from addresses of their own.
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' },
  });
  const document = await chorus.api<{ paths: Record<string, Record<string, OpenApiOperation>> }>(
    '/api/openapi.json',
  );
  operations = Object.entries(document.body.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method,
      path,
      access: op['x-access'],
      body: op.requestBody?.content['application/json']?.schema,
      rawBody: !!op.requestBody?.content['*/*'],
      paidAction: op['x-paid-action'],
      query: op.parameters
        .filter((parameter) => parameter.in === 'query')
        .map(({ name, schema }) => ({ name, schema })),
    })),
  );
  [alice, bob] = await Promise.all([customer('alice'), customer('bob')]);
  const admin = await chorus.api<{ token: string }>('/api/admin/login', {
    method: 'POST',
    body: ADMIN,
  });
  expect(admin.status).toBe(200);
  adminToken = admin.body.token;
}, 120_000);
afterAll(() => chorus?.stop(), 60_000);

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

describe('malformed and oversized bodies', () => {
  const withBody = () => operations.filter((op) => op.body || op.rawBody);

  it('malformed JSON answers 400 with a message on every route that takes a body', async () => {
    const failures: string[] = [];
    for (const op of withBody()) {
      const path = fillPath(op.path, (name) => idFor(op.path, name, alice) ?? randomUUID());
      for (const text of ['{"name": ', '{name: 1}', '[1,2', '\u0000', '{"a":1}}']) {
        const answer = await send(op.method, path, {
          token: op.access === 'admin' ? adminToken : alice.token,
          body: text,
        });
        // Routes that read raw bytes (a signed webhook, a form) refuse them their own way.
        const refused = op.rawBody
          ? answer.status >= 400 && answer.status < 500
          : answer.status === 400 && typeof messageOf(answer) === 'string';
        if (!refused) {
          failures.push(`${label(op)} ${JSON.stringify(text)}: ${answer.status} ${answer.text}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a body over the limit answers 413 "Request body is too large"', async () => {
    // Larger than the largest limit any route has (the YAML import's 8mb).
    const huge = JSON.stringify({ text: 'x'.repeat(9 * 1024 * 1024) });
    const failures: string[] = [];
    for (const op of withBody()) {
      const path = fillPath(op.path, (name) => idFor(op.path, name, alice) ?? randomUUID());
      const answer = await send(op.method, path, { token: alice.token, body: huge });
      if (answer.status !== 413 || messageOf(answer) !== 'Request body is too large') {
        failures.push(`${label(op)}: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a body that is not JSON at all is refused, never a 500', async () => {
    const failures: string[] = [];
    for (const op of withBody()) {
      const path = fillPath(op.path, (name) => idFor(op.path, name, alice) ?? randomUUID());
      for (const [contentType, text] of [
        ['text/plain', 'hello'],
        ['application/x-www-form-urlencoded', 'name=x&__proto__[admin]=1'],
        ['application/json; charset=utf-16', '{}'],
      ] as const) {
        const answer = await send(op.method, path, { token: alice.token, body: text, contentType });
        if (answer.status >= 500) failures.push(`${label(op)} ${contentType}: ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('generated payloads', () => {
  /**
   * A customer of its own whose data the payloads may change or delete,
   * and the ids it has, mixed with hostile text in every path parameter.
   */
  it('never answer 500 on any route', async () => {
    const mallory = await customer('mallory');
    const seen = new Map<number, number>();
    let tried = 0;
    const failures: string[] = [];
    for (const op of operations) {
      const parameters = pathParameters(op.path);
      const parameterValue = fc.oneof(
        fc.constant(undefined),
        fc.constantFrom(...hostileStrings.filter(Boolean)),
        fc.string({ minLength: 1, maxLength: 40 }),
      );
      const payload = fc.record({
        parameters: fc.tuple(...parameters.map(() => parameterValue)),
        query: fc.record(
          Object.fromEntries(op.query.map((q) => [q.name, fc.constantFrom(...hostileStrings)])),
          { requiredKeys: [] },
        ),
        body: op.body ? arbitraryOf(op.body) : fc.constant(undefined),
      });
      const token =
        op.access === 'admin' ? adminToken : op.access === 'user' ? mallory.token : undefined;
      await fc.assert(
        fc.asyncProperty(payload, async ({ parameters: values, query, body }) => {
          const path = fillPath(op.path, (name) => {
            const value = values[parameters.indexOf(name)];
            return value ?? idFor(op.path, name, mallory) ?? randomUUID();
          });
          const search = new URLSearchParams(query as Record<string, string>).toString();
          const answer = await send(op.method, search ? `${path}?${search}` : path, {
            token,
            body: op.body || op.rawBody ? JSON.stringify(body ?? null) : undefined,
          });
          tried++;
          seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
          if (answer.status >= 500) {
            failures.push(
              `${label(op)} ${path} ${JSON.stringify(body)?.slice(0, 200)}: ${answer.status} ${answer.text.slice(0, 160)}`,
            );
          }
          return true;
        }),
        // A fixed seed: the same payloads on every run.
        { seed: 20_261_121, numRuns: 25 },
      );
    }
    expect(failures).toEqual([]);
    expect(tried).toBe(operations.length * 25);
    // The payloads reach past validation too, not only into 400s.
    expect([...seen.keys()].some((status) => status < 300)).toBe(true);
  }, 300_000);
});

describe('YAML import', () => {
  const laughs = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ...Array.from({ length: 8 }, (_, i) => {
      const name = String.fromCharCode(98 + i);
      const previous = String.fromCharCode(97 + i);
      return `${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`;
    }),
    'roadmap_items: *i',
  ].join('\n');
  const bombs: [string, string][] = [
    ['billion laughs', laughs],
    ['many aliases', `a: &a [x]\nroadmap_items: [${Array(20_000).fill('*a').join(',')}]`],
    ['deep flow nesting', `roadmap_items: ${'['.repeat(50_000)}${']'.repeat(50_000)}`],
    [
      'deep block nesting',
      `roadmap_items:\n${Array.from({ length: 2_000 }, (_, i) => `${'  '.repeat(i + 1)}- x:`).join('\n')}`,
    ],
    ['deep mapping nesting', `roadmap_items: ${'{a: '.repeat(20_000)}1${'}'.repeat(20_000)}`],
    ['a custom tag', 'roadmap_items: !!js/function "function(){ return process.exit(1) }"'],
    ['a merge key loop', 'a: &a\n  <<: *a\nroadmap_items: []'],
    ['a huge key', `${'k'.repeat(4 * 1024 * 1024)}: 1\nroadmap_items: []`],
    ['over 5MB', `roadmap_items: []\n#${'x'.repeat(5 * 1024 * 1024)}`],
  ];

  it.each(bombs)('refuses %s with 400 and imports nothing', async (_what, yaml) => {
    const answer = await send('post', `/api/roadmaps/${alice.roadmapId}/import-yaml`, {
      token: alice.token,
      body: JSON.stringify({ yamlContent: yaml }),
    });
    expect(answer.status).toBe(400);
    expect(messageOf(answer)).toEqual(expect.any(String));
    const roadmap = await chorus.api<{ items: { title: string }[] }>(
      `/api/roadmaps/${alice.roadmapId}`,
      { token: alice.token },
    );
    expect(roadmap.body.items.map((item) => item.title)).toEqual(['First step']);
  });
});

describe('credential rate limits', () => {
  const attempts = async (path: string, body: () => unknown, count: number) => {
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < count; i++) {
      last = await send('post', path, { body: JSON.stringify(body()) });
      statuses.push(last.status);
    }
    return { statuses, last: last! };
  };

  it.each([
    ['/api/auth/login', 10, 401],
    ['/api/admin/login', 5, 401],
    ['/api/auth/forgot-password', 5, 200],
  ])('%s answers 429 with a message after %i attempts', async (path, limit, usual) => {
    const email = `guess-${randomUUID()}@example.com`;
    const { statuses, last } = await attempts(
      path,
      () => ({ email, password: 'wrong-password' }),
      limit + 1,
    );
    expect(statuses).toEqual([...Array<number>(limit).fill(usual), 429]);
    expect(messageOf(last)).toBe(authMessages.tooManyAttempts);
  });

  it('the reset-password endpoint is limited too', async () => {
    const { statuses, last } = await attempts(
      '/api/auth/reset-password',
      () => ({ token: randomUUID(), password: 'new-password', confirmPassword: 'new-password' }),
      21,
    );
    // Counted per address, and this suite's other requests count too: some
    // 400s (bad token), then 429s.
    const firstLimited = statuses.indexOf(429);
    expect(firstLimited).toBeGreaterThanOrEqual(0);
    expect(statuses.slice(0, firstLimited).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(firstLimited).every((status) => status === 429)).toBe(true);
    expect(messageOf(last)).toBe(authMessages.tooManyAttempts);
  });
});

describe('security headers', () => {
  it.each(['/api/openapi.json', '/api/products', '/api/nothing-here', '/healthz'])(
    '%s carries them',
    async (path) => {
      const response = await fetch(chorus.url + path);
      const headers = response.headers;
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(headers.get('x-powered-by')).toBeNull();
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    },
  );
});

describe('script in text fields', () => {
  const xss = '<img src=x onerror=alert(1)><script>alert(2)</script>';

  it('is stored and answered as the same plain text, in JSON only', async () => {
    const product = await chorus.api<{ id: string; name: string; description: string }>(
      '/api/products',
      {
        method: 'POST',
        token: alice.token,
        body: { name: xss, description: xss, industry: 'technology' },
      },
    );
    expect(product.status).toBe(201);
    expect(product.body).toMatchObject({ name: xss, description: xss });
    expect(product.headers.get('content-type')).toMatch(/^application\/json/);
    const profile = await chorus.api<Record<string, unknown>>(
      `/api/products/${product.body.id}/business-profile`,
      {
        method: 'POST',
        token: alice.token,
        body: { companyName: xss, businessModel: xss, locations: xss, primaryProducts: xss },
      },
    );
    expect({ status: profile.status, body: profile.body }).toMatchObject({
      status: 201,
      body: { companyName: xss, businessModel: xss, locations: xss, primaryProducts: xss },
    });
  });
});

describe('share links, signed out', () => {
  let from = '192.0.2.1';
  const open = (token: string) =>
    send('get', `/api/public/share-links/${encodeSegment(token)}`, {
      headers: { 'x-forwarded-for': from },
    });
  const respond = (token: string, body: string) =>
    send('post', `/api/public/share-links/${encodeSegment(token)}/responses`, {
      body,
      headers: { 'x-forwarded-for': from },
    });
  const newLink = async () => {
    const link = await chorus.api<{ id: string; token: string }>(
      `/api/roadmap-items/${alice.itemId}/share-links`,
      { method: 'POST', token: alice.token, body: {} },
    );
    expect(link.status).toBe(201);
    return link.body;
  };

  it('an unknown token and an expired one answer alike, to reading and answering', async () => {
    from = '192.0.2.2';
    const link = { body: await newLink() };
    const db = knex({ client: 'pg', connection: chorus.databaseUrl('roadmap') });
    try {
      await db('feature_shares')
        .where({ id: link.body.id })
        .update({ expires_at: new Date(Date.now() - 1000) });
    } finally {
      await db.destroy();
    }
    const body = JSON.stringify({ answer: { type: 'rating', rating: 3 } });
    const answers = [];
    for (const token of [link.body.token, 'B'.repeat(43), randomUUID(), "' or 1=1 --"]) {
      const page = await open(token);
      const post = await respond(token, body);
      answers.push([page.status, page.text, post.status, post.text]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([
      404,
      JSON.stringify({ message: shareMessages.unavailable }),
      404,
      JSON.stringify({ message: shareMessages.unavailable }),
    ]);
  });

  it('oversized and malformed responses answer 413 and 400, markup comes back as text', async () => {
    from = '192.0.2.3';
    const link = await newLink();
    const token = link.token;
    const big = await respond(
      token,
      JSON.stringify({ answer: { type: 'rating', rating: 3 }, comment: 'x'.repeat(64 * 1024) }),
    );
    expect({ status: big.status, message: messageOf(big) }).toEqual({
      status: 413,
      message: 'Request body is too large',
    });
    const long = await respond(
      token,
      JSON.stringify({ answer: { type: 'rating', rating: 3 }, comment: 'x'.repeat(2001) }),
    );
    expect({ status: long.status, message: messageOf(long) }).toEqual({
      status: 400,
      message: shareMessages.commentTooLong,
    });
    for (const text of ['{"answer": ', '[]', '{"answer": {"type": "rating", "rating": "5"}}']) {
      const answer = await respond(token, text);
      expect(answer.status).toBe(400);
      expect(messageOf(answer)).toEqual(expect.any(String));
    }
    const markup = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const stored = await respond(
      token,
      JSON.stringify({ answer: { type: 'rating', rating: 5 }, comment: markup, name: markup }),
    );
    expect(stored.status).toBe(201);
    const results = await chorus.api<{ comments: { name: string; text: string }[] }>(
      `/api/share-links/${link.id}/results`,
      { token: alice.token },
    );
    expect(results.headers.get('content-type')).toMatch(/^application\/json/);
    expect(results.body.comments).toContainEqual(
      expect.objectContaining({ name: markup, text: markup }),
    );
  });

  it("responses are read only with the owner's token", async () => {
    from = '192.0.2.5';
    for (const path of [
      `/api/share-links/${bob.shareLinkId}/results`,
      `/api/share-links/${bob.shareLinkId}/responses/csv`,
    ]) {
      for (const token of [undefined, alice.token]) {
        const answer = await send('get', path, { token });
        expect(answer.status).toBe(token ? 404 : 401);
        expect(answer.text).not.toContain("bob's private comment");
      }
      const own = await send('get', path, { token: bob.token });
      expect(own.status).toBe(200);
      expect(own.text).toContain("bob's private comment");
    }
    const page = await open(bob.shareToken);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("bob's private comment");
  });

  it('answering too often from one address answers 429 with a message', async () => {
    from = '192.0.2.4';
    const link = await newLink();
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < 12; i++) {
      last = await respond(link.token, JSON.stringify({ answer: { type: 'rating', rating: 3 } }));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 429]);
    expect(messageOf(last!)).toBe(shareMessages.tooMany);
  });
});
