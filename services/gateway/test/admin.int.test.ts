import {
  adminMessages,
  type AuditEntry,
  type ProductView,
  type PromoCodeView,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Whole-system tests on a shared, loaded machine: generous limits, no timed assertions.
jest.setTimeout(60_000);

const ADMIN = { email: 'ops@chorus.test', password: 'ops-password-1' };

function libraryTemplate(name: string, occupation: string): string {
  return `  - name: ${name}
    age: 41
    gender: Female
    occupation: ${occupation}
    location: Leeds, UK
    income: £52,000 per year
    lifestyle: Cycles to work and plans holidays a year ahead.
    motivations: Wants reliable tools that save her team time.
    personality: Careful, asks for evidence before buying.
    safetyScores:
      economic: 7
      world: 5
      local: 8
      occupation: 6
`;
}

let chorus: TestChorus;
let libraryDir: string;
let libraryFile: string;
let adminToken: string;
let customerToken: string;

async function writeLibrary(...templates: string[]) {
  await writeFile(libraryFile, `templates:\n${templates.join('')}`);
}

async function register(couponCode?: string, stripeToken = 'pm_card_visa') {
  return chorus.api<{
    token: string;
    product: { id: string } | null;
    subscriptionStatus?: string;
    message: string;
  }>('/api/auth/register', {
    method: 'POST',
    body: {
      email: `admin-test-${randomUUID()}@example.com`,
      password: 'secret-pass',
      firstName: 'Ada',
      lastName: 'Byron',
      productName: 'Analytical Engine',
      industry: 'Technology',
      billingCycle: 'monthly',
      stripeToken,
      ...(couponCode === undefined ? {} : { couponCode }),
    },
  });
}

async function createPromo(body: Record<string, unknown>) {
  return chorus.api<PromoCodeView & { message?: string }>('/api/admin/promo-codes', {
    method: 'POST',
    token: adminToken,
    body,
  });
}

beforeAll(async () => {
  libraryDir = await mkdtemp(path.join(tmpdir(), 'admin-library-'));
  libraryFile = path.join(libraryDir, 'persona-templates.yaml');
  await writeLibrary(libraryTemplate('Library One', 'Teacher'));
  chorus = await startTestChorus({
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PERSONA_TEMPLATES_FILE: libraryFile,
    },
  });
  const login = await chorus.api<{ token: string }>('/api/admin/login', {
    method: 'POST',
    body: ADMIN,
  });
  expect(login.status).toBe(200);
  adminToken = login.body.token;
  const customer = await register();
  expect(customer.status).toBe(201);
  customerToken = customer.body.token;
});

afterAll(async () => {
  await chorus.stop();
  await rm(libraryDir, { recursive: true, force: true });
});

describe('who may call the admin routes', () => {
  // Every row has three cells: jest reads a test function with more
  // parameters than cells as one that takes a done callback.
  const routes: [string, string, unknown][] = [
    ['GET', '/api/admin/subscription-stats', undefined],
    ['GET', '/api/admin/revenue-history', undefined],
    ['GET', '/api/admin/promo-codes', undefined],
    ['POST', '/api/admin/promo-codes', { code: 'NOPE', discountPercent: 10 }],
    ['DELETE', '/api/admin/promo-codes/some-id', undefined],
    ['GET', '/api/admin/persona-templates', undefined],
    ['POST', '/api/admin/persona-templates', { name: 'Nobody' }],
    ['DELETE', '/api/admin/persona-templates/some-id', undefined],
    ['POST', '/api/admin/sync-personas', undefined],
    ['GET', '/api/admin/audit-log', undefined],
    ['GET', '/api/admin/seat-changes', undefined],
  ];

  it.each(routes)(
    '%s %s: 401 without a token, 403 with a customer token',
    async (method, url, body) => {
      expect(await chorus.api(url, { method, body })).toMatchObject({
        status: 401,
        body: { message: 'Unauthorized' },
      });
      expect(await chorus.api(url, { method, body, token: customerToken })).toMatchObject({
        status: 403,
        body: { message: 'Admin access required' },
      });
      expect(await chorus.api(url, { method, body, token: 'not-a-token' })).toMatchObject({
        status: 401,
      });
    },
  );

  it('refuses a wrong admin password with 401 "Login failed" and a customer password too', async () => {
    expect(
      await chorus.api('/api/admin/login', {
        method: 'POST',
        body: { email: ADMIN.email, password: 'wrong-password' },
      }),
    ).toMatchObject({ status: 401, body: { message: 'Login failed' } });
  });

  it('lists every admin route in the OpenAPI document', async () => {
    const { body } = await chorus.api<{ paths: Record<string, Record<string, unknown>> }>(
      '/api/openapi.json',
    );
    const operations = Object.entries(body.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/admin/login',
        'GET /api/admin/subscription-stats',
        'GET /api/admin/revenue-history',
        'GET /api/admin/promo-codes',
        'POST /api/admin/promo-codes',
        'DELETE /api/admin/promo-codes/{id}',
        'GET /api/admin/persona-templates',
        'POST /api/admin/persona-templates',
        'DELETE /api/admin/persona-templates/{id}',
        'POST /api/admin/sync-personas',
        'GET /api/admin/audit-log',
        'GET /api/admin/seat-changes',
      ]),
    );
  });
});

describe('promo codes', () => {
  it('creates a code upper-cased, with the form defaults, and lists it with its usage', async () => {
    const created = await createPromo({
      code: 'spring-sale',
      discountPercent: 'twenty',
      durationMonths: '',
      description: 'Spring',
      usageLimit: '',
      expiresAt: null,
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        code: 'SPRING-SALE',
        discountPercent: 0,
        durationMonths: 1,
        description: 'Spring',
        usageLimit: null,
        usedCount: 0,
        expiresAt: null,
        isActive: true,
      },
    });
    const list = await chorus.api<PromoCodeView[]>('/api/admin/promo-codes', {
      token: adminToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.find((p) => p.code === 'SPRING-SALE')).toMatchObject({ usedCount: 0 });
  });

  it('answers 409 to a code that exists, whatever its case', async () => {
    expect((await createPromo({ code: 'TWICE', discountPercent: 10 })).status).toBe(201);
    expect(await createPromo({ code: 'twice', discountPercent: 20 })).toMatchObject({
      status: 409,
      body: { message: adminMessages.promoCodeTaken('TWICE') },
    });
  });

  it.each([
    [{ code: '', discountPercent: 10 }, adminMessages.promoCodeRequired],
    [{ code: 'BIG', discountPercent: 150 }, adminMessages.discountOutOfRange],
    [{ code: 'LIMIT', discountPercent: 10, usageLimit: -1 }, adminMessages.usageLimitOutOfRange],
    [{ code: 'WHEN', discountPercent: 10, expiresAt: 'someday' }, adminMessages.invalidExpiry],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    expect(await createPromo(body)).toMatchObject({ status: 400, body: { message } });
  });

  it('deletes a code, and answers 404 for an unknown one', async () => {
    const created = await createPromo({ code: 'GONE', discountPercent: 5 });
    const deleted = await chorus.api(`/api/admin/promo-codes/${created.body.id}`, {
      method: 'DELETE',
      token: adminToken,
    });
    expect(deleted).toMatchObject({
      status: 200,
      body: { message: 'Promo code deleted successfully' },
    });
    const list = await chorus.api<PromoCodeView[]>('/api/admin/promo-codes', { token: adminToken });
    expect(list.body.map((p) => p.code)).not.toContain('GONE');
    expect(
      await chorus.api(`/api/admin/promo-codes/${created.body.id}`, {
        method: 'DELETE',
        token: adminToken,
      }),
    ).toMatchObject({ status: 404, body: { message: adminMessages.promoCodeNotFound } });
  });
});

describe("a customer's coupon", () => {
  it('applies its discount at registration for its months and counts one use', async () => {
    const promo = await createPromo({
      code: 'welcome40',
      discountPercent: 40,
      durationMonths: 3,
      usageLimit: 5,
    });
    expect(promo.status).toBe(201);
    const registered = await register('Welcome40');
    expect(registered).toMatchObject({ status: 201, body: { subscriptionStatus: 'active' } });
    const token = registered.body.token;
    const details = await chorus.api<
      Record<string, { monthlyRate: number; discountPercent?: number }>
    >('/api/billing/subscription-details', { token });
    expect(details.body[registered.body.product!.id]).toMatchObject({ monthlyRate: 15 });
    const history = await chorus.api<{ amount: number }[]>('/api/billing/history', { token });
    expect(history.body.map((row) => row.amount)).toEqual([15]);
    const list = await chorus.api<PromoCodeView[]>('/api/admin/promo-codes', { token: adminToken });
    expect(list.body.find((p) => p.code === 'WELCOME40')).toMatchObject({ usedCount: 1 });
  });

  it('gives the product pages the discounted rate the billing page shows', async () => {
    expect(
      (await createPromo({ code: 'SAMERATE', discountPercent: 20, durationMonths: 2 })).status,
    ).toBe(201);
    const registered = await register('samerate');
    expect(registered).toMatchObject({ status: 201, body: { subscriptionStatus: 'active' } });
    const token = registered.body.token;
    const productId = registered.body.product!.id;
    const details = await chorus.api<Record<string, { monthlyRate: number }>>(
      '/api/billing/subscription-details',
      { token },
    );
    // $25 less 20%.
    expect(details.body[productId]?.monthlyRate).toBe(20);
    // The catalog hears of the promo from billing's subscription event.
    let listed: ProductView | undefined;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const list = await chorus.api<ProductView[]>('/api/products', { token });
      listed = list.body.find((product) => product.id === productId);
      if (listed?.promo) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(listed).toMatchObject({
      billing: { monthlyRate: details.body[productId]?.monthlyRate },
      promo: { discountPercent: 20, durationMonths: 2 },
    });
    const dashboard = await chorus.api<ProductView>(`/api/products/${productId}`, { token });
    expect(dashboard.body.billing.monthlyRate).toBe(20);
    expect(Date.parse(dashboard.body.promo?.startedAt ?? '')).toBeLessThanOrEqual(Date.now());
    // The Team page's seat price is discounted the same way: $25.00 less 20%.
    const team = await chorus.api<{ seatMonthlyCents: number; monthlyTeamCostCents: number }>(
      `/api/products/${productId}/team`,
      { token },
    );
    expect(team.body).toMatchObject({ seatMonthlyCents: 2000, monthlyTeamCostCents: 0 });
  });

  it('refuses an unknown code at registration with 400 before creating the account', async () => {
    const answer = await register('NO-SUCH-CODE');
    expect(answer).toMatchObject({ status: 400, body: { message: adminMessages.promoUnknown } });
    const stats = await chorus.api<{ totalUsers: number }>('/api/admin/subscription-stats', {
      token: adminToken,
    });
    const again = await register('NO-SUCH-CODE');
    expect(again.status).toBe(400);
    const after = await chorus.api<{ totalUsers: number }>('/api/admin/subscription-stats', {
      token: adminToken,
    });
    expect(after.body.totalUsers).toBe(stats.body.totalUsers);
  });

  it('refuses an expired code and a used-up one with their reasons', async () => {
    expect(
      (await createPromo({ code: 'OLD', discountPercent: 10, expiresAt: '2020-01-01' })).status,
    ).toBe(201);
    expect(await register('old')).toMatchObject({
      status: 400,
      body: { message: adminMessages.promoExpired },
    });
    expect((await createPromo({ code: 'ONCE', discountPercent: 10, usageLimit: 1 })).status).toBe(
      201,
    );
    expect((await register('ONCE')).body.subscriptionStatus).toBe('active');
    expect(await register('ONCE')).toMatchObject({
      status: 400,
      body: { message: adminMessages.promoUsedUp },
    });
    const list = await chorus.api<PromoCodeView[]>('/api/admin/promo-codes', { token: adminToken });
    expect(list.body.find((p) => p.code === 'ONCE')).toMatchObject({ usedCount: 1, usageLimit: 1 });
  });

  it('is checked by setup-payment and applied by payment-methods; a bad one charges nothing', async () => {
    await createPromo({ code: 'LATER25', discountPercent: 25, durationMonths: 2 });
    const registered = await register(undefined, '');
    const token = registered.body.token;
    const productId = registered.body.product!.id;
    expect(
      await chorus.api(`/api/products/${productId}/setup-payment`, {
        method: 'POST',
        token,
        body: { couponCode: 'nope' },
      }),
    ).toMatchObject({ status: 400, body: { message: adminMessages.promoUnknown } });
    expect(
      await chorus.api(`/api/products/${productId}/setup-payment`, {
        method: 'POST',
        token,
        body: { couponCode: 'later25' },
      }),
    ).toMatchObject({
      status: 200,
      body: { coupon: { code: 'LATER25', discountPercent: 25, durationMonths: 2 } },
    });

    const refused = await chorus.api('/api/payment-methods', {
      method: 'POST',
      token,
      body: { productId, stripePaymentMethodId: 'pm_card_visa', couponCode: 'NOPE' },
    });
    expect(refused).toMatchObject({ status: 400, body: { message: adminMessages.promoUnknown } });
    expect((await chorus.api<unknown[]>('/api/billing/history', { token })).body).toEqual([]);

    const paid = await chorus.api<{ subscriptionStatus: string }>('/api/payment-methods', {
      method: 'POST',
      token,
      body: { productId, stripePaymentMethodId: 'pm_card_visa', couponCode: 'later25' },
    });
    expect(paid).toMatchObject({ status: 201, body: { subscriptionStatus: 'active' } });
    const history = await chorus.api<{ amount: number }[]>('/api/billing/history', { token });
    expect(history.body.map((row) => row.amount)).toEqual([18.75]);
  });
});

describe('subscription stats and revenue history', () => {
  it('counts users, running subscriptions at their rates, and personas', async () => {
    const before = await chorus.api<{
      totalUsers: number;
      monthlyRevenue: number;
      totalPersonas: number;
      averageRate: number;
      activeSubscriptions: number;
    }>('/api/admin/subscription-stats', { token: adminToken });
    expect(before.status).toBe(200);
    const registered = await register();
    const { body: templates } = await chorus.api<{ id: string }[]>('/api/persona-templates', {
      token: registered.body.token,
    });
    expect(
      (
        await chorus.api(`/api/products/${registered.body.product!.id}/personas`, {
          method: 'POST',
          token: registered.body.token,
          body: { templateId: templates[0]!.id },
        })
      ).status,
    ).toBe(201);
    const after = await chorus.api<typeof before.body>('/api/admin/subscription-stats', {
      token: adminToken,
    });
    expect(after.body.totalUsers).toBe(before.body.totalUsers + 1);
    expect(after.body.activeSubscriptions).toBe(before.body.activeSubscriptions + 1);
    expect(after.body.monthlyRevenue).toBeCloseTo(before.body.monthlyRevenue + 25, 2);
    expect(after.body.totalPersonas).toBe(before.body.totalPersonas + 1);
    expect(after.body.averageRate).toBeCloseTo(
      after.body.monthlyRevenue / after.body.activeSubscriptions,
      2,
    );
  });

  it('gives twelve months, oldest first, with this month’s paid revenue', async () => {
    const history = await chorus.api<
      { month: string; revenue: number; activeSubscriptions: number }[]
    >('/api/admin/revenue-history', { token: adminToken });
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(12);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(history.body.at(-1)).toMatchObject({ month: thisMonth });
    expect(history.body.at(-1)!.revenue).toBeGreaterThan(0);
    expect(history.body.at(-1)!.activeSubscriptions).toBeGreaterThan(0);
    expect(history.body.map((m) => m.month)).toEqual([...history.body.map((m) => m.month)].sort());
  });
});

describe('persona templates', () => {
  it('creates a template with the form defaults, lists it, and deletes it', async () => {
    const created = await chorus.api<{ id: string; age: number; safetyScores: unknown }>(
      '/api/admin/persona-templates',
      {
        method: 'POST',
        token: adminToken,
        body: {
          name: 'Grace Admin',
          age: 'not a number',
          occupation: 'Engineer',
          location: 'Arlington, VA',
          income: '$120,000 per year',
          lifestyle: 'Works late, reads manuals for fun.',
          motivations: 'Correct software.',
          personality: 'Direct.',
          safetyScores: { economic: 80, world: 50, local: '35', occupation: 100 },
        },
      },
    );
    expect(created).toMatchObject({
      status: 201,
      body: {
        age: 30,
        safetyScores: { economic: 8, world: 5, local: 3.5, occupation: 10 },
      },
    });
    const list = await chorus.api<{ id: string; name: string }[]>('/api/admin/persona-templates', {
      token: adminToken,
    });
    expect(list.body.map((t) => t.name)).toContain('Grace Admin');
    expect(
      await chorus.api(`/api/admin/persona-templates/${created.body.id}`, {
        method: 'DELETE',
        token: adminToken,
      }),
    ).toMatchObject({ status: 200, body: { message: 'Persona template deleted successfully' } });
    const after = await chorus.api<{ name: string }[]>('/api/admin/persona-templates', {
      token: adminToken,
    });
    expect(after.body.map((t) => t.name)).not.toContain('Grace Admin');
    expect(
      await chorus.api(`/api/admin/persona-templates/${created.body.id}`, {
        method: 'DELETE',
        token: adminToken,
      }),
    ).toMatchObject({ status: 404 });
  });

  it('refuses a template without its required fields, with a message', async () => {
    expect(
      await chorus.api('/api/admin/persona-templates', {
        method: 'POST',
        token: adminToken,
        body: { name: 'Half Done', age: 40 },
      }),
    ).toMatchObject({ status: 400, body: { message: 'Occupation is required' } });
  });

  it('syncs the library file: new names imported, changed ones updated', async () => {
    await writeLibrary(
      libraryTemplate('Library One', 'Head teacher'),
      libraryTemplate('Library Two', 'Nurse'),
    );
    expect(
      await chorus.api('/api/admin/sync-personas', { method: 'POST', token: adminToken }),
    ).toMatchObject({
      status: 200,
      body: {
        imported: 1,
        updated: 1,
        message: adminMessages.synced(1, 1),
      },
    });
    const list = await chorus.api<{ name: string; occupation: string }[]>(
      '/api/admin/persona-templates',
      { token: adminToken },
    );
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Library One', occupation: 'Head teacher' }),
        expect.objectContaining({ name: 'Library Two' }),
      ]),
    );
  });

  it('answers a sync of an unreadable library file with 400 and the reason', async () => {
    await writeFile(libraryFile, 'templates: [unclosed');
    const answer = await chorus.api<{ message: string }>('/api/admin/sync-personas', {
      method: 'POST',
      token: adminToken,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^Failed to sync personas from YAML file/);
  });
});

describe('audit log', () => {
  it('records who did what and when, newest first', async () => {
    const created = await createPromo({ code: 'AUDITED', discountPercent: 15 });
    await chorus.api(`/api/admin/promo-codes/${created.body.id}`, {
      method: 'DELETE',
      token: adminToken,
    });
    const log = await chorus.api<AuditEntry[]>('/api/admin/audit-log', { token: adminToken });
    expect(log.status).toBe(200);
    const [latest, previous] = log.body;
    expect(latest).toMatchObject({
      adminEmail: ADMIN.email,
      action: 'promo_code.delete',
      target: 'AUDITED',
    });
    expect(previous).toMatchObject({
      action: 'promo_code.create',
      target: 'AUDITED',
      details: { discountPercent: 15 },
    });
    expect(Date.parse(latest!.createdAt)).toBeGreaterThanOrEqual(Date.parse(previous!.createdAt));
    const actions = log.body.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'admin.login',
        'persona_template.create',
        'persona_template.delete',
        'persona_templates.sync',
      ]),
    );
  });
});

describe('the audit log by kind', () => {
  it('folds sign-ins away for kind=changes, shows only them for kind=sign-ins, all by default', async () => {
    const created = await createPromo({
      code: `AUDIT-${Date.now().toString(36)}`.toUpperCase(),
      discountPercent: 10,
      durationMonths: 1,
      description: 'Audit kinds',
      usageLimit: '',
      expiresAt: null,
    });
    expect(created.status).toBe(201);
    const read = (query: string) =>
      chorus.api<AuditEntry[]>(`/api/admin/audit-log${query}`, { token: adminToken });
    const everything = await read('');
    expect(everything.status).toBe(200);
    const actions = new Set(everything.body.map((entry) => entry.action));
    expect(actions.has('admin.login')).toBe(true);
    expect(actions.has('promo_code.create')).toBe(true);

    const changes = await read('?kind=changes');
    expect(changes.status).toBe(200);
    expect(changes.body.length).toBeGreaterThan(0);
    expect(changes.body.every((entry) => entry.action !== 'admin.login')).toBe(true);
    expect(changes.body.some((entry) => entry.action === 'promo_code.create')).toBe(true);

    const signIns = await read('?kind=sign-ins&limit=5');
    expect(signIns.status).toBe(200);
    expect(signIns.body.length).toBeGreaterThan(0);
    expect(signIns.body.length).toBeLessThanOrEqual(5);
    expect(signIns.body.every((entry) => entry.action === 'admin.login')).toBe(true);

    expect(await read('?kind=everything')).toMatchObject({
      status: 400,
      body: { message: 'kind must be changes, sign-ins or all' },
    });
  });
});
