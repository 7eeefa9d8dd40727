import { productMessages } from '@chorus/contracts';
import {
  InMemoryEventBus,
  type Knex,
  NotFound,
  openDatabase,
  OutboxRelay,
} from '@chorus/service-kit';
import { createTestDatabase, testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { migrations } from '../migrations';
import { CollaboratorStore, type MembershipRow } from '../src/store/collaborators';
import { membershipsChannel, ProductCache } from '../src/store/product-cache';
import { type ProductRow, ProductStore } from '../src/store/products';
import { ProductAccessRules } from '../src/access';
import { TeamAudit } from '../src/audit';
import { Invitations } from '../src/invitations';
import { Membership } from '../src/membership';
import { Products } from '../src/products';

// GetAccess's answer, as two catalog replicas over one database compute it:
// from memory once known, and refused on both the moment a member is removed.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let relay: OutboxRelay;
const caches: { start(): Promise<void>; close(): Promise<void> }[] = [];
let first: ReturnType<typeof replica>;
let second: ReturnType<typeof replica>;

function replica() {
  const logger = testLogger();
  const productCache = new ProductCache<ProductRow>({ databaseUrl: database.url, logger });
  const membershipCache = new ProductCache<MembershipRow>({
    databaseUrl: database.url,
    logger,
    channel: membershipsChannel,
  });
  caches.push(productCache, membershipCache);
  const products = new ProductStore(db, productCache);
  const store = new CollaboratorStore(db, membershipCache);
  const access = new ProductAccessRules({ store, products });
  const audit = new TeamAudit({ store, products });
  const invitations = new Invitations({ store, products, access, audit, relay });
  return {
    products,
    access,
    invitations,
    membership: new Membership({ store, products, access, invitations, audit, relay }),
    listing: new Products({ store: products, collaborators: store, relay, logger }),
  };
}

beforeAll(async () => {
  database = await createTestDatabase('access_cache');
  db = await openDatabase({ url: database.url, migrations, logger: testLogger() });
  // Events stay in the outbox: this file is about the answer, not the relay.
  relay = new OutboxRelay({ db, bus: new InMemoryEventBus(testLogger()), logger: testLogger() });
  await relay.stop();
  first = replica();
  second = replica();
  await Promise.all(caches.map((cache) => cache.start()));
});
afterAll(async () => {
  await Promise.all(caches.map((cache) => cache.close()));
  await db.destroy();
  await database.drop();
});

async function queriesDuring(work: () => Promise<unknown>): Promise<number> {
  let queries = 0;
  const count = () => (queries += 1);
  db.on('query', count);
  try {
    await work();
  } finally {
    db.off('query', count);
  }
  return queries;
}

const roleOf = async (rules: ProductAccessRules, userId: string, productId: string) =>
  (await rules.access(userId, productId)).access.role;

it('answers from memory once known, and refuses a removed member on every replica at once', async () => {
  const ownerId = randomUUID();
  const product = await db.transaction((trx) =>
    first.products.insert(trx, {
      user_id: ownerId,
      name: 'Lantern',
      description: null,
      industry: 'retail',
    }),
  );
  const invitation = await first.invitations.invite({
    userId: ownerId,
    productId: product.id,
    email: 'mia@example.com',
    role: 'collaborator',
    inviterName: 'Olivia',
    inviterEmail: 'olivia@example.com',
    ownerEmail: 'olivia@example.com',
  });
  const mia = randomUUID();
  const stranger = randomUUID();
  await first.invitations.accept({
    token: invitation.token,
    userId: mia,
    email: 'mia@example.com',
    name: 'Mia',
  });

  // The first answer reads the database; the next ones, for her, the owner
  // and a stranger, do not.
  expect(await roleOf(second.access, mia, product.id)).toBe('collaborator');
  expect(await roleOf(second.access, ownerId, product.id)).toBe('owner');
  await expect(second.access.access(stranger, product.id)).rejects.toThrow(NotFound);
  expect(
    await queriesDuring(async () => {
      for (let i = 0; i < 5; i += 1) {
        expect(await roleOf(second.access, mia, product.id)).toBe('collaborator');
        expect(await roleOf(second.access, ownerId, product.id)).toBe('owner');
        await expect(second.access.access(stranger, product.id)).rejects.toThrow(NotFound);
      }
    }),
  ).toBe(0);

  // A role change through the first replica is what the second answers next.
  await first.membership.changeRole({
    userId: ownerId,
    productId: product.id,
    memberId: invitation.member.id,
    role: 'viewer',
    actorName: 'Olivia',
  });
  expect(await roleOf(second.access, mia, product.id)).toBe('viewer');
  expect((await second.access.access(mia, product.id)).product.billable_seats).toBe(0);

  await first.membership.remove({
    userId: ownerId,
    productId: product.id,
    memberId: invitation.member.id,
    actorName: 'Olivia',
  });
  for (const { access, listing } of [second, first]) {
    await expect(access.access(mia, product.id)).rejects.toThrow(productMessages.notFound);
    expect((await listing.list(mia)).map((shown) => shown.product.id)).toEqual([]);
  }
});
