import { personaMessages, productMessages, profileMessages } from '@chorus/contracts';
import { type BusinessProfileFields, CatalogServiceClient } from '@chorus/proto/catalog/v1/catalog';
import {
  type BusMessage,
  createEnvelope,
  createPromiseClient,
  decodeEnvelope,
  encodeEnvelope,
  type Envelope,
  type EventCase,
  type EventOf,
  InMemoryEventBus,
  type PromiseClient,
  Topics,
} from '@chorus/service-kit';
import { createTestDatabase, eventually, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import knex, { type Knex } from 'knex';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  defaultTemplateLibraryFile,
  readCatalogConfig,
  type RunningCatalog,
  startCatalog,
} from '../src';
import { parseTemplateLibrary } from '../src/template-library';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let catalog: RunningCatalog;
let client: PromiseClient<CatalogServiceClient>;
let db: Knex;
let libraryDir: string;
let libraryFile: string;
const bus = new InMemoryEventBus(testLogger());
const published: Envelope[] = [];

function config() {
  return readCatalogConfig({
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    GRPC_HOST: '127.0.0.1',
    PERSONA_TEMPLATES_FILE: libraryFile,
  });
}

beforeAll(async () => {
  database = await createTestDatabase('catalog');
  libraryDir = await mkdtemp(path.join(tmpdir(), 'catalog-library-'));
  libraryFile = path.join(libraryDir, 'persona-templates.yaml');
  await copyFile(defaultTemplateLibraryFile(), libraryFile);
  await bus.subscribe({
    groupId: 'test',
    topics: [Topics.catalog],
    handle: (message: BusMessage) => {
      published.push(decodeEnvelope(message.value));
      return Promise.resolve();
    },
  });
  catalog = await startCatalog(config(), { bus, logger: testLogger() });
  client = createPromiseClient(CatalogServiceClient, `127.0.0.1:${catalog.port}`);
  db = knex({ client: 'pg', connection: database.url });
});

afterAll(async () => {
  client.close();
  await catalog.stop();
  await bus.close();
  await db.destroy();
  await database.drop();
  await rm(libraryDir, { recursive: true, force: true });
});

function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

const notFound = (details: string) => ({ code: status.NOT_FOUND, details });

async function newProduct(userId = randomUUID(), overrides: Partial<{ name: string }> = {}) {
  const { product } = await client.createProduct({
    userId,
    name: overrides.name ?? 'Lantern',
    description: 'Smart lights',
    industry: 'Technology',
    billingCycle: '',
  });
  return { userId, product: product! };
}

function eventsOf<C extends EventCase>(kind: C, productId: string): EventOf<C>[] {
  return published
    .filter((e) => e.event?.$case === kind && e.key === productId)
    .map((e) => e.event!.value as EventOf<C>);
}

describe('products', () => {
  it('creates a product with the stored defaults, industry in lower case', async () => {
    const { product, userId } = await newProduct();
    expect(product).toMatchObject({
      userId,
      name: 'Lantern',
      description: 'Smart lights',
      industry: 'technology',
      subscriptionStatus: 'inactive',
      billingCycle: 'monthly',
      baseUserRateCents: 2500,
      annualDiscountPercent: 10,
      collaboratorCount: 0,
      maxCollaborators: 50,
      personaCount: 0,
      maxFreePersonas: 10,
      extraPersonaCostCents: 200,
      isLegacyPricing: false,
      stripeCustomerId: '',
    });
    expect(product.subscriptionStartDate).toBeInstanceOf(Date);
    expect(product.subscriptionEndDate).toBeUndefined();
  });

  it.each([
    [{ name: '  ' }, productMessages.nameRequired],
    [{ industry: '' }, productMessages.industryRequired],
    [{ billingCycle: 'weekly' }, productMessages.billingCycleInvalid],
  ])('refuses %j: %s', async (change, message) => {
    const request = {
      userId: 'u',
      name: 'A',
      description: '',
      industry: 'retail',
      billingCycle: 'annual',
      ...change,
    };
    expect(await grpcError(client.createProduct(request))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: message,
    });
  });

  it('creates a first product once, however many times and at once it is asked', async () => {
    const userId = randomUUID();
    const request = (name: string) => ({
      userId,
      name,
      description: '',
      industry: 'Retail',
      billingCycle: 'annual',
    });
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((name) => client.createFirstProduct(request(name))),
    );
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    const first = answers.find((a) => a.created)!.product!;
    for (const answer of answers) expect(answer.product!.id).toBe(first.id);
    const later = await client.createFirstProduct(request('Four'));
    expect(later).toMatchObject({ created: false, product: { id: first.id, name: first.name } });
    expect((await client.listProducts({ userId })).products.map((p) => p.id)).toEqual([first.id]);
    await eventually(() => eventsOf('productCreated', first.id).length === 1);
  });

  it("lists a user's own products only, oldest first", async () => {
    const userId = randomUUID();
    await newProduct(userId, { name: 'First' });
    await newProduct(userId, { name: 'Second' });
    await newProduct();
    const { products } = await client.listProducts({ userId });
    expect(products.map((p) => p.name)).toEqual(['First', 'Second']);
  });

  it("answers NOT_FOUND for another user's product and leaves it alone", async () => {
    const { product, userId } = await newProduct();
    const stranger = randomUUID();
    const ids = { userId: stranger, productId: product.id };
    expect(await grpcError(client.getProduct(ids))).toEqual(notFound(productMessages.notFound));
    expect(await grpcError(client.deleteProduct(ids))).toEqual(notFound(productMessages.notFound));
    expect((await client.getProduct({ userId, productId: product.id })).product?.id).toBe(
      product.id,
    );
  });

  it('publishes ProductCreated and ProductDeleted', async () => {
    const { product, userId } = await newProduct();
    await client.deleteProduct({ userId, productId: product.id });
    await eventually(() => eventsOf('productDeleted', product.id).length === 1);
    expect(eventsOf('productCreated', product.id)).toEqual([
      {
        productId: product.id,
        userId,
        name: 'Lantern',
        industry: 'technology',
        billingCycle: 'monthly',
        isLegacyPricing: false,
      },
    ]);
    expect(eventsOf('productDeleted', product.id)).toEqual([{ productId: product.id, userId }]);
    expect(await grpcError(client.getProduct({ userId, productId: product.id }))).toEqual(
      notFound(productMessages.notFound),
    );
  });

  it('deleting a product removes its business profile and personas', async () => {
    const { product, userId } = await newProduct();
    const ids = { userId, productId: product.id };
    await client.createBusinessProfile({ ...ids, fields: { companyName: 'Lantern' } });
    const [template] = (await client.listTemplates({})).templates;
    await client.addProductPersona({ ...ids, templateId: template!.id });
    await client.deleteProduct(ids);
    expect(await db('business_profiles').where({ product_id: product.id })).toEqual([]);
    expect(await db('user_personas').where({ product_id: product.id })).toEqual([]);
  });
});

describe('business profiles', () => {
  const everyField: BusinessProfileFields = {
    companyName: 'Lantern',
    industry: 'Technology',
    businessModel: 'B2C hardware with a subscription',
    employeeCount: '12',
    annualRevenue: '$1.2M',
    locations: 'Lisbon',
    yearsInOperation: 4,
    primaryProducts: 'Smart bulbs\nHub',
    uniqueSellingPoints: 'No cloud needed',
    competitiveAdvantages: 'Local processing',
    marketPositioning: 'Premium privacy',
    geographicScope: 'Europe',
    marketSize: '€3B',
    primaryMarkets: 'Portugal, Spain',
    secondaryMarkets: 'France',
    marketShare: '0.1%',
    customerDemographics: '30-50, homeowners',
    customerPsychographics: 'Privacy-minded',
    customerBehaviors: 'Research before buying',
    segmentSizes: '200k households',
    directCompetitors: 'Philips Hue',
    indirectCompetitors: 'Plain bulbs',
    marketDifferentiation: 'Works offline',
    distributionChannels: 'Online shop',
    salesProcesses: 'Self-serve',
    customerAcquisition: 'Content marketing',
    serviceDelivery: 'Shipping',
    operationalScale: 'Small',
    digitalPresence: 'Website, Instagram',
    ecommerceCapabilities: 'Shopify',
    crmSystems: 'HubSpot',
    marketingAutomation: 'Mailchimp',
    dataCollection: 'Opt-in analytics',
    pricingModels: 'One-off plus subscription',
    avgTransactionValue: '€120',
    customerLifetimeValue: '€300',
    paymentMethods: 'Cards, MB Way',
    customerTouchpoints: 'Shop, support chat',
    customerJourney: 'Discover, compare, buy',
    decisionMakingProcess: 'Couples decide together',
    purchaseCycles: 'Yearly',
    customerSupport: 'Email and chat',
    serviceLevelAgreements: '24h reply',
    qualityMetrics: 'Return rate',
    revenueStreams: 'Hardware, subscriptions',
    profitability: 'Break-even',
    growthTrajectory: '40% a year',
    investmentCapacity: 'Seed round',
    acquisitionCosts: '€35',
    retentionRates: '85%',
    satisfactionScores: 'NPS 52',
    referralPatterns: 'Friends and family',
  };

  it('answers NOT_FOUND before a profile exists', async () => {
    const { product, userId } = await newProduct();
    expect(await grpcError(client.getBusinessProfile({ userId, productId: product.id }))).toEqual(
      notFound(profileMessages.notFound),
    );
  });

  it('stores every field and every Unknown flag', async () => {
    const { product, userId } = await newProduct();
    const flags = Object.fromEntries(
      Object.keys(everyField).map((name, i) => [`${name}Unknown`, i % 2 === 0]),
    );
    const ids = { userId, productId: product.id };
    const { profile } = await client.createBusinessProfile({
      ...ids,
      fields: { ...everyField, ...flags },
    });
    expect(profile?.productId).toBe(product.id);
    const read = await client.getBusinessProfile(ids);
    expect(read.profile?.fields).toEqual({ ...everyField, ...flags });
  });

  it('refuses a second profile for the same product', async () => {
    const { product, userId } = await newProduct();
    const ids = { userId, productId: product.id };
    await client.createBusinessProfile({ ...ids, fields: { companyName: 'A' } });
    expect(
      await grpcError(client.createBusinessProfile({ ...ids, fields: { companyName: 'B' } })),
    ).toEqual({ code: status.ALREADY_EXISTS, details: profileMessages.alreadyExists });
    expect((await client.getBusinessProfile(ids)).profile?.fields?.companyName).toBe('A');
  });

  it('updates only the fields given; an empty text clears one', async () => {
    const { product, userId } = await newProduct();
    const ids = { userId, productId: product.id };
    await client.createBusinessProfile({
      ...ids,
      fields: { companyName: 'Lantern', marketSize: '€3B', yearsInOperation: 4 },
    });
    const { profile } = await client.updateBusinessProfile({
      ...ids,
      fields: { marketSize: '', marketSizeUnknown: true, yearsInOperation: 0 },
    });
    expect(profile?.fields).toMatchObject({
      companyName: 'Lantern',
      marketSizeUnknown: true,
      yearsInOperation: 0,
    });
    expect(profile?.fields?.marketSize).toBeUndefined();
  });

  it('answers NOT_FOUND when updating a profile that does not exist', async () => {
    const { product, userId } = await newProduct();
    expect(
      await grpcError(
        client.updateBusinessProfile({ userId, productId: product.id, fields: { locations: 'x' } }),
      ),
    ).toEqual(notFound(profileMessages.notFound));
  });

  it("answers NOT_FOUND for another user's product on every profile call", async () => {
    const { product, userId } = await newProduct();
    await client.createBusinessProfile({ userId, productId: product.id, fields: {} });
    const ids = { userId: randomUUID(), productId: product.id };
    const expected = notFound(productMessages.notFound);
    expect(await grpcError(client.getBusinessProfile(ids))).toEqual(expected);
    expect(await grpcError(client.createBusinessProfile({ ...ids, fields: {} }))).toEqual(expected);
    expect(
      await grpcError(client.updateBusinessProfile({ ...ids, fields: { companyName: 'Mine' } })),
    ).toEqual(expected);
  });

  it('refuses a negative number of years', async () => {
    const { product, userId } = await newProduct();
    expect(
      await grpcError(
        client.createBusinessProfile({
          userId,
          productId: product.id,
          fields: { yearsInOperation: -3 },
        }),
      ),
    ).toEqual({ code: status.INVALID_ARGUMENT, details: profileMessages.yearsOutOfRange });
  });
});

describe('persona templates and product personas', () => {
  async function library() {
    return parseTemplateLibrary(await readFile(libraryFile, 'utf8'));
  }

  it('seeds the library into the empty table on first start', async () => {
    const { templates } = await client.listTemplates({});
    const names = (await library()).map((t) => t.name);
    expect(templates.map((t) => t.name).sort()).toEqual(expect.arrayContaining(names.sort()));
    const sarah = templates.find((t) => t.name === 'Sarah Mitchell');
    expect(sarah).toMatchObject({
      age: 34,
      gender: 'Female',
      iq: 118,
      isActive: true,
      safetyScores: { economic: 7, world: 5, local: 8, occupation: 7 },
    });
  });

  it('does not seed again when the service restarts', async () => {
    const before = (await client.listAllTemplates({})).templates.length;
    // Its own bus: a stopped instance must not stay a member of the shared consumer group.
    const otherBus = new InMemoryEventBus(testLogger());
    const again = await startCatalog(config(), { bus: otherBus, logger: testLogger() });
    await again.stop();
    await otherBus.close();
    expect((await client.listAllTemplates({})).templates.length).toBe(before);
  });

  it('adds a persona with its template, counts it and announces it', async () => {
    const { product, userId } = await newProduct();
    const [template] = (await client.listTemplates({})).templates;
    const { persona, added } = await client.addProductPersona({
      userId,
      productId: product.id,
      templateId: template!.id,
    });
    expect(added).toBe(true);
    expect(persona).toMatchObject({
      productId: product.id,
      templateId: template!.id,
      template: { name: template!.name, occupation: template!.occupation },
    });
    expect((await client.getProduct({ userId, productId: product.id })).product?.personaCount).toBe(
      1,
    );
    await eventually(() => eventsOf('personasChanged', product.id).length === 1);
    expect(eventsOf('personasChanged', product.id)).toEqual([
      { productId: product.id, userId, personaCount: 1 },
    ]);
    const { personas } = await client.listProductPersonas({ userId, productId: product.id });
    expect(personas.map((p) => p.template?.name)).toEqual([template!.name]);
  });

  it('adding the same template twice keeps one persona', async () => {
    const { product, userId } = await newProduct();
    const [, template] = (await client.listTemplates({})).templates;
    const request = { userId, productId: product.id, templateId: template!.id };
    const first = await client.addProductPersona(request);
    const second = await client.addProductPersona(request);
    expect(second).toMatchObject({ added: false, persona: { id: first.persona!.id } });
    const { personas } = await client.listProductPersonas({ userId, productId: product.id });
    expect(personas).toHaveLength(1);
    expect((await client.getProduct({ userId, productId: product.id })).product?.personaCount).toBe(
      1,
    );
  });

  it('counts concurrent additions exactly', async () => {
    const { product, userId } = await newProduct();
    const templates = (await client.listTemplates({})).templates.slice(0, 12);
    await Promise.all(
      templates.map((t) =>
        client.addProductPersona({ userId, productId: product.id, templateId: t.id }),
      ),
    );
    expect((await client.getProduct({ userId, productId: product.id })).product?.personaCount).toBe(
      12,
    );
  });

  it('refuses an unknown template', async () => {
    const { product, userId } = await newProduct();
    expect(
      await grpcError(
        client.addProductPersona({ userId, productId: product.id, templateId: 'no-such-template' }),
      ),
    ).toEqual(notFound(personaMessages.templateNotFound));
  });

  it("answers NOT_FOUND for another user's product or persona", async () => {
    const owner = await newProduct();
    const other = await newProduct();
    const [template] = (await client.listTemplates({})).templates;
    const { persona } = await client.addProductPersona({
      userId: owner.userId,
      productId: owner.product.id,
      templateId: template!.id,
    });
    const expected = notFound(productMessages.notFound);
    const foreign = { userId: other.userId, productId: owner.product.id };
    expect(await grpcError(client.listProductPersonas(foreign))).toEqual(expected);
    expect(
      await grpcError(client.addProductPersona({ ...foreign, templateId: template!.id })),
    ).toEqual(expected);
    expect(
      await grpcError(client.removeProductPersona({ ...foreign, personaId: persona!.id })),
    ).toEqual(expected);
    // The owner's persona id through the other user's own product: not theirs either.
    expect(
      await grpcError(
        client.removeProductPersona({
          userId: other.userId,
          productId: other.product.id,
          personaId: persona!.id,
        }),
      ),
    ).toEqual(notFound(personaMessages.personaNotFound));
    const { personas } = await client.listProductPersonas({
      userId: owner.userId,
      productId: owner.product.id,
    });
    expect(personas).toHaveLength(1);
  });

  it('removes a persona, recounts and announces it', async () => {
    const { product, userId } = await newProduct();
    const [template] = (await client.listTemplates({})).templates;
    const ids = { userId, productId: product.id };
    const { persona } = await client.addProductPersona({ ...ids, templateId: template!.id });
    await client.removeProductPersona({ ...ids, personaId: persona!.id });
    expect((await client.listProductPersonas(ids)).personas).toEqual([]);
    expect((await client.getProduct(ids)).product?.personaCount).toBe(0);
    await eventually(() => eventsOf('personasChanged', product.id).length === 2);
    expect(eventsOf('personasChanged', product.id).map((e) => e.personaCount)).toEqual([1, 0]);
    expect(
      await grpcError(client.removeProductPersona({ ...ids, personaId: persona!.id })),
    ).toEqual(notFound(personaMessages.personaNotFound));
  });
});

describe('template administration', () => {
  const form = {
    name: 'Test Template Ines',
    age: 41,
    occupation: 'Pharmacist',
    location: 'Porto, Portugal',
    income: '€38,000 per year',
    lifestyle: 'Cycles to work',
    motivations: 'Security for her children',
    personality: 'Careful and warm',
    safetyScoresPercent: { economic: 80, world: 45, local: 90, occupation: 72 },
  };

  it('creates a template with the sliders stored out of 10', async () => {
    const { template } = await client.createTemplate(form);
    expect(template).toMatchObject({
      name: form.name,
      isActive: true,
      safetyScores: { economic: 8, world: 4.5, local: 9, occupation: 7.2 },
    });
    expect((await client.listTemplates({})).templates.map((t) => t.name)).toContain(form.name);
  });

  it('applies the form defaults: age 30 and scores of 5', async () => {
    const { template } = await client.createTemplate({
      ...form,
      name: 'Defaults Person',
      age: 0,
      safetyScoresPercent: undefined,
    });
    expect(template).toMatchObject({
      age: 30,
      safetyScores: { economic: 5, world: 5, local: 5, occupation: 5 },
    });
  });

  it('refuses a missing required field and a taken name', async () => {
    expect(
      await grpcError(client.createTemplate({ ...form, name: 'Nobody', personality: ' ' })),
    ).toEqual({ code: status.INVALID_ARGUMENT, details: 'Personality is required' });
    expect(await grpcError(client.createTemplate({ ...form, name: 'Sarah Mitchell' }))).toEqual({
      code: status.ALREADY_EXISTS,
      details: personaMessages.templateNameTaken,
    });
  });

  it('keeps inactive templates out of the library customers see', async () => {
    const { template } = await client.createTemplate({
      ...form,
      name: 'Hidden Template',
      isActive: false,
    });
    expect((await client.listTemplates({})).templates.map((t) => t.id)).not.toContain(template!.id);
    expect((await client.listAllTemplates({})).templates.map((t) => t.id)).toContain(template!.id);
    const { product, userId } = await newProduct();
    expect(
      await grpcError(
        client.addProductPersona({ userId, productId: product.id, templateId: template!.id }),
      ),
    ).toEqual(notFound(personaMessages.templateNotFound));
  });

  it('deleting a template removes it from the products that chose it', async () => {
    const { template } = await client.createTemplate({ ...form, name: 'Short-lived Template' });
    const { product, userId } = await newProduct();
    const ids = { userId, productId: product.id };
    await client.addProductPersona({ ...ids, templateId: template!.id });
    await client.deleteTemplate({ templateId: template!.id });
    expect((await client.listProductPersonas(ids)).personas).toEqual([]);
    expect((await client.getProduct(ids)).product?.personaCount).toBe(0);
    await eventually(() => eventsOf('personasChanged', product.id).length === 2);
    expect(await grpcError(client.deleteTemplate({ templateId: template!.id }))).toEqual(
      notFound(personaMessages.templateNotFound),
    );
  });

  it('syncs the library: new names imported, changed ones updated, others kept', async () => {
    expect(await client.syncTemplates({})).toEqual({ imported: 0, updated: 0 });
    const original = await readFile(libraryFile, 'utf8');
    try {
      const changed = original.replace('income: $78,000 per year', 'income: $81,000 per year');
      await writeFile(
        libraryFile,
        `${changed}
  - name: Zoe Newcomer
    age: 45
    gender: Female
    occupation: Beekeeper
    location: Tartu, Estonia
    income: €22,000 per year
    iq: 110
    lifestyle: Keeps sixty hives.
    motivations: Healthy bees.
    personality: Patient.
    safetyScores: { economic: 4, world: 5, local: 9, occupation: 6 }
`,
      );
      expect(await client.syncTemplates({})).toEqual({ imported: 1, updated: 1 });
      expect(await client.syncTemplates({})).toEqual({ imported: 0, updated: 0 });
      const { templates } = await client.listAllTemplates({});
      expect(templates.find((t) => t.name === 'Sarah Mitchell')?.income).toBe('$81,000 per year');
      expect(templates.map((t) => t.name)).toEqual(
        expect.arrayContaining(['Zoe Newcomer', form.name]),
      );
    } finally {
      await writeFile(libraryFile, original);
    }
  });

  it('answers FAILED_PRECONDITION when the library file is broken', async () => {
    const original = await readFile(libraryFile, 'utf8');
    try {
      await writeFile(libraryFile, 'templates: [unclosed');
      const error = await grpcError(client.syncTemplates({}));
      expect(error.code).toBe(status.FAILED_PRECONDITION);
      expect(error.details).toMatch(/^Failed to sync personas from YAML file: not valid YAML/);
    } finally {
      await writeFile(libraryFile, original);
    }
  });
});

describe('subscription changes from billing', () => {
  const periodEnd = new Date('2030-01-31T00:00:00Z');

  const promoStart = new Date('2030-01-01T00:00:00Z');

  function subscriptionEvent(
    productId: string,
    userId: string,
    state: string,
    promo = {
      promoDiscountPercent: 0,
      promoDurationMonths: 0,
      promoStartedAt: undefined as Date | undefined,
    },
  ) {
    return createEnvelope(productId, {
      $case: 'subscriptionChanged',
      value: {
        ...promo,
        productId,
        userId,
        status: state,
        billingCycle: 'annual',
        monthlyRateCents: 2250,
        personaCount: 0,
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: false,
        providerCustomerId: 'cus_123',
        providerSubscriptionId: 'sub_123',
        providerPriceId: 'price_annual',
      },
    });
  }

  const deliver = (envelope: Envelope) =>
    bus.publish([
      { topic: Topics.billing, key: envelope.key, value: encodeEnvelope(envelope), headers: {} },
    ]);

  it('mirrors status, dates and provider ids onto the product', async () => {
    const { product, userId } = await newProduct();
    await deliver(subscriptionEvent(product.id, userId, 'active'));
    const mirrored = await eventually(async () => {
      const found = (await client.getProduct({ userId, productId: product.id })).product;
      return found?.subscriptionStatus === 'active' ? found : undefined;
    });
    expect(mirrored).toMatchObject({
      billingCycle: 'annual',
      subscriptionEndDate: periodEnd,
      stripeCustomerId: 'cus_123',
      stripeSubscriptionId: 'sub_123',
      stripePriceId: 'price_annual',
    });
  });

  it('applies an event once even when it is delivered twice', async () => {
    const { product, userId } = await newProduct();
    const activated = subscriptionEvent(product.id, userId, 'active');
    await deliver(activated);
    await deliver(subscriptionEvent(product.id, userId, 'past_due'));
    await deliver(activated);
    await bus.drained();
    const found = (await client.getProduct({ userId, productId: product.id })).product;
    expect(found?.subscriptionStatus).toBe('past_due');
  });

  it("mirrors the subscription's promo code, and a replayed event sets it again rather than adding to it", async () => {
    const { product, userId } = await newProduct();
    const promo = { promoDiscountPercent: 20, promoDurationMonths: 3, promoStartedAt: promoStart };
    await deliver(subscriptionEvent(product.id, userId, 'active', promo));
    await deliver(subscriptionEvent(product.id, userId, 'past_due', promo));
    // The same state published again (a new envelope, as a replay after a restart sends it).
    await deliver(subscriptionEvent(product.id, userId, 'active', promo));
    await bus.drained();
    const found = (await client.getProduct({ userId, productId: product.id })).product;
    expect(found).toMatchObject({
      subscriptionStatus: 'active',
      promoDiscountPercent: 20,
      promoDurationMonths: 3,
      promoStartedAt: promoStart,
    });
  });

  it('a subscription without a promo code clears the one mirrored before', async () => {
    const { product, userId } = await newProduct();
    await deliver(
      subscriptionEvent(product.id, userId, 'active', {
        promoDiscountPercent: 50,
        promoDurationMonths: 1,
        promoStartedAt: promoStart,
      }),
    );
    await deliver(subscriptionEvent(product.id, userId, 'active'));
    await bus.drained();
    const found = (await client.getProduct({ userId, productId: product.id })).product;
    expect(found).toMatchObject({ promoDiscountPercent: 0, promoDurationMonths: 0 });
    expect(found?.promoStartedAt).toBeUndefined();
  });

  it('ignores an event that names another owner', async () => {
    const { product, userId } = await newProduct();
    await deliver(subscriptionEvent(product.id, randomUUID(), 'active'));
    await bus.drained();
    const found = (await client.getProduct({ userId, productId: product.id })).product;
    expect(found?.subscriptionStatus).toBe('inactive');
  });
});
