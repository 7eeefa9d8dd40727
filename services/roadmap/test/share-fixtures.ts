import type { AnswerRequest, AnswerResponse } from '@chorus/proto/inference/v1/answers';
import { RoadmapServiceClient } from '@chorus/proto/roadmap/v1/roadmap';
import {
  createPromiseClient,
  InMemoryEventBus,
  type Knex,
  openDatabase,
  type PromiseClient,
} from '@chorus/service-kit';
import { createTestDatabase, testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { migrations } from '../migrations';
import { readRoadmapConfig, type RunningRoadmap, startRoadmap } from '../src';

/*
 * The roadmap service the share-link tests run against: on a database of its
 * own, with persona inference as a script, and the calls that make a roadmap,
 * its items and a share link the way an owner makes them.
 */

/** Every persona leans positive without being sure: a rating of 4. */
const positiveInference = {
  async answer(request: AnswerRequest): Promise<AnswerResponse> {
    return {
      engine: 'script',
      responses: request.personas.map((p) => ({
        personaId: p.personaId,
        personaName: p.name,
        opinion: 'positive',
        confidence: 0.6,
        safetyInfluence: 'low',
        response: 'Yes',
        reasoning: '',
      })),
    };
  },
};

export interface ShareTestRoadmap {
  /** The service's gRPC client. */
  client: PromiseClient<RoadmapServiceClient>;
  /** The service's database, for what the API does not show. */
  db: Knex;
}

/**
 * Starts the roadmap service on a new database `databaseName` before the
 * file's tests and stops it after them. The fields of the answer are set once
 * beforeAll has run.
 */
export function useShareTestRoadmap(databaseName: string): ShareTestRoadmap {
  const roadmap = {} as ShareTestRoadmap;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let service: RunningRoadmap;
  const bus = new InMemoryEventBus(testLogger());

  beforeAll(async () => {
    database = await createTestDatabase(databaseName);
    service = await startRoadmap(
      readRoadmapConfig({ DATABASE_URL: database.url, GRPC_PORT: '0', GRPC_HOST: '127.0.0.1' }),
      { bus, logger: testLogger(), inference: positiveInference },
    );
    roadmap.client = createPromiseClient(RoadmapServiceClient, `127.0.0.1:${service.port}`);
    roadmap.db = await openDatabase({ url: database.url, migrations, logger: testLogger() });
  });

  afterAll(async () => {
    roadmap.client.close();
    await service.stop();
    await roadmap.db.destroy();
    await bus.close();
    await database.drop();
  });

  return roadmap;
}

/** A persona as the feedback requests send it: only its id and name matter here. */
export const persona = (personaId: string, name: string) => ({
  personaId,
  name,
  age: 30,
  gender: '',
  occupation: '',
  location: '',
  income: '',
  lifestyle: '',
  motivations: '',
  personality: '',
});

/** A new owner's roadmap named Plan with one item per title, in order. */
export async function roadmapWithItems(
  client: PromiseClient<RoadmapServiceClient>,
  titles: string[],
) {
  const userId = randomUUID();
  const { roadmap } = await client.createRoadmap({
    userId,
    productId: randomUUID(),
    fields: { name: 'Plan' },
  });
  const items = [];
  for (const title of titles) {
    const { item } = await client.createItem({ userId, roadmapId: roadmap!.id, fields: { title } });
    items.push(item!);
  }
  return { userId, roadmapId: roadmap!.id, items };
}

/** The owner's share link of one item: comments allowed, the default expiry, no personas. */
export function shareItem(
  client: PromiseClient<RoadmapServiceClient>,
  userId: string,
  itemId: string,
  feedbackType: string,
) {
  return client.createShareLink({
    userId,
    itemId,
    feedbackType,
    allowComments: true,
    expiresInDays: 0,
    personaIds: [],
    productName: 'Lantern',
  });
}
