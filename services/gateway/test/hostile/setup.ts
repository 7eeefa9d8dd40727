// What the hostile-input tests share: importing this file starts Chorus
// before the file's tests (two customers and an admin signed in, the
// OpenAPI document's operations read) and stops it after, and gives the
// helpers that fill a route's path and body and send it.
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { type JsonSchema, sampleOf } from './schemas';
import { invite, loggedInvitationToken } from '../teams-fixtures';

// Each walk sends hundreds of requests; on a loaded machine that takes a while.
jest.setTimeout(120_000);

export let chorus: TestChorus;
export let operations: Operation[];
export let alice: Customer;
export let bob: Customer;
export let adminToken: string;

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

export interface Customer {
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

export const label = (op: Pick<Operation, 'method' | 'path'>) =>
  `${op.method.toUpperCase()} ${op.path}`;

export async function customer(name: string): Promise<Customer> {
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
export function idFor(path: string, parameter: string, owner: Customer): string | undefined {
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

export const pathParameters = (path: string) =>
  [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** Every byte percent-encoded (a lone surrogate becomes U+FFFD, as on any wire). */
export const encodeSegment = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

export function fillPath(path: string, value: (parameter: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_all, name: string) => encodeSegment(value(name)));
}

/** Body fields that carry ids, pointed at `owner`'s data. */
export function withOwnerIds(body: unknown, owner: Customer): unknown {
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

export function validBody(op: Operation): unknown {
  if (op.rawBody) return {};
  if (!op.body) return undefined;
  const sample = sampleOf(op.body);
  const override = bodyOverrides[label(op)];
  return override && sample && typeof sample === 'object' ? { ...sample, ...override } : sample;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** One request; an event stream is closed as soon as it has answered its status. */
export async function send(
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

export const messageOf = (answer: Answer): unknown => {
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
