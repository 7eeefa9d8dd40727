import {
  authMessages,
  billingMessages,
  type BusinessProfileView,
  personaMessages,
  type PersonaTemplateView,
  productMessages,
  type ProductPersonaView,
  type ProductView,
  profileMessages,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { readGatewayConfig, startGateway } from '../src';
import { registrationMessages } from '../src/workflows/registration';

let chorus: TestChorus;

beforeAll(async () => {
  chorus = await startTestChorus();
});
afterAll(() => chorus.stop());

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: `owner-${randomUUID()}@example.com`,
  password: 'secret-pass',
  firstName: 'Mia',
  lastName: 'Stone',
  productName: 'Lantern',
  productDescription: 'Smart lights',
  industry: 'Technology',
  billingCycle: 'monthly',
  stripeToken: 'pm_card_visa',
  ...overrides,
});

/** A fresh customer with the product registration created for them. */
async function customer(overrides: Record<string, unknown> = {}) {
  const answer = await chorus.api<{ token: string; product: { id: string } | null }>(
    '/api/auth/register',
    { method: 'POST', body: registration(overrides) },
  );
  expect(answer.status).toBe(201);
  return { token: answer.body.token, productId: answer.body.product?.id ?? '' };
}

async function createProduct(token: string, body: Record<string, unknown> = {}) {
  const answer = await chorus.api<ProductView>('/api/products', {
    method: 'POST',
    token,
    body: { name: 'Beacon', description: 'Trackers', industry: 'Retail', ...body },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function templates(token: string) {
  return (await chorus.api<PersonaTemplateView[]>('/api/persona-templates', { token })).body;
}

describe('registration creates the first product', () => {
  it('answers the token, a message and the new product id', async () => {
    // Without a card the product waits, inactive, for payment (billing's tests cover paying).
    const { token, productId } = await customer({ stripeToken: undefined });
    expect(productId).not.toBe('');
    const product = await chorus.api<ProductView>(`/api/products/${productId}`, { token });
    expect(product.body).toMatchObject({
      name: 'Lantern',
      description: 'Smart lights',
      industry: 'technology',
      subscriptionStatus: 'inactive',
      billingCycle: 'monthly',
    });
  });

  it('uses the onboarding names, an annual plan and General when no industry is given', async () => {
    const { token, productId } = await customer({
      productName: undefined,
      productDescription: undefined,
      name: 'Compass',
      description: 'Maps',
      industry: '',
      billingCycle: 'annual',
    });
    const product = await chorus.api<ProductView>(`/api/products/${productId}`, { token });
    expect(product.body).toMatchObject({
      name: 'Compass',
      description: 'Maps',
      industry: 'general',
      billingCycle: 'annual',
      billing: { personaCount: 0, monthlyRate: 22.5 },
    });
  });

  it('keeps the account when the product cannot be created, says so, and finishes on signing up again', async () => {
    const replica = await startGateway(
      readGatewayConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        IDENTITY_ADDR: `127.0.0.1:${chorus.grpcPorts.identity}`,
        // Nothing listens here: the catalog is down for this replica.
        CATALOG_ADDR: '127.0.0.1:1',
        TOKEN_PUBLIC_KEY: chorus.tokenPublicKey,
      }),
      { bus: chorus.bus, logger: testLogger() },
    );
    try {
      const body = registration();
      const response = await fetch(`http://127.0.0.1:${replica.port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      const answer = (await response.json()) as Record<string, unknown>;
      expect(answer).toMatchObject({
        token: expect.any(String),
        product: null,
        message: registrationMessages.productFailed,
        warning: expect.stringContaining('temporarily unavailable'),
      });
      const login = await chorus.api<{ token: string }>('/api/auth/login', {
        method: 'POST',
        body: { email: body.email, password: body.password },
      });
      expect(login.status).toBe(200);
      expect((await chorus.api('/api/products', { token: login.body.token })).body).toEqual([]);

      // A wrong password is told only what anyone is told.
      const guessed = await chorus.api('/api/auth/register', {
        method: 'POST',
        body: { ...body, password: 'not-the-password' },
      });
      expect(guessed).toMatchObject({ status: 409, body: { message: authMessages.emailTaken } });

      // Signing up again, as the user would, makes the product and its subscription.
      const again = await chorus.api<{ token: string; product: { id: string } | null }>(
        '/api/auth/register',
        { method: 'POST', body },
      );
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({
        token: expect.any(String),
        product: { id: expect.any(String) },
        subscriptionStatus: 'active',
        paymentError: null,
        message: billingMessages.accountCreatedSubscriptionActive,
        user: { email: body.email, firstName: 'Mia' },
      });
      expect(again.body).not.toHaveProperty('warning');
      const products = await chorus.api<ProductView[]>('/api/products', {
        token: again.body.token,
      });
      expect(products.body.map((p) => [p.id, p.name])).toEqual([
        [again.body.product!.id, 'Lantern'],
      ]);
      const details = await eventually(async () => {
        const answer = await chorus.api<Record<string, { status: string }>>(
          '/api/billing/subscription-details',
          { token: again.body.token },
        );
        return answer.body[again.body.product!.id]?.status === 'active' ? answer.body : undefined;
      });
      expect(Object.keys(details)).toEqual([again.body.product!.id]);

      // Finished: now the e-mail is taken, with the right password too, and nothing is added.
      const third = await chorus.api('/api/auth/register', { method: 'POST', body });
      expect(third).toMatchObject({ status: 409, body: { message: authMessages.emailTaken } });
      expect(
        (await chorus.api<ProductView[]>('/api/products', { token: again.body.token })).body,
      ).toHaveLength(1);
    } finally {
      await replica.stop();
    }
  });

  it('answers "already exists" to the right password when the account has its product', async () => {
    const body = registration({ stripeToken: undefined });
    expect((await chorus.api('/api/auth/register', { method: 'POST', body })).status).toBe(201);
    const again = await chorus.api('/api/auth/register', { method: 'POST', body });
    expect(again).toMatchObject({ status: 409, body: { message: authMessages.emailTaken } });
  });

  it('finishes two sign-ups sent at once after a cut-short one with one product', async () => {
    const body = registration();
    const replica = await startGateway(
      readGatewayConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        IDENTITY_ADDR: `127.0.0.1:${chorus.grpcPorts.identity}`,
        CATALOG_ADDR: '127.0.0.1:1',
        TOKEN_PUBLIC_KEY: chorus.tokenPublicKey,
      }),
      { bus: chorus.bus, logger: testLogger() },
    );
    try {
      const cut = await fetch(`http://127.0.0.1:${replica.port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(cut.status).toBe(201);
    } finally {
      await replica.stop();
    }
    const answers = await Promise.all(
      [1, 2].map(() =>
        chorus.api<{ token: string; product: { id: string } }>('/api/auth/register', {
          method: 'POST',
          body,
        }),
      ),
    );
    // Each is finished, or refused because the other finished first; one product either way.
    const finished = answers.filter((a) => a.status === 201);
    expect(finished.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer).toMatchObject({ status: 409, body: { message: authMessages.emailTaken } });
    }
    const productIds = new Set(finished.map((a) => a.body.product.id));
    expect(productIds.size).toBe(1);
    const products = await chorus.api<ProductView[]>('/api/products', {
      token: finished[0]!.body.token,
    });
    expect(products.body.map((p) => p.id)).toEqual([...productIds]);
  });

  it('limits signing up with one e-mail like signing in', async () => {
    const body = registration({ stripeToken: undefined });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await chorus.api('/api/auth/register', {
            method: 'POST',
            body: { ...body, password: `guess-${i}-password` },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409), 429]);
  });
});

describe('/api/products', () => {
  it('lists only my products, each with its billing', async () => {
    const { token, productId } = await customer();
    const created = await createProduct(token, { industry: 'Food & Beverage' });
    await customer();
    const list = await chorus.api<ProductView[]>('/api/products', { token });
    expect(list.status).toBe(200);
    expect(list.body.map((p) => p.id)).toEqual([productId, created.id]);
    expect(list.body[1]).toEqual({
      id: created.id,
      name: 'Beacon',
      description: 'Trackers',
      industry: 'food & beverage',
      subscriptionStatus: 'inactive',
      billingCycle: 'monthly',
      isLegacyPricing: false,
      subscriptionStartDate: expect.any(String),
      subscriptionEndDate: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      billing: { personaCount: 0, monthlyRate: 25 },
      promo: null,
      role: 'owner',
      sharedWithYou: false,
      seats: 0,
    });
  });

  it.each([
    [{ name: '' }, productMessages.nameRequired],
    [{ name: undefined }, productMessages.nameRequired],
    [{ industry: '  ' }, productMessages.industryRequired],
    [{ industry: undefined }, productMessages.industryRequired],
    [{ billingCycle: 'weekly' }, productMessages.billingCycleInvalid],
  ])('refuses %j with 400: %s', async (change, message) => {
    const { token } = await customer();
    const answer = await chorus.api('/api/products', {
      method: 'POST',
      token,
      body: { name: 'Beacon', industry: 'Retail', ...change },
    });
    expect(answer).toMatchObject({ status: 400, body: { message } });
  });

  it('creates a product without a description, on the annual plan', async () => {
    const { token } = await customer();
    const product = await createProduct(token, { description: undefined, billingCycle: 'annual' });
    expect(product).toMatchObject({ description: null, billingCycle: 'annual' });
  });

  it('answers 401 without a token', async () => {
    expect((await chorus.api('/api/products')).status).toBe(401);
    expect((await chorus.api('/api/persona-templates')).status).toBe(401);
  });

  it('deletes a product and says that no subscription was cancelled', async () => {
    const { token } = await customer();
    const product = await createProduct(token);
    const answer = await chorus.api(`/api/products/${product.id}`, { method: 'DELETE', token });
    expect(answer).toMatchObject({
      status: 200,
      body: { subscriptionCancelled: false, warning: null, message: productMessages.deleted },
    });
    expect((await chorus.api(`/api/products/${product.id}`, { token })).status).toBe(404);
  });

  it('answers 404 for a product that does not exist', async () => {
    const { token } = await customer();
    const answer = await chorus.api(`/api/products/${randomUUID()}`, { token });
    expect(answer).toMatchObject({ status: 404, body: { message: productMessages.notFound } });
  });
});

describe('/api/products/{id}/business-profile', () => {
  it('answers 404 until a profile is created, then the profile with its completion', async () => {
    const { token, productId } = await customer();
    const path = `/api/products/${productId}/business-profile`;
    expect(await chorus.api(path, { token })).toMatchObject({
      status: 404,
      body: { message: profileMessages.notFound },
    });
    const created = await chorus.api<BusinessProfileView>(path, {
      method: 'POST',
      token,
      body: {
        companyName: 'Lantern',
        industry: 'Technology',
        yearsInOperation: '4',
        marketShareUnknown: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      productId,
      companyName: 'Lantern',
      industry: 'Technology',
      yearsInOperation: 4,
      marketShare: null,
      marketShareUnknown: true,
      businessModel: null,
      businessModelUnknown: false,
      completion: 8,
    });
    const read = await chorus.api<BusinessProfileView>(path, { token });
    expect(read.body).toEqual(created.body);
  });

  it('answers 409 when a profile exists, and keeps the stored one', async () => {
    const { token, productId } = await customer();
    const path = `/api/products/${productId}/business-profile`;
    await chorus.api(path, { method: 'POST', token, body: { companyName: 'First' } });
    const again = await chorus.api(path, {
      method: 'POST',
      token,
      body: { companyName: 'Second' },
    });
    expect(again).toMatchObject({ status: 409, body: { message: profileMessages.alreadyExists } });
    expect((await chorus.api<BusinessProfileView>(path, { token })).body.companyName).toBe('First');
  });

  it('updates with PUT, keeping fields that are not sent', async () => {
    const { token, productId } = await customer();
    const path = `/api/products/${productId}/business-profile`;
    await chorus.api(path, {
      method: 'POST',
      token,
      body: { companyName: 'Lantern', primaryProducts: 'Bulbs', yearsInOperation: 9 },
    });
    const updated = await chorus.api<BusinessProfileView>(path, {
      method: 'PUT',
      token,
      body: { primaryProducts: 'Bulbs\nHubs', yearsInOperation: '', locations: null },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: {
        companyName: 'Lantern',
        primaryProducts: 'Bulbs\nHubs',
        yearsInOperation: 0,
        locations: null,
      },
    });
  });

  it('answers 404 for PUT before a profile exists', async () => {
    const { token, productId } = await customer();
    const answer = await chorus.api(`/api/products/${productId}/business-profile`, {
      method: 'PUT',
      token,
      body: { companyName: 'Lantern' },
    });
    expect(answer).toMatchObject({ status: 404, body: { message: profileMessages.notFound } });
  });

  it.each([
    ['abc', profileMessages.yearsNotANumber],
    ['12 years', profileMessages.yearsNotANumber],
    [-2, profileMessages.yearsOutOfRange],
    ['3.5', profileMessages.yearsOutOfRange],
  ])('refuses years in operation %j with 400 and changes nothing', async (years, message) => {
    const { token, productId } = await customer();
    const path = `/api/products/${productId}/business-profile`;
    await chorus.api(path, { method: 'POST', token, body: { yearsInOperation: 6 } });
    for (const method of ['POST', 'PUT']) {
      const answer = await chorus.api(path, {
        method,
        token,
        body: { yearsInOperation: years, companyName: 'Changed' },
      });
      expect(answer).toMatchObject({ status: 400, body: { message } });
    }
    const stored = await chorus.api<BusinessProfileView>(path, { token });
    expect(stored.body).toMatchObject({ yearsInOperation: 6, companyName: null });
  });

  it('refuses a body that is not an object', async () => {
    const { token, productId } = await customer();
    const answer = await chorus.api(`/api/products/${productId}/business-profile`, {
      method: 'POST',
      token,
      body: '[1,2]',
    });
    expect(answer.status).toBe(400);
  });
});

describe('personas', () => {
  it('lists the active templates with safety scores out of 10', async () => {
    const { token } = await customer();
    const list = await templates(token);
    expect(list.length).toBeGreaterThanOrEqual(40);
    for (const template of list) {
      expect(template.isActive).toBe(true);
      for (const score of Object.values(template.safetyScores)) {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(10);
      }
    }
    expect(list.find((t) => t.name === 'Marcus Johnson')).toMatchObject({
      age: 27,
      gender: 'Male',
      occupation: 'Software Engineer',
      location: 'Austin, Texas, USA',
      iq: 131,
      safetyScores: { economic: 8, world: 6, local: 7, occupation: 6 },
    });
  });

  it('adds a persona once, lists it with its template, and removes it', async () => {
    const { token, productId } = await customer();
    const [template] = await templates(token);
    const path = `/api/products/${productId}/personas`;
    const added = await chorus.api<ProductPersonaView>(path, {
      method: 'POST',
      token,
      body: { templateId: template!.id },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      templateId: template!.id,
      template: { name: template!.name },
    });
    const again = await chorus.api<ProductPersonaView>(path, {
      method: 'POST',
      token,
      body: { templateId: template!.id },
    });
    expect(again.body.id).toBe(added.body.id);
    const list = await chorus.api<ProductPersonaView[]>(path, { token });
    expect(list.body).toEqual([added.body]);
    const product = await chorus.api<ProductView>(`/api/products/${productId}`, { token });
    expect(product.body.billing).toEqual({ personaCount: 1, monthlyRate: 25 });

    const removed = await chorus.api(`${path}/${added.body.id}`, { method: 'DELETE', token });
    expect(removed).toMatchObject({ status: 200, body: { message: personaMessages.removed } });
    expect((await chorus.api(path, { token })).body).toEqual([]);
    expect((await chorus.api(`${path}/${added.body.id}`, { method: 'DELETE', token })).status).toBe(
      404,
    );
  });

  it('prices personas above the ten included at $2 each', async () => {
    const { token, productId } = await customer();
    for (const template of (await templates(token)).slice(0, 12)) {
      await chorus.api(`/api/products/${productId}/personas`, {
        method: 'POST',
        token,
        body: { templateId: template.id },
      });
    }
    const list = await chorus.api<ProductView[]>('/api/products', { token });
    expect(list.body[0]?.billing).toEqual({ personaCount: 12, monthlyRate: 29 });
  });

  it('answers 404 for an unknown template and 400 without one', async () => {
    const { token, productId } = await customer();
    const path = `/api/products/${productId}/personas`;
    expect(
      await chorus.api(path, { method: 'POST', token, body: { templateId: 'nope' } }),
    ).toMatchObject({ status: 404, body: { message: personaMessages.templateNotFound } });
    expect(await chorus.api(path, { method: 'POST', token, body: {} })).toMatchObject({
      status: 400,
      body: { message: personaMessages.templateIdRequired },
    });
  });
});

describe("another user's ids", () => {
  it('answer 404 on every route and change nothing', async () => {
    const owner = await customer();
    const stranger = await customer();
    const [template] = await templates(owner.token);
    const base = `/api/products/${owner.productId}`;
    await chorus.api(`${base}/business-profile`, {
      method: 'POST',
      token: owner.token,
      body: { companyName: 'Mine' },
    });
    const persona = await chorus.api<ProductPersonaView>(`${base}/personas`, {
      method: 'POST',
      token: owner.token,
      body: { templateId: template!.id },
    });

    const attempts: [string, string, unknown?][] = [
      ['GET', base],
      ['DELETE', base],
      ['GET', `${base}/business-profile`],
      ['POST', `${base}/business-profile`, { companyName: 'Theirs' }],
      ['PUT', `${base}/business-profile`, { companyName: 'Theirs' }],
      ['GET', `${base}/personas`],
      ['POST', `${base}/personas`, { templateId: template!.id }],
      ['DELETE', `${base}/personas/${persona.body.id}`],
      // The owner's persona through the stranger's own product.
      ['DELETE', `/api/products/${stranger.productId}/personas/${persona.body.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await chorus.api(path, { method, token: stranger.token, body });
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 });
    }

    const profile = await chorus.api<BusinessProfileView>(`${base}/business-profile`, {
      token: owner.token,
    });
    expect(profile.body.companyName).toBe('Mine');
    const personas = await chorus.api<ProductPersonaView[]>(`${base}/personas`, {
      token: owner.token,
    });
    expect(personas.body.map((p) => p.id)).toEqual([persona.body.id]);
  });
});

describe('readiness', () => {
  it('reports the catalog among the services the gateway depends on', async () => {
    const answer = await chorus.api<{ services: Record<string, string> }>('/readyz');
    expect(answer.status).toBe(200);
    expect(answer.body.services).toMatchObject({ identity: 'SERVING', catalog: 'SERVING' });
  });
});
