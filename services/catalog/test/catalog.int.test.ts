import { productMessages, profileMessages } from '@chorus/contracts';
import type { BusinessProfileFields } from '@chorus/proto/catalog/v1/products';
import { eventually } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { newProduct, grpcError, client, eventsOf, notFound, db } from './catalog-setup';

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
