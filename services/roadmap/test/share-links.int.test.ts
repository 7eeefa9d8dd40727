import { SHARE_RETENTION_DAYS, shareMessages } from '@chorus/contracts';
import { status } from '@grpc/grpc-js';
import { createHash, randomUUID } from 'node:crypto';
import { ShareLinkStore } from '../src/store/share-links';
import { persona, roadmapWithItems, shareItem, useShareTestRoadmap } from './share-fixtures';

const roadmap = useShareTestRoadmap('roadmap_share_links');

async function itemLink(feedbackType = 'rating') {
  const { userId, items } = await roadmapWithItems(roadmap.client, ['Search']);
  const created = await shareItem(roadmap.client, userId, items[0]!.id, feedbackType);
  return { userId, itemId: items[0]!.id, ...created };
}

const answer = (token: string, respondentKey: string, rating: number) =>
  roadmap.client.submitShareResponse({
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
    const row = await roadmap.db('feature_shares').where({ id: link!.id }).first();
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
    const rows = await roadmap.db('feedback_responses').where({ feature_share_id: link!.id });
    expect(rows).toHaveLength(60);
    expect(rows.every((r) => r.ip_address === null && r.ip_hash === 'hashed-ip')).toBe(true);
    const { links } = await roadmap.client.listShareLinks({
      userId,
      itemId: link!.itemId,
      roadmapId: '',
    });
    expect(links[0]!.responseCount).toBe(60);
  });

  it("answers NOT_FOUND for another user's link, and alike for unknown and switched-off tokens", async () => {
    const { link, token, userId } = await itemLink();
    for (const call of [
      roadmap.client.getShareResults({ userId: randomUUID(), linkId: link!.id }),
      roadmap.client.setShareLinkActive({
        userId: randomUUID(),
        linkId: link!.id,
        isActive: false,
      }),
      roadmap.client.deleteShareLink({ userId: randomUUID(), linkId: link!.id }),
    ]) {
      expect(await grpcError(call)).toEqual({
        code: status.NOT_FOUND,
        details: shareMessages.linkNotFound,
      });
    }
    await roadmap.client.setShareLinkActive({ userId, linkId: link!.id, isActive: false });
    const off = await grpcError(roadmap.client.openPublicLink({ token }));
    const unknown = await grpcError(roadmap.client.openPublicLink({ token: 'x'.repeat(43) }));
    expect(off).toEqual(unknown);
    expect(off).toEqual({ code: status.NOT_FOUND, details: shareMessages.unavailable });
  });

  it(`deletes people's responses ${SHARE_RETENTION_DAYS} days after their link closed, and nothing else`, async () => {
    const kept = await itemLink();
    const old = await itemLink();
    await answer(kept.token, randomUUID(), 4);
    await answer(old.token, randomUUID(), 2);
    await roadmap
      .db('feature_shares')
      .where({ id: old.link!.id })
      .update({ expires_at: new Date(Date.now() - (SHARE_RETENTION_DAYS + 1) * 86_400_000) });
    const personaShare = await roadmap.client.requestFeedback({
      userId: old.userId,
      itemId: old.itemId,
      personas: [persona('p1', 'ana')],
      business: undefined,
    });
    expect(await new ShareLinkStore(roadmap.db).deleteExpiredResponses(SHARE_RETENTION_DAYS)).toBe(
      1,
    );
    expect(
      await roadmap.db('feedback_responses').where({ feature_share_id: old.link!.id }),
    ).toEqual([]);
    expect(
      await roadmap.db('feedback_responses').where({ feature_share_id: kept.link!.id }),
    ).toHaveLength(1);
    expect(
      await roadmap
        .db('feedback_responses')
        .where({ feature_share_id: personaShare.featureShareId }),
    ).toHaveLength(1);
  });
});
