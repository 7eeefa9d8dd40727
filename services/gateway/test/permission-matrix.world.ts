// The world the permission matrix is walked in: importing this file starts
// Chorus before the file's tests with one product, its owner, its members
// and outsiders signed in (see permission-matrix.int.test.ts), and stops it
// after; with the helpers that send a request and make throwaway resources.
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { invite, join, type Member, type Owner, shareRoadmap, signUp } from './teams-fixtures';

jest.setTimeout(300_000);

export const PRODUCT_NAME = 'Matrix Secret Product';
export const QUESTION_TEXT = 'What would make you recommend Matrix Secret Product to a friend?';
const ADMIN = { email: `ops-${randomUUID()}@chorus.test`, password: 'matrix-admin-pass' };

export let chorus: TestChorus;
export let document: { paths: Record<string, Record<string, unknown>> };

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
export let world: World;

// Every request from an address of its own: the limits per address stay out of the way.
let address = Math.floor(Math.random() * 200) * 250;
function nextAddress(): string {
  address += 1;
  return `10.${Math.floor(address / 62_500) % 250}.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
}

export interface Answer {
  status: number;
  text: string;
  body: unknown;
}

export async function send(
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

export async function ok<T>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const answer = await send(method, path, { token, body });
  if (answer.status >= 300) {
    throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
  }
  return answer.body as T;
}

export const owner = () => world.owner;
export const P = () => world.owner.productId;

export const panelBody = { name: 'US adults', frame: 'us', size: 50 };

/** A market panel of the product, built and ready. */
export async function readyPanel(): Promise<string> {
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

export async function completeQuestion(panelId?: string): Promise<string> {
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

export const calibrationCsv = {
  fileName: 'survey.csv',
  csv: 'Opinion,Age\npositive,25\nnegative,50\nneutral,35\n',
};

/** A product of the owner's own, unpaid, for the owner's cells that would end P. */
export async function throwawayProduct(paid = false): Promise<string> {
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
export async function freshInvitation(): Promise<{ email: string; token: string }> {
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

export const sharePool: string[] = [];
export const pendingPool: string[] = [];

export interface Request {
  path: string;
  body?: unknown;
  raw?: string;
  /** Replaces the person's token (e.g. a session of its own to sign out). */
  token?: string;
  /** After a success: put things back as they were. */
  cleanup?: (body: unknown) => Promise<void>;
}

export const studyBody = {
  name: 'Would they recommend us',
  questions: [
    { questionText: 'How likely are you to recommend our planner?', spec: { type: 'nps' } },
  ],
};

export const templateBody = () => ({ templateId: world.templateIds[0] });

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

export function fill(route: string, values: Record<string, string> = {}): string {
  const path = route.split(' ')[1]!;
  return path.replace(/\{([^}]+)\}/g, (_all, name: string) =>
    encodeURIComponent(values[name] ?? idFor(route, name)),
  );
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
