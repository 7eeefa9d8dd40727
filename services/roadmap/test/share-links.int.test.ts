import { SHARE_RETENTION_DAYS, shareMessages } from '@chorus/contracts';
import type { AnswerRequest, AnswerResponse } from '@chorus/proto/inference/v1/inference';
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
import { createHash, randomUUID } from 'node:crypto';
import { migrations } from '../migrations';
import { readRoadmapConfig, type RunningRoadmap, startRoadmap } from '../src';
import { ShareLinkStore } from '../src/store/share-links';

/** Every persona likes every feature a little. */
const inference = {
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

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: RunningRoadmap;
let client: PromiseClient<RoadmapServiceClient>;
let db: Knex;
const bus = new InMemoryEventBus(testLogger());

beforeAll(async () => {
  database = await createTestDatabase('roadmap_share_links');
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

async function itemLink(feedbackType = 'rating') {
  const userId = randomUUID();
  const { roadmap } = await client.createRoadmap({
    userId,
    productId: randomUUID(),
    fields: { name: 'Plan' },
  });
  const { item } = await client.createItem({
    userId,
    roadmapId: roadmap!.id,
    fields: { title: 'Search' },
  });
  const created = await client.createShareLink({
    userId,
    itemId: item!.id,
    feedbackType,
    allowComments: true,
    expiresInDays: 0,
    personaIds: [],
    productName: 'Lantern',
  });
  return { userId, itemId: item!.id, ...created };
}

const answer = (token: string, respondentKey: string, rating: number) =>
  client.submitShareResponse({
    token,
    respondentKey,
    ipHash: 'hashed-ip',
    userAgent: 'test',
    answer: { answer: { $case: 'rating', value: rating } },
    comment: '',
    respondentName: '',
    respondentEmail: '',
  });

function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

describe('share links in the roadmap service', () => {
  it('looks a 256-bit token up by its SHA-256, keeps it for its owner only, and expires after 14 days by default', async () => {
    const { link, token } = await itemLink();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await db('feature_shares').where({ id: link!.id }).first();
    expect(row.share_token).toBe(createHash('sha256').update(token).digest('base64url'));
    // The owner's copy of the address: only the owner's routes answer it.
    expect(row.owner_token).toBe(token);
    expect(link!.token).toBe(token);
    const days = (row.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(14);
    expect(row.audience).toBe('people');
  });

  it('counts concurrent answers exactly once per respondent; a second answer replaces the first', async () => {
    const { link, token, userId } = await itemLink();
    const keys = Array.from({ length: 60 }, () => randomUUID());
    await Promise.all([
      ...keys.map((key, i) => answer(token, key, (i % 5) + 1)),
      ...keys.slice(0, 15).map((key) => answer(token, key, 5)),
    ]);
    const rows = await db('feedback_responses').where({ feature_share_id: link!.id });
    expect(rows).toHaveLength(60);
    expect(rows.every((r) => r.ip_address === null && r.ip_hash === 'hashed-ip')).toBe(true);
    const { links } = await client.listShareLinks({ userId, itemId: link!.itemId, roadmapId: '' });
    expect(links[0]!.responseCount).toBe(60);
  });

  it("answers NOT_FOUND for another user's link, and alike for unknown and switched-off tokens", async () => {
    const { link, token, userId } = await itemLink();
    for (const call of [
      client.getShareResults({ userId: randomUUID(), linkId: link!.id }),
      client.setShareLinkActive({ userId: randomUUID(), linkId: link!.id, isActive: false }),
      client.deleteShareLink({ userId: randomUUID(), linkId: link!.id }),
    ]) {
      expect(await grpcError(call)).toEqual({
        code: status.NOT_FOUND,
        details: shareMessages.linkNotFound,
      });
    }
    await client.setShareLinkActive({ userId, linkId: link!.id, isActive: false });
    const off = await grpcError(client.openPublicLink({ token }));
    const unknown = await grpcError(client.openPublicLink({ token: 'x'.repeat(43) }));
    expect(off).toEqual(unknown);
    expect(off).toEqual({ code: status.NOT_FOUND, details: shareMessages.unavailable });
  });

  it(`deletes people's responses ${SHARE_RETENTION_DAYS} days after their link closed, and nothing else`, async () => {
    const kept = await itemLink();
    const old = await itemLink();
    await answer(kept.token, randomUUID(), 4);
    await answer(old.token, randomUUID(), 2);
    await db('feature_shares')
      .where({ id: old.link!.id })
      .update({ expires_at: new Date(Date.now() - (SHARE_RETENTION_DAYS + 1) * 86_400_000) });
    const personaShare = await client.requestFeedback({
      userId: old.userId,
      itemId: old.itemId,
      personas: [
        {
          personaId: 'p1',
          name: 'ana',
          age: 30,
          gender: '',
          occupation: '',
          location: '',
          income: '',
          lifestyle: '',
          motivations: '',
          personality: '',
        },
      ],
      business: undefined,
    });
    expect(await new ShareLinkStore(db).deleteExpiredResponses(SHARE_RETENTION_DAYS)).toBe(1);
    expect(await db('feedback_responses').where({ feature_share_id: old.link!.id })).toEqual([]);
    expect(await db('feedback_responses').where({ feature_share_id: kept.link!.id })).toHaveLength(
      1,
    );
    expect(
      await db('feedback_responses').where({ feature_share_id: personaShare.featureShareId }),
    ).toHaveLength(1);
  });
});
