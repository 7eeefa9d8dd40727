import { FEATURE_SHARE_DAYS, feedbackMessages, roadmapMessages } from '@chorus/contracts';
import type {
  AnswerRequest,
  AnswerResponse,
  PersonaProfile,
} from '@chorus/proto/inference/v1/answers';
import { RoadmapServiceClient } from '@chorus/proto/roadmap/v1/roadmap';
import {
  createPromiseClient,
  InMemoryEventBus,
  type Knex,
  openDatabase,
  type PromiseClient,
} from '@chorus/service-kit';
import { createTestDatabase, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { migrations } from '../migrations';
import { readRoadmapConfig, type RunningRoadmap, startRoadmap } from '../src';

/**
 * Persona inference as a script: each persona likes the features whose title
 * contains one of its words, and is against the others.
 */
const likes: Record<string, string[]> = { ana: ['Search'], ben: ['Reports', 'Search'] };
const asked: AnswerRequest[] = [];
let failing = false;
const inference = {
  async answer(request: AnswerRequest): Promise<AnswerResponse> {
    asked.push(request);
    if (failing) throw new Error('model down');
    return {
      engine: 'script',
      responses: request.personas.map((persona) => {
        const liked = (likes[persona.name] ?? []).some((word) =>
          request.questionText.includes(word),
        );
        return {
          personaId: persona.personaId,
          personaName: persona.name,
          opinion: liked ? 'positive' : 'negative',
          confidence: liked ? 0.9 : 0.6,
          safetyInfluence: 'low',
          response: `${persona.name} ${liked ? 'wants' : 'does not need'} this.`,
          reasoning: '',
        };
      }),
    };
  },
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: RunningRoadmap;
let client: PromiseClient<RoadmapServiceClient>;
let db: Knex;
const bus = new InMemoryEventBus(testLogger());

beforeAll(async () => {
  database = await createTestDatabase('roadmap_feedback');
  service = await startRoadmap(
    readRoadmapConfig({ DATABASE_URL: database.url, GRPC_PORT: '0', GRPC_HOST: '127.0.0.1' }),
    { bus, logger: testLogger(), inference },
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

beforeEach(() => {
  asked.length = 0;
  failing = false;
});

function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

const persona = (name: string): PersonaProfile => ({
  personaId: `persona-${name}-${randomUUID()}`,
  name,
  age: 35,
  gender: '',
  occupation: 'Engineer',
  location: 'Leeds',
  income: '$60,000 per year',
  lifestyle: '',
  motivations: '',
  personality: '',
});
const business = { productName: 'Lantern', productDescription: '', industry: 'tech', facts: [] };

async function roadmapWith(titles: string[]) {
  const who = { userId: randomUUID(), productId: randomUUID() };
  const { roadmap } = await client.createRoadmap({ ...who, fields: { name: 'Plan' } });
  const items = [];
  for (const title of titles) {
    const { item } = await client.createItem({
      userId: who.userId,
      roadmapId: roadmap!.id,
      fields: { title, description: `About ${title}` },
    });
    items.push(item!);
  }
  return { ...who, roadmapId: roadmap!.id, items };
}

describe('persona feedback on an item', () => {
  it('shares the item, asks each persona and stores a rating and comment per persona', async () => {
    const { userId, productId, items } = await roadmapWith(['Search']);
    const [ana, ben] = [persona('ana'), persona('ben')];
    const answer = await client.requestFeedback({
      userId,
      itemId: items[0]!.id,
      personas: [ana, ben],
      business,
    });

    expect(asked).toHaveLength(1);
    expect(asked[0]!.questionText).toContain(
      'Lantern plans a new feature: "Search" (About Search)',
    );
    expect(asked[0]!.personas.map((p) => p.name)).toEqual(['ana', 'ben']);
    expect(answer.responses.map((r) => [r.personaName, r.rating, r.sentiment]).sort()).toEqual([
      ['ana', 5, 'positive'],
      ['ben', 5, 'positive'],
    ]);

    const share = await db('feature_shares').where({ id: answer.featureShareId }).first();
    expect(share).toMatchObject({
      roadmap_item_id: items[0]!.id,
      shared_by: userId,
      persona_ids: [ana.personaId, ben.personaId],
      response_count: 2,
      feedback_type: 'rating',
      is_active: true,
    });
    expect(share.share_token).toMatch(/^[\w-]{32}$/);
    const days = (share.expires_at.getTime() - Date.now()) / (24 * 60 * 60 * 1000);
    expect(Math.round(days)).toBe(FEATURE_SHARE_DAYS);
    const stored = await db('feedback_responses').where({ feature_share_id: share.id });
    expect(stored.map((r) => r.response_data.comment).sort()).toEqual([
      'ana wants this.',
      'ben wants this.',
    ]);
    expect(productId).toBeTruthy();
  });

  it('lists every answer on the item, newest first', async () => {
    const { userId, items } = await roadmapWith(['Reports']);
    const ana = persona('ana');
    await client.requestFeedback({ userId, itemId: items[0]!.id, personas: [ana], business });
    await client.requestFeedback({
      userId,
      itemId: items[0]!.id,
      personas: [ana, persona('ben')],
      business,
    });
    const { responses } = await client.listFeedback({ userId, itemId: items[0]!.id });
    expect(responses).toHaveLength(3);
    expect(responses.find((r) => r.personaName === 'ana')).toMatchObject({
      rating: 2,
      comment: 'ana does not need this.',
    });
    expect(responses[0]!.createdAt!.getTime()).toBeGreaterThanOrEqual(
      responses[2]!.createdAt!.getTime(),
    );
  });

  it('answers NOT_FOUND for another user’s item and stores nothing', async () => {
    const { items } = await roadmapWith(['Search']);
    const stranger = randomUUID();
    await expect(
      grpcError(
        client.requestFeedback({
          userId: stranger,
          itemId: items[0]!.id,
          personas: [persona('ana')],
          business,
        }),
      ),
    ).resolves.toEqual({ code: status.NOT_FOUND, details: roadmapMessages.itemNotFound });
    await expect(
      grpcError(client.listFeedback({ userId: stranger, itemId: items[0]!.id })),
    ).resolves.toEqual({ code: status.NOT_FOUND, details: roadmapMessages.itemNotFound });
    expect(asked).toHaveLength(0);
  });

  it('needs a persona, and leaves no share behind when inference fails', async () => {
    const { userId, items } = await roadmapWith(['Search']);
    await expect(
      grpcError(client.requestFeedback({ userId, itemId: items[0]!.id, personas: [], business })),
    ).resolves.toEqual({
      code: status.INVALID_ARGUMENT,
      details: feedbackMessages.personasRequired,
    });
    failing = true;
    await expect(
      grpcError(
        client.requestFeedback({
          userId,
          itemId: items[0]!.id,
          personas: [persona('ana')],
          business,
        }),
      ),
    ).resolves.toEqual({ code: status.UNAVAILABLE, details: feedbackMessages.failed });
    expect(await db('feature_shares').where({ roadmap_item_id: items[0]!.id })).toEqual([]);
  });
});

describe('comparing items', () => {
  it('ranks the items for each persona and overall, and lists the comparison', async () => {
    const { userId, roadmapId, items } = await roadmapWith(['Search', 'Reports', 'Dark mode']);
    const [ana, ben] = [persona('ana'), persona('ben')];
    const { comparison } = await client.createComparison({
      userId,
      roadmapId,
      title: '',
      description: '',
      itemIds: items.map((i) => i.id),
      personas: [ana, ben],
      business,
    });
    expect(asked).toHaveLength(3);
    expect(comparison!.title).toBe('Compare Search, Reports, Dark mode');
    const ranking = (name: string) =>
      comparison!.rankings.find((r) => r.personaName === name)!.items.map((i) => i.title);
    expect(ranking('ana')).toEqual(['Search', 'Reports', 'Dark mode']);
    expect(ranking('ben')).toEqual(['Search', 'Reports', 'Dark mode']);
    expect(comparison!.overall.map((i) => [i.title, i.score])).toEqual([
      ['Search', 0.95],
      ['Reports', 0.57],
      ['Dark mode', 0.2],
    ]);

    const { comparisons } = await client.listComparisons({ userId, roadmapId });
    expect(comparisons).toHaveLength(1);
    expect(comparisons[0]).toEqual(comparison);
    const row = await db('feature_comparisons').where({ id: comparison!.id }).first();
    expect(row).toMatchObject({
      comparison_type: 'ranking',
      response_count: 2,
      created_by: userId,
    });
  });

  it('needs two items of the roadmap, and hides another user’s roadmap', async () => {
    const { userId, roadmapId, items } = await roadmapWith(['Search', 'Reports']);
    const other = await roadmapWith(['Elsewhere']);
    const request = {
      userId,
      roadmapId,
      title: '',
      description: '',
      personas: [persona('ana')],
      business,
    };
    await expect(
      grpcError(client.createComparison({ ...request, itemIds: [items[0]!.id] })),
    ).resolves.toEqual({ code: status.INVALID_ARGUMENT, details: feedbackMessages.itemsRequired });
    await expect(
      grpcError(
        client.createComparison({ ...request, itemIds: [items[0]!.id, other.items[0]!.id] }),
      ),
    ).resolves.toEqual({ code: status.NOT_FOUND, details: feedbackMessages.unknownItem });
    await expect(
      grpcError(
        client.createComparison({
          ...request,
          userId: other.userId,
          itemIds: items.map((i) => i.id),
        }),
      ),
    ).resolves.toEqual({ code: status.NOT_FOUND, details: roadmapMessages.roadmapNotFound });
    await expect(
      grpcError(client.listComparisons({ userId: other.userId, roadmapId })),
    ).resolves.toEqual({ code: status.NOT_FOUND, details: roadmapMessages.roadmapNotFound });
    expect(asked).toHaveLength(0);
  });
});
