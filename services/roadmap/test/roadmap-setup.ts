// What the roadmap service's tests share: importing this file starts the
// service on a database of its own before the file's tests and stops it
// after, with the helpers that make roadmaps and items.
import { RoadmapServiceClient } from '@chorus/proto/roadmap/v1/roadmap';
import {
  createPromiseClient,
  encodeEnvelope,
  type Envelope,
  InMemoryEventBus,
  type Knex,
  openDatabase,
  type PromiseClient,
  Topics,
} from '@chorus/service-kit';
import { createTestDatabase, testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { migrations } from '../migrations';
import { readRoadmapConfig, type RunningRoadmap, startRoadmap } from '../src';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: RunningRoadmap;
export let client: PromiseClient<RoadmapServiceClient>;
export let db: Knex;
export const bus = new InMemoryEventBus(testLogger());

beforeAll(async () => {
  database = await createTestDatabase('roadmap');
  service = await startRoadmap(
    readRoadmapConfig({ DATABASE_URL: database.url, GRPC_PORT: '0', GRPC_HOST: '127.0.0.1' }),
    { bus, logger: testLogger() },
  );
  client = createPromiseClient(RoadmapServiceClient, `127.0.0.1:${service.port}`);
  db = await openDatabase({ url: database.url, migrations, logger: testLogger() });
});

afterAll(async () => {
  client.close();
  await service.stop();
  await db.destroy();
  await bus.close();
  await database.drop();
});

export function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

export const owner = () => ({ userId: randomUUID(), productId: randomUUID() });

export async function newRoadmap(who = owner(), name = 'Launch plan') {
  const { roadmap } = await client.createRoadmap({ ...who, fields: { name } });
  return { ...who, roadmapId: roadmap!.id };
}

export async function addItem(
  who: { userId: string; roadmapId: string },
  title: string,
  fields: { status?: string } = {},
) {
  const { item } = await client.createItem({ ...who, fields: { title, ...fields } });
  return item!;
}

export async function count(table: string, where: Record<string, string>) {
  const [row] = await db(table).where(where).count<{ n: string }[]>({ n: '*' });
  return Number(row!.n);
}

export async function publish(envelope: Envelope) {
  await bus.publish([
    { topic: Topics.catalog, key: envelope.key, value: encodeEnvelope(envelope), headers: {} },
  ]);
}
