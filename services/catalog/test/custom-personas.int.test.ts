import {
  customPersonaMessages,
  type CustomPersonaDraft,
  personaMessages,
  traitProvenance,
} from '@chorus/contracts';
import { CatalogServiceClient } from '@chorus/proto/catalog/v1/catalog';
import { createPromiseClient, InMemoryEventBus, type PromiseClient } from '@chorus/service-kit';
import { createTestDatabase, testLogger } from '@chorus/service-kit/testing';
import { customDraftToMessage, customFactsFromMessage } from '@chorus/service-kit/wire';
import { status } from '@grpc/grpc-js';
import knex, { type Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { readCatalogConfig, type RunningCatalog, startCatalog } from '../src';

// Custom personas are templates private to a product: never in the library,
// never blocking a library name, gone with their persona or their product.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let catalog: RunningCatalog;
let client: PromiseClient<CatalogServiceClient>;
let db: Knex;
const bus = new InMemoryEventBus(testLogger());

beforeAll(async () => {
  database = await createTestDatabase('catalog');
  catalog = await startCatalog(
    readCatalogConfig({ DATABASE_URL: database.url, GRPC_PORT: '0', GRPC_HOST: '127.0.0.1' }),
    { bus, logger: testLogger() },
  );
  client = createPromiseClient(CatalogServiceClient, `127.0.0.1:${catalog.port}`);
  db = knex({ client: 'pg', connection: database.url });
});

afterAll(async () => {
  client.close();
  await catalog.stop();
  await bus.close();
  await db.destroy();
  await database.drop();
});

function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

async function newProduct() {
  const userId = randomUUID();
  const { product } = await client.createProduct({
    userId,
    name: 'Panier',
    description: 'Meal kits',
    industry: 'Retail',
    billingCycle: '',
  });
  return { userId, productId: product!.id };
}

const draft = (name: string): CustomPersonaDraft => ({
  traits: {
    name,
    age: 34,
    gender: 'Female',
    occupation: 'Nurse',
    location: 'Lyon',
    income: '€2,400/month',
    lifestyle: 'Cooks three times a week',
    motivations: 'Eating well on a budget',
    personality: 'Practical',
  },
  safetyScores: { economic: 5, world: 6, local: 7, occupation: 8 },
  custom: {
    source: 'description',
    sourceText: 'A 34-year-old nurse in Lyon who cooks three times a week',
    fileName: '',
    provenance: traitProvenance({ age: 34, occupation: 'Nurse', location: 'Lyon' }),
    builtBy: 'local',
  },
});

async function create(userId: string, productId: string, ...names: string[]) {
  const { personas } = await client.createCustomPersonas({
    userId,
    productId,
    drafts: names.map((name) => customDraftToMessage(draft(name))),
  });
  return personas;
}

describe('custom personas in the catalog', () => {
  it('stay out of the library, its names and its figures, and count on their product', async () => {
    const { templates: library } = await client.listAllTemplates({});
    const { activeTemplates } = await client.getPersonaStats({});
    const { userId, productId } = await newProduct();
    // A customer may share a library template's name; two products may both have a Claire.
    const [sharedName, claire] = await create(userId, productId, library[0]!.name, 'Claire');
    const other = await newProduct();
    await create(other.userId, other.productId, 'Claire');

    expect(claire!.custom && customFactsFromMessage(claire!.custom)).toEqual(
      draft('Claire').custom,
    );
    const { templates: after } = await client.listAllTemplates({});
    expect(after.map((t) => t.id)).toEqual(library.map((t) => t.id));
    expect((await client.listTemplates({})).templates.map((t) => t.id)).not.toContain(
      claire!.templateId,
    );
    expect((await client.getPersonaStats({})).activeTemplates).toBe(activeTemplates);
    const { product } = await client.getProduct({ userId, productId });
    expect(product!.personaCount).toBe(2);

    // The library sync still finds its own template by that name, and changes nothing.
    expect(await client.syncTemplates({})).toEqual({ imported: 0, updated: 0 });
    expect(sharedName!.template!.name).toBe(library[0]!.name);

    // Not a template anyone can choose or the administrator can delete.
    expect(
      await grpcError(
        client.addProductPersona({
          userId: other.userId,
          productId: other.productId,
          templateId: claire!.templateId,
        }),
      ),
    ).toEqual({ code: status.NOT_FOUND, details: personaMessages.templateNotFound });
    expect(await grpcError(client.deleteTemplate({ templateId: claire!.templateId }))).toEqual({
      code: status.NOT_FOUND,
      details: personaMessages.templateNotFound,
    });
  });

  it('removing the persona removes its traits; removing the product removes them all', async () => {
    const { userId, productId } = await newProduct();
    const [first, second] = await create(userId, productId, 'Anna', 'Ben');
    await client.removeProductPersona({ userId, productId, personaId: first!.id });
    expect(await db('persona_templates').where({ id: first!.templateId }).first()).toBeUndefined();
    expect((await client.getProduct({ userId, productId })).product!.personaCount).toBe(1);

    await client.deleteProduct({ userId, productId });
    expect(await db('persona_templates').where({ id: second!.templateId }).first()).toBeUndefined();
  });

  it('refuses a draft that is not a whole persona, storing nothing', async () => {
    const { userId, productId } = await newProduct();
    const bad = { ...draft('Kid'), traits: { ...draft('Kid').traits, age: 7 } };
    const refused = await grpcError(
      client.createCustomPersonas({ userId, productId, drafts: [customDraftToMessage(bad)] }),
    );
    expect(refused.code).toBe(status.INVALID_ARGUMENT);
    expect((await client.listProductPersonas({ userId, productId })).personas).toEqual([]);
  });

  it('edits only custom personas of the caller', async () => {
    const { userId, productId } = await newProduct();
    const [persona] = await create(userId, productId, 'Claire');
    const { persona: edited } = await client.updateCustomPersona({
      userId,
      productId,
      personaId: persona!.id,
      edit: { income: '€3,000/month' },
    });
    expect(edited!.template!.income).toBe('€3,000/month');
    expect(edited!.custom!.provenance.income).toBe('given');

    const { templates } = await client.listTemplates({});
    const { persona: chosen } = await client.addProductPersona({
      userId,
      productId,
      templateId: templates[0]!.id,
    });
    expect(
      await grpcError(
        client.updateCustomPersona({
          userId,
          productId,
          personaId: chosen!.id,
          edit: { name: 'Renamed' },
        }),
      ),
    ).toEqual({ code: status.FAILED_PRECONDITION, details: customPersonaMessages.notCustom });
    const stranger = await grpcError(
      client.updateCustomPersona({
        userId: randomUUID(),
        productId,
        personaId: persona!.id,
        edit: { name: 'Stolen' },
      }),
    );
    expect(stranger.code).toBe(status.NOT_FOUND);
  });
});
