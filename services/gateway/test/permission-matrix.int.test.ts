import {
  type MemberView,
  type ProductView,
  roleRefusal,
  type Standing,
  teamMessages,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { type Cell, people, type Person, permissionMatrix } from './permission-matrix.table';
import { invite, join, type Member, type Owner, shareRoadmap, signUp } from './teams-fixtures';

/*
 * The permission matrix (permission-matrix.table.ts) against the running
 * system: one product with its owner, an admin, a collaborator, a viewer, a
 * person its roadmap R was shared with (edit), a removed collaborator, a
 * stranger and nobody signed in; every route of the OpenAPI document, each
 * person in turn. Destructive calls that should succeed work on throwaway
 * resources made for that cell, so the shared ones stay for the rest.
 */

jest.setTimeout(300_000);

const PRODUCT_NAME = 'Matrix Secret Product';
const QUESTION_TEXT = 'What would make you recommend Matrix Secret Product to a friend?';
const ADMIN = { email: `ops-${randomUUID()}@chorus.test`, password: 'matrix-admin-pass' };

let chorus: TestChorus;
let document: { paths: Record<string, Record<string, unknown>> };

interface World {
  owner: Owner;
  stranger: Owner;
  inviter: Owner;
  members: Record<'admin' | 'collaborator' | 'viewer' | 'roadmapOnly' | 'removed', Member>;
  templateIds: string[];
  personaId: string;
  customPersonaId: string;
  questionId: string;
  studyId: string;
  /** The study's NPS question: a typed question to share. */
  typedQuestionId: string;
  questionLinkId: string;
  questionLinkToken: string;
  panelId: string;
  panelQuestionId: string;
  roadmapId: string;
  itemIds: [string, string];
  shareLinkId: string;
  shareToken: string;
  /** A pending invitation of P (resend and revoke by those who may not). */
  pendingId: string;
  /** An accepted viewer of P (role changes and removal by those who may not). */
  targetId: string;
  /** An invitation of another product, to an address nobody signs in with. */
  invitationToken: string;
  invoiceId: string;
  stripeProductId: string;
}
let world: World;

// Every request from an address of its own: the limits per address stay out of the way.
let address = Math.floor(Math.random() * 200) * 250;
function nextAddress(): string {
  address += 1;
  return `10.${Math.floor(address / 62_500) % 250}.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
}

interface Answer {
  status: number;
  text: string;
  body: unknown;
}

async function send(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; raw?: string } = {},
): Promise<Answer> {
  const abort = new AbortController();
  const response = await fetch(chorus.url + path, {
    method: method.toUpperCase(),
    headers: {
      'x-forwarded-for': nextAddress(),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.raw !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    redirect: 'manual',
    signal: abort.signal,
  });
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    abort.abort();
    return { status: response.status, text: '', body: undefined };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a file, a page).
  }
  return { status: response.status, text, body };
}

async function ok<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const answer = await send(method, path, { token, body });
  if (answer.status >= 300) {
    throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
  }
  return answer.body as T;
}

const owner = () => world.owner;
const P = () => world.owner.productId;

const panelBody = { name: 'US adults', frame: 'us', size: 50 };

/** A market panel of the product, built and ready. */
async function readyPanel(): Promise<string> {
  const drawn = await ok<{ id: string }>(
    'POST',
    `/api/products/${P()}/panels`,
    owner().token,
    panelBody,
  );
  await eventually(
    async () =>
      (
        await ok<{ status: string }>(
          'GET',
          `/api/products/${P()}/panels/${drawn.id}`,
          owner().token,
        )
      ).status === 'ready',
    { timeoutMs: 60_000, what: 'a built panel' },
  );
  return drawn.id;
}

async function completeQuestion(panelId?: string): Promise<string> {
  const asked = await ok<{ id: string }>('POST', `/api/products/${P()}/questions`, owner().token, {
    questionText: QUESTION_TEXT,
    ...(panelId ? { panelId } : {}),
  });
  await eventually(
    async () => {
      const question = await ok<{ status: string }>(
        'GET',
        `/api/products/${P()}/questions/${asked.id}`,
        owner().token,
      );
      return question.status === 'complete';
    },
    { timeoutMs: 60_000, what: 'a complete question' },
  );
  return asked.id;
}

const calibrationCsv = {
  fileName: 'survey.csv',
  csv: 'Opinion,Age\npositive,25\nnegative,50\nneutral,35\n',
};

/** A product of the owner's own, unpaid, for the owner's cells that would end P. */
async function throwawayProduct(paid = false): Promise<string> {
  const product = await ok<{ id: string }>('POST', '/api/products', owner().token, {
    name: 'Throwaway',
    industry: 'technology',
  });
  if (paid) {
    await ok('POST', '/api/payment-methods', owner().token, {
      productId: product.id,
      stripePaymentMethodId: 'pm_card_visa',
    });
  }
  return product.id;
}

let inviterProduct = { id: '', sent: 0 };
/** A fresh invitation of another product (20 an hour each): for the invitee's routes. */
async function freshInvitation(): Promise<{ email: string; token: string }> {
  if (!inviterProduct.id || inviterProduct.sent >= 15) {
    inviterProduct = {
      id: await ok<{ id: string }>('POST', '/api/products', world.inviter.token, {
        name: 'Inviting product',
        industry: 'technology',
      }).then((p) => p.id),
      sent: 0,
    };
  }
  inviterProduct.sent += 1;
  const email = `invitee-${randomUUID()}@example.com`;
  const { token } = await invite(chorus, world.inviter, inviterProduct.id, email, 'viewer');
  return { email, token };
}

const sharePool: string[] = [];
const pendingPool: string[] = [];

interface Request {
  path: string;
  body?: unknown;
  raw?: string;
  /** Replaces the person's token (e.g. a session of its own to sign out). */
  token?: string;
  /** After a success: put things back as they were. */
  cleanup?: (body: unknown) => Promise<void>;
}

const studyBody = {
  name: 'Would they recommend us',
  questions: [
    { questionText: 'How likely are you to recommend our planner?', spec: { type: 'nps' } },
  ],
};

const templateBody = () => ({ templateId: world.templateIds[0] });

/** Harmless bodies, by route. */
function bodyFor(route: string): unknown {
  const bodies: Record<string, unknown> = {
    'POST /api/products': { name: 'Side project', industry: 'technology' },
    'POST /api/products/{id}/business-profile': { companyName: 'Matrix Co' },
    'PUT /api/products/{id}/business-profile': { companyName: 'Matrix Co' },
    'POST /api/products/{id}/personas': templateBody(),
    'POST /api/products/{id}/custom-personas': { description: 'A 40-year-old nurse in Leeds' },
    'POST /api/products/{id}/custom-personas/import': {
      fileName: 'customers.csv',
      csv: 'Name,Age,Occupation\nAnna,31,Baker\n',
    },
    'PATCH /api/products/{id}/custom-personas/{personaId}': { name: 'Renamed customer' },
    'POST /api/products/{id}/questions': { questionText: QUESTION_TEXT },
    'POST /api/products/{id}/questions/estimate': { questionText: QUESTION_TEXT },
    'POST /api/products/{id}/studies': studyBody,
    'POST /api/products/{id}/panels': panelBody,
    'POST /api/products/{id}/panels/estimate': panelBody,
    'POST /api/products/{id}/questions/{questionId}/share-links': {},
    'POST /api/products/{id}/studies/{studyId}/share-links': {},
    'PATCH /api/products/{id}/question-links/{linkId}': { isActive: true },
    'POST /api/public/question-links/{token}/responses': {
      answers: [{ questionId: world.typedQuestionId, answer: { type: 'nps', value: 8 } }],
    },
    'PUT /api/products/{id}/question-budget': { monthlyBudgetUsd: null },
    'POST /api/products/{id}/questions/{questionId}/follow-ups': {
      message: 'Why do you say that?',
    },
    'POST /api/products/{id}/questions/{questionId}/calibration': calibrationCsv,
    'POST /api/products/{productId}/roadmaps': { name: 'Another plan' },
    'PUT /api/roadmaps/{id}': { name: 'Plan' },
    'POST /api/roadmaps/{id}/items': { title: 'Another step' },
    'PUT /api/roadmap-items/{id}': { title: 'First step' },
    'POST /api/roadmaps/{id}/import-yaml': { yamlContent: 'roadmap_items: [{title: Imported}]' },
    'POST /api/roadmap-items/{id}/feedback': { personaIds: [world.personaId] },
    'POST /api/roadmaps/{id}/comparisons': {
      itemIds: world.itemIds,
      personaIds: [world.personaId],
    },
    'POST /api/roadmap-items/{id}/share-links': { feedbackType: 'rating' },
    'POST /api/roadmaps/{id}/comparison-links': { itemIds: world.itemIds },
    'PATCH /api/share-links/{id}': { isActive: true },
    'POST /api/public/share-links/{token}/responses': { answer: { type: 'rating', rating: 4 } },
    'POST /api/roadmaps/{id}/collaborators': {
      email: `shared-${randomUUID()}@example.com`,
      permission: 'view',
    },
    'POST /api/products/{id}/team/invitations': {
      email: `invited-${randomUUID()}@example.com`,
      role: 'viewer',
    },
    // Those who may not try to make the target an admin: nothing changes.
    'PATCH /api/products/{id}/team/members/{memberId}': { role: 'admin' },
    'POST /api/auth/forgot-password': { email: world.stranger.email },
    'POST /api/auth/reset-password': { token: 'x'.repeat(43), password: 'another-pass' },
    'POST /api/auth/login': { email: world.stranger.email, password: 'secret-pass' },
    'POST /api/admin/login': { email: 'nobody@chorus.test', password: 'wrong-password' },
    'POST /api/payment-methods': { productId: P(), stripePaymentMethodId: 'pm_card_visa' },
    'POST /api/stripe/create-checkout-session': {
      productId: P(),
      billingCycle: 'monthly',
      successUrl: 'http://localhost:8080/billing?paid=1',
      cancelUrl: 'http://localhost:8080/billing',
    },
    'POST /api/billing/customer-portal': {},
    'POST /api/products/{id}/setup-payment': {},
    'POST /api/admin/promo-codes': {},
    'POST /api/admin/persona-templates': {},
  };
  return bodies[route];
}

/** The id a path parameter stands for, by the collection it follows. */
function idFor(route: string, parameter: string): string {
  const path = route.split(' ')[1]!;
  const before = path.split(`{${parameter}}`)[0]!.split('/').filter(Boolean).pop();
  if (parameter === 'productId' || (parameter === 'id' && before === 'products')) return P();
  if (parameter === 'questionId' && path.endsWith('/share-links')) return world.typedQuestionId;
  if (parameter === 'questionId' && path.endsWith('/panel-answers')) return world.panelQuestionId;
  if (parameter === 'panelId') return world.panelId;
  if (parameter === 'questionId') return world.questionId;
  if (parameter === 'studyId') return world.studyId;
  if (parameter === 'linkId') return world.questionLinkId;
  if (parameter === 'token' && before === 'question-links') return world.questionLinkToken;
  if (parameter === 'personaId') {
    return route.includes('custom-personas') ? world.customPersonaId : world.personaId;
  }
  if (parameter === 'id' && before === 'roadmaps') return world.roadmapId;
  if (parameter === 'id' && before === 'roadmap-items') return world.itemIds[0];
  if (parameter === 'id' && before === 'share-links') return world.shareLinkId;
  if (parameter === 'id' && before === 'invoices') return world.invoiceId;
  if (parameter === 'id' && before === 'product') return world.stripeProductId;
  if (parameter === 'token' && before === 'share-links') return world.shareToken;
  if (parameter === 'token' && before === 'invitations') return world.invitationToken;
  if (parameter === 'token') return `unknown-${randomUUID()}`;
  if (parameter === 'memberId' && path.includes('/collaborators/')) {
    return world.members.roadmapOnly.memberId;
  }
  if (parameter === 'memberId' && path.includes('/invitations/')) return world.pendingId;
  if (parameter === 'memberId') return world.targetId;
  // The operator's ids and checkout sessions: unknown ones do.
  return randomUUID();
}

function fill(route: string, values: Record<string, string> = {}): string {
  const path = route.split(' ')[1]!;
  return path.replace(/\{([^}]+)\}/g, (_all, name: string) =>
    encodeURIComponent(values[name] ?? idFor(route, name)),
  );
}

const tokenOf = (person: Person): string | undefined =>
  person === 'signedOut'
    ? undefined
    : person === 'owner'
      ? world.owner.token
      : person === 'stranger'
        ? world.stranger.token
        : world.members[person].token;

const emailOf = (person: Person): string | undefined =>
  person === 'signedOut'
    ? undefined
    : person === 'owner'
      ? world.owner.email
      : person === 'stranger'
        ? world.stranger.email
        : world.members[person].email;

/** What to send for one cell; an expected success gets throwaway resources where it destroys. */
async function requestFor(route: string, person: Person, expected: Cell): Promise<Request> {
  const success = expected === '2xx';
  const body = bodyFor(route);
  const base: Request = { path: fill(route), body };
  const asOwner = owner().token;
  switch (route) {
    case 'POST /api/auth/register':
      return {
        path: base.path,
        body: {
          email: `signup-${randomUUID()}@example.com`,
          password: 'secret-pass',
          firstName: 'New',
          lastName: 'User',
          productName: 'New product',
        },
      };
    case 'POST /api/auth/logout': {
      // A session of its own: the person's token must keep working.
      const email = emailOf(person);
      if (!email) return base;
      const login = await ok<{ token: string }>('POST', '/api/auth/login', '', {
        email,
        password: 'secret-pass',
      });
      return { ...base, token: login.token };
    }
    case 'DELETE /api/products/{id}/personas/{personaId}': {
      if (!success) return base;
      // A persona of its own: the bill stays the same (fewer than the included ten).
      const added = await ok<{ id: string }>('POST', `/api/products/${P()}/personas`, asOwner, {
        templateId: world.templateIds[2],
      });
      return { path: fill(route, { personaId: added.id }) };
    }
    case 'POST /api/products/{id}/custom-personas':
      return {
        ...base,
        cleanup: async (created) => {
          const { id } = created as { id: string };
          await ok('DELETE', `/api/products/${P()}/personas/${id}`, asOwner);
        },
      };
    case 'POST /api/products/{id}/custom-personas/import':
      return {
        ...base,
        cleanup: async (imported) => {
          for (const { id } of (imported as { personas: { id: string }[] }).personas) {
            await ok('DELETE', `/api/products/${P()}/personas/${id}`, asOwner);
          }
        },
      };
    case 'POST /api/products/{id}/panels':
      return {
        ...base,
        cleanup: async (created) => {
          const { id } = created as { id: string };
          await ok('DELETE', `/api/products/${P()}/panels/${id}`, asOwner);
        },
      };
    case 'POST /api/products/{id}/panels/{panelId}/redraw':
    case 'DELETE /api/products/{id}/panels/{panelId}':
      // A panel of its own, ready (a panel being built is not drawn again).
      return success ? { path: fill(route, { panelId: await readyPanel() }), body } : base;
    case 'POST /api/products/{id}/questions/{questionId}/rerun':
      return success ? { path: fill(route, { questionId: await completeQuestion() }) } : base;
    case 'DELETE /api/products/{id}/questions/{questionId}': {
      if (!success) return base;
      const asked = await ok<{ id: string }>(
        'POST',
        `/api/products/${P()}/questions`,
        asOwner,
        bodyFor('POST /api/products/{id}/questions'),
      );
      return { path: fill(route, { questionId: asked.id }) };
    }
    case 'DELETE /api/products/{id}/questions/{questionId}/calibration':
      if (success) {
        await ok(
          'POST',
          fill('POST /api/products/{id}/questions/{questionId}/calibration'),
          asOwner,
          calibrationCsv,
        );
      }
      return base;
    case 'DELETE /api/roadmaps/{id}': {
      if (!success) return base;
      const roadmap = await ok<{ id: string }>('POST', `/api/products/${P()}/roadmaps`, asOwner, {
        name: 'Throwaway plan',
      });
      return { path: fill(route, { id: roadmap.id }) };
    }
    case 'DELETE /api/roadmap-items/{id}': {
      if (!success) return base;
      const item = await ok<{ id: string }>(
        'POST',
        `/api/roadmaps/${world.roadmapId}/items`,
        asOwner,
        {
          title: 'Throwaway step',
        },
      );
      return { path: fill(route, { id: item.id }) };
    }
    case 'DELETE /api/share-links/{id}': {
      if (!success) return base;
      const link = await ok<{ id: string }>(
        'POST',
        `/api/roadmap-items/${world.itemIds[0]}/share-links`,
        asOwner,
        { feedbackType: 'rating' },
      );
      return { path: fill(route, { id: link.id }) };
    }
    case 'POST /api/roadmaps/{id}/collaborators':
      return {
        ...base,
        cleanup: async (shared) => {
          sharePool.push((shared as MemberView).id);
        },
      };
    case 'DELETE /api/roadmaps/{id}/collaborators/{memberId}': {
      if (!success) return base;
      const memberId = sharePool.pop();
      if (!memberId) throw new Error('no roadmap share left to remove');
      return { path: fill(route, { memberId }) };
    }
    case 'POST /api/products/{id}/team/invitations':
      return {
        ...base,
        cleanup: async (invited) => {
          pendingPool.push((invited as MemberView).id);
        },
      };
    case 'DELETE /api/products/{id}/team/invitations/{memberId}': {
      if (!success) return base;
      const memberId = pendingPool.pop();
      if (!memberId) throw new Error('no pending invitation left to revoke');
      return { path: fill(route, { memberId }) };
    }
    case 'PATCH /api/products/{id}/team/members/{memberId}':
      // Those allowed move the target between viewer and collaborator.
      return success
        ? { path: base.path, body: { role: person === 'owner' ? 'collaborator' : 'viewer' } }
        : base;
    case 'DELETE /api/products/{id}/team/members/{memberId}': {
      if (!success) return base;
      const removable = await join(chorus, owner(), 'viewer');
      return { path: fill(route, { memberId: removable.memberId }) };
    }
    case 'POST /api/invitations/{token}/decline':
      return { path: fill(route, { token: (await freshInvitation()).token }) };
    case 'POST /api/invitations/{token}/register': {
      const { email, token } = await freshInvitation();
      return {
        path: fill(route, { token }),
        body: { email, password: 'secret-pass', firstName: 'Invited', lastName: 'Person' },
      };
    }
    case 'DELETE /api/products/{id}':
      return success ? { path: fill(route, { id: await throwawayProduct() }) } : base;
    case 'POST /api/products/{id}/cancel-subscription':
      return success ? { path: fill(route, { id: await throwawayProduct(true) }) } : base;
    case 'POST /api/payment-methods':
    case 'POST /api/stripe/create-checkout-session':
      return success
        ? { path: base.path, body: { ...(body as object), productId: await throwawayProduct() } }
        : base;
    case 'POST /api/billing/checkout/local/{sessionId}':
    case 'POST /api/stripe/webhook':
      return { path: base.path, raw: 'paymentMethod=pm_card_visa' };
    default:
      return base;
  }
}

function matches(expected: Cell, answer: Answer): boolean {
  if (expected === '2xx') return answer.status >= 200 && answer.status < 300;
  return answer.status === expected;
}

beforeAll(async () => {
  chorus = await startTestChorus({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' },
  });
  document = (await chorus.api<typeof document>('/api/openapi.json')).body;

  const [productOwner, stranger, inviter] = await Promise.all([
    signUp(chorus, 'Owner', { productName: PRODUCT_NAME }),
    signUp(chorus, 'Stranger'),
    signUp(chorus, 'Inviter'),
  ]);
  const templates = await ok<{ id: string }[]>('GET', '/api/persona-templates', productOwner.token);
  const P0 = productOwner.productId;
  const persona = await ok<{ id: string }>(
    'POST',
    `/api/products/${P0}/personas`,
    productOwner.token,
    {
      templateId: templates[0]!.id,
    },
  );
  const custom = await ok<{ id: string }>(
    'POST',
    `/api/products/${P0}/custom-personas`,
    productOwner.token,
    { description: 'A 35-year-old teacher in Porto' },
  );
  await ok('POST', `/api/products/${P0}/business-profile`, productOwner.token, {
    companyName: 'Matrix Co',
  });
  const roadmap = await ok<{ id: string }>(
    'POST',
    `/api/products/${P0}/roadmaps`,
    productOwner.token,
    {
      name: 'Plan R',
    },
  );
  const items: string[] = [];
  for (const title of ['First step', 'Second step']) {
    items.push(
      (
        await ok<{ id: string }>('POST', `/api/roadmaps/${roadmap.id}/items`, productOwner.token, {
          title,
        })
      ).id,
    );
  }
  const link = await ok<{ id: string; token: string }>(
    'POST',
    `/api/roadmap-items/${items[0]}/share-links`,
    productOwner.token,
    { feedbackType: 'rating' },
  );
  await send('POST', `/api/public/share-links/${link.token}/responses`, {
    body: { answer: { type: 'rating', rating: 5 } },
  });

  world = {
    owner: productOwner,
    stranger,
    inviter,
    members: {} as World['members'],
    templateIds: templates.map((t) => t.id),
    personaId: persona.id,
    customPersonaId: custom.id,
    questionId: '',
    studyId: '',
    typedQuestionId: '',
    questionLinkId: '',
    questionLinkToken: '',
    panelId: '',
    panelQuestionId: '',
    roadmapId: roadmap.id,
    itemIds: [items[0]!, items[1]!],
    shareLinkId: link.id,
    shareToken: link.token,
    pendingId: '',
    targetId: '',
    invitationToken: '',
    invoiceId: '',
    stripeProductId: '',
  };
  world.questionId = await completeQuestion();
  world.panelId = await readyPanel();
  world.panelQuestionId = await completeQuestion(world.panelId);
  const study = await ok<{ id: string; questions: { id: string }[] }>(
    'POST',
    `/api/products/${P()}/studies`,
    productOwner.token,
    studyBody,
  );
  world.studyId = study.id;
  world.typedQuestionId = study.questions[0]!.id;
  // Its report and exports answer once every question is: 409 before that, for everyone.
  await eventually(
    async () => {
      const answered = await ok<{ questions: { status: string }[] }>(
        'GET',
        `/api/products/${P()}/studies/${study.id}`,
        productOwner.token,
      );
      return answered.questions.every((q) => q.status === 'complete');
    },
    { timeoutMs: 60_000, what: 'an answered study' },
  );
  const questionLink = await ok<{ id: string; url: string }>(
    'POST',
    `/api/products/${P()}/studies/${study.id}/share-links`,
    productOwner.token,
    {},
  );
  world.questionLinkId = questionLink.id;
  world.questionLinkToken = questionLink.url.split('/survey/')[1]!;
  await ok(
    'POST',
    fill('POST /api/products/{id}/questions/{questionId}/calibration'),
    productOwner.token,
    calibrationCsv,
  );

  const removed = await join(chorus, productOwner, 'collaborator');
  world.members = {
    admin: await join(chorus, productOwner, 'admin'),
    collaborator: await join(chorus, productOwner, 'collaborator'),
    viewer: await join(chorus, productOwner, 'viewer'),
    roadmapOnly: await shareRoadmap(chorus, productOwner, roadmap.id, 'edit'),
    removed,
  };
  await ok('DELETE', `/api/products/${P0}/team/members/${removed.memberId}`, productOwner.token);
  world.targetId = (await join(chorus, productOwner, 'viewer')).memberId;
  world.pendingId = (
    await invite(chorus, productOwner, P0, `pending-${randomUUID()}@example.com`, 'viewer')
  ).member.id;
  world.invitationToken = (await freshInvitation()).token;
  world.invoiceId = await eventually(
    async () =>
      (await ok<{ id: string }[]>('GET', '/api/billing/history', productOwner.token))[0]?.id,
    { what: "the owner's first invoice" },
  );
  world.stripeProductId = (
    await ok<{ product: { id: string } }>('GET', '/api/stripe/products', '')
  ).product.id;
}, 300_000);
afterAll(() => chorus?.stop(), 60_000);

describe('product lists', () => {
  it('show each person their own products and those shared with them, with the role', async () => {
    const list = async (token: string) =>
      (await ok<ProductView[]>('GET', '/api/products', token)).map((p) => [
        p.name,
        p.role,
        p.sharedWithYou,
      ]);
    expect(await list(world.owner.token)).toEqual([[PRODUCT_NAME, 'owner', false]]);
    expect(await list(world.members.admin.token)).toEqual([[PRODUCT_NAME, 'admin', true]]);
    expect(await list(world.members.viewer.token)).toEqual([[PRODUCT_NAME, 'viewer', true]]);
    expect(await list(world.stranger.token)).toEqual([["Stranger's product", 'owner', false]]);
    expect(await list(world.members.removed.token)).toEqual([]);
    // A roadmap shared on its own is not the product: it is listed apart.
    expect(await list(world.members.roadmapOnly.token)).toEqual([]);
    const shared = await ok<{ roadmapId: string }[]>(
      'GET',
      '/api/shared-roadmaps',
      world.members.roadmapOnly.token,
    );
    expect(shared.map((r) => r.roadmapId)).toEqual([world.roadmapId]);
  });
});

describe('the permission matrix', () => {
  it('lists every route of the OpenAPI document, and no other', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((route) => !(route in permissionMatrix))).toEqual([]);
    expect(Object.keys(permissionMatrix).filter((route) => !documented.includes(route))).toEqual(
      [],
    );
  });

  it('documents the product role each product-scoped route needs', () => {
    const roles = Object.fromEntries(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [
          `${method.toUpperCase()} ${path}`,
          (operation as { 'x-product-role'?: string })['x-product-role'],
        ]),
      ),
    );
    for (const [route, row] of Object.entries(permissionMatrix)) {
      // Product-scoped: members get in or a 403, a removed member finds nothing.
      if (row.removed === 404 && row.viewer !== 404) {
        expect([route, roles[route]]).toEqual([route, expect.any(String)]);
      }
    }
  });

  it('answers each person exactly what the table says, and never shows P to those outside it', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [route, row] of Object.entries(permissionMatrix)) {
      const method = route.split(' ')[0]!;
      // The people who may not go first: a bug that lets them through shows on shared data.
      const order = [...people].sort((a, b) => Number(row[a] === '2xx') - Number(row[b] === '2xx'));
      for (const person of order) {
        const expected = row[person];
        let request: Request;
        try {
          request = await requestFor(route, person, expected);
        } catch (error) {
          failures.push(`${route} as ${person}: setting up failed: ${String(error)}`);
          continue;
        }
        const answer = await send(method, request.path, {
          token: request.token ?? tokenOf(person),
          body: request.raw === undefined ? request.body : undefined,
          raw: request.raw,
        });
        sent += 1;
        if (!matches(expected, answer)) {
          failures.push(
            `${route} as ${person}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 160)}`,
          );
          continue;
        }
        if (answer.status === 403 && row.owner !== 403) {
          const message = (answer.body as { message?: unknown } | undefined)?.message;
          // The refusal names what this person holds: their role, or their share of R.
          const held: Standing | undefined =
            person === 'roadmapOnly'
              ? { roadmap: 'edit' }
              : person === 'admin' || person === 'collaborator' || person === 'viewer'
                ? person
                : undefined;
          const refusals: unknown[] = [
            ...(held
              ? (['viewer', 'collaborator', 'admin', 'owner'] as const).map((needed) =>
                  roleRefusal(needed, held),
                )
              : []),
            teamMessages.otherEmail,
            'Admin access required',
          ];
          if (!refusals.includes(message)) {
            failures.push(`${route} as ${person}: 403 without the team's words: ${answer.text}`);
          }
        }
        if (
          ['roadmapOnly', 'removed', 'stranger'].includes(person) &&
          answer.status === 404 &&
          (answer.text.includes(PRODUCT_NAME) || answer.text.includes(QUESTION_TEXT))
        ) {
          failures.push(`${route} as ${person}: the 404 shows P's data: ${answer.text}`);
        }
        if (expected === '2xx' && request.cleanup) await request.cleanup(answer.body);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(Object.keys(permissionMatrix).length * people.length);
  });
});
