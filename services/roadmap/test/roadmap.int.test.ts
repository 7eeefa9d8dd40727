import { roadmapMessages, shareMessages } from '@chorus/contracts';
import { createEnvelope } from '@chorus/service-kit';
import { eventually } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import {
  owner,
  client,
  grpcError,
  newRoadmap,
  addItem,
  db,
  count,
  publish,
  bus,
} from './roadmap-setup';

describe('roadmaps', () => {
  it('creates a roadmap with the stored defaults', async () => {
    const who = owner();
    const { roadmap } = await client.createRoadmap({ ...who, fields: { name: '  2025  ' } });
    expect(roadmap).toMatchObject({
      productId: who.productId,
      userId: who.userId,
      name: '2025',
      timelineType: 'quarterly',
      status: 'active',
      startDate: '',
      endDate: '',
      isTemplate: false,
    });
  });

  it('keeps calendar days as they were sent', async () => {
    const who = owner();
    const { roadmap } = await client.createRoadmap({
      ...who,
      fields: {
        name: 'H1',
        startDate: '2025-01-01',
        endDate: '2025-06-30',
        timelineType: 'monthly',
      },
    });
    const { roadmap: read } = await client.getRoadmap({
      userId: who.userId,
      roadmapId: roadmap!.id,
    });
    expect(read).toMatchObject({
      startDate: '2025-01-01',
      endDate: '2025-06-30',
      timelineType: 'monthly',
    });
  });

  it.each([
    [{}, roadmapMessages.nameRequired],
    [{ name: '  ' }, roadmapMessages.nameRequired],
    [{ name: 'A', timelineType: 'daily' }, roadmapMessages.invalidTimelineType],
    [{ name: 'A', startDate: '2025-02-30' }, roadmapMessages.invalidDate],
  ])('refuses %j with the form message', async (fields, message) => {
    expect(await grpcError(client.createRoadmap({ ...owner(), fields }))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: message,
    });
  });

  it('updates only the fields sent, and an empty date clears it', async () => {
    const who = owner();
    const { roadmap } = await client.createRoadmap({
      ...who,
      fields: { name: 'Old', description: 'Keep me', startDate: '2025-01-01' },
    });
    const { roadmap: updated } = await client.updateRoadmap({
      userId: who.userId,
      roadmapId: roadmap!.id,
      fields: { name: 'New', startDate: '' },
    });
    expect(updated).toMatchObject({ name: 'New', description: 'Keep me', startDate: '' });
    expect(updated!.updatedAt!.getTime()).toBeGreaterThanOrEqual(roadmap!.updatedAt!.getTime());
  });

  it('summarises a product’s roadmaps with item counts, most recently updated first', async () => {
    const who = owner();
    const older = await newRoadmap(who, 'Older');
    const newer = await newRoadmap(who, 'Newer');
    await addItem(newer, 'A', { status: 'in_progress' });
    await addItem(newer, 'B', { status: 'completed' });
    await addItem(newer, 'C');
    await addItem(newer, 'D', { status: 'unplanned' });
    await newRoadmap({ userId: randomUUID(), productId: who.productId }, 'Someone else’s');

    const { roadmaps } = await client.listRoadmaps(who);
    expect(
      roadmaps.map((s) => [
        s.roadmap!.name,
        s.itemCount,
        s.inProgressCount,
        s.completedCount,
        s.plannedCount,
      ]),
    ).toEqual([
      ['Newer', 4, 1, 1, 1],
      ['Older', 0, 0, 0, 0],
    ]);

    // Changing an item makes its roadmap the most recently updated.
    await addItem(older, 'E');
    const { roadmaps: after } = await client.listRoadmaps(who);
    expect(after.map((s) => s.roadmap!.name)).toEqual(['Older', 'Newer']);
  });

  it('answers NOT_FOUND for another user’s roadmap, whatever the call', async () => {
    const theirs = await newRoadmap();
    const me = randomUUID();
    const expected = { code: status.NOT_FOUND, details: roadmapMessages.roadmapNotFound };
    const calls = [
      client.getRoadmap({ userId: me, roadmapId: theirs.roadmapId }),
      client.updateRoadmap({ userId: me, roadmapId: theirs.roadmapId, fields: { name: 'Mine' } }),
      client.deleteRoadmap({ userId: me, roadmapId: theirs.roadmapId }),
      client.createItem({ userId: me, roadmapId: theirs.roadmapId, fields: { title: 'X' } }),
      client.importYaml({
        userId: me,
        roadmapId: theirs.roadmapId,
        yamlContent: 'roadmap_items: [{title: X}]',
      }),
      client.exportYaml({ userId: me, roadmapId: theirs.roadmapId }),
    ];
    for (const call of calls) expect(await grpcError(call)).toEqual(expected);
    const { roadmap, items } = await client.getRoadmap(theirs);
    expect(roadmap!.name).toBe('Launch plan');
    expect(items).toEqual([]);
  });

  it('deletes a roadmap with its items, shares, comparisons, feedback and collaborators', async () => {
    const plan = await newRoadmap();
    const item = await addItem(plan, 'Shared feature');
    const [share] = await db('feature_shares')
      .insert({
        roadmap_item_id: item.id,
        shared_by: plan.userId,
        persona_ids: JSON.stringify(['p1']),
        share_token: randomUUID(),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning<{ id: string }[]>('id');
    const [comparison] = await db('feature_comparisons')
      .insert({
        roadmap_id: plan.roadmapId,
        title: 'Which first?',
        roadmap_item_ids: JSON.stringify([item.id]),
        persona_ids: JSON.stringify(['p1']),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning<{ id: string }[]>('id');
    await db('feedback_responses').insert([
      { feature_share_id: share!.id, response_data: JSON.stringify({ rating: 5 }) },
      { feature_comparison_id: comparison!.id, response_data: JSON.stringify({ rank: [item.id] }) },
    ]);
    await db('roadmap_collaborators').insert({ roadmap_id: plan.roadmapId, user_id: randomUUID() });

    await client.deleteRoadmap(plan);

    expect(await count('roadmaps', { id: plan.roadmapId })).toBe(0);
    expect(await count('roadmap_items', { roadmap_id: plan.roadmapId })).toBe(0);
    expect(await count('feature_shares', { id: share!.id })).toBe(0);
    expect(await count('feature_comparisons', { id: comparison!.id })).toBe(0);
    expect(await count('feedback_responses', { feature_share_id: share!.id })).toBe(0);
    expect(await count('feedback_responses', { feature_comparison_id: comparison!.id })).toBe(0);
    expect(await count('roadmap_collaborators', { roadmap_id: plan.roadmapId })).toBe(0);
    expect(await grpcError(client.getRoadmap(plan))).toEqual({
      code: status.NOT_FOUND,
      details: roadmapMessages.roadmapNotFound,
    });
  });

  it('refuses feedback that answers both a share and a comparison, or neither', async () => {
    await expect(
      db('feedback_responses').insert({ response_data: JSON.stringify({}) }),
    ).rejects.toThrow(/feedback_responses_one_parent/);
  });
});

describe('items', () => {
  it('creates an item with the stored defaults, last in the roadmap', async () => {
    const plan = await newRoadmap();
    const first = await addItem(plan, 'First');
    const second = await addItem(plan, 'Second');
    expect(first).toMatchObject({
      roadmapId: plan.roadmapId,
      priority: 'P2',
      status: 'planned',
      position: 0,
      tags: [],
      targetPersonas: [],
      dependencies: [],
      startDate: '',
      description: '',
    });
    expect(second.position).toBe(1);
  });

  it('stores lists as JSON text and gives them back as lists', async () => {
    const plan = await newRoadmap();
    const item = await addItem(plan, 'Tagged');
    const { item: updated } = await client.updateItem({
      userId: plan.userId,
      itemId: item.id,
      fields: { tags: { values: ['web', ' api '] }, dependencies: { values: [] } },
    });
    expect(updated).toMatchObject({ tags: ['web', 'api'], dependencies: [] });
    const [row] = await db('roadmap_items').where({ id: item.id }).select('tags');
    expect(row).toEqual({ tags: '["web","api"]' });
  });

  it('moves an item by status and position alone (the kanban move)', async () => {
    const plan = await newRoadmap();
    const item = await addItem(plan, 'Move me');
    await client.updateItem({
      userId: plan.userId,
      itemId: item.id,
      fields: { description: 'Stays', tags: { values: ['keep'] } },
    });
    const { item: moved } = await client.updateItem({
      userId: plan.userId,
      itemId: item.id,
      fields: { status: 'in_progress', position: 7 },
    });
    expect(moved).toMatchObject({
      title: 'Move me',
      description: 'Stays',
      tags: ['keep'],
      status: 'in_progress',
      position: 7,
    });
  });

  it.each([
    [{ title: '' }, roadmapMessages.titleRequired],
    [{ title: 'A', priority: 'P9' }, roadmapMessages.invalidPriority],
    [{ title: 'A', status: 'done' }, roadmapMessages.invalidStatus],
    [{ title: 'A', endDate: '31/12/2025' }, roadmapMessages.invalidDate],
  ])('refuses %j', async (fields, message) => {
    const plan = await newRoadmap();
    expect(await grpcError(client.createItem({ ...plan, fields }))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: message,
    });
  });

  it('answers NOT_FOUND for another user’s item', async () => {
    const plan = await newRoadmap();
    const item = await addItem(plan, 'Private');
    const me = randomUUID();
    const expected = { code: status.NOT_FOUND, details: roadmapMessages.itemNotFound };
    expect(
      await grpcError(
        client.updateItem({ userId: me, itemId: item.id, fields: { title: 'Mine' } }),
      ),
    ).toEqual(expected);
    expect(await grpcError(client.deleteItem({ userId: me, itemId: item.id }))).toEqual(expected);
    const { items } = await client.getRoadmap(plan);
    expect(items.map((i) => i.title)).toEqual(['Private']);
  });

  it('deletes an item', async () => {
    const plan = await newRoadmap();
    const item = await addItem(plan, 'Gone');
    await addItem(plan, 'Stays');
    await client.deleteItem({ userId: plan.userId, itemId: item.id });
    const { items } = await client.getRoadmap(plan);
    expect(items.map((i) => i.title)).toEqual(['Stays']);
  });
});
describe('a deleted product', () => {
  it('takes its roadmaps with it, and a redelivered event changes nothing more', async () => {
    const who = owner();
    const plan = await newRoadmap(who);
    await addItem(plan, 'Doomed');
    const other = await newRoadmap({ userId: who.userId, productId: randomUUID() });

    const deleted = createEnvelope(who.productId, {
      $case: 'productDeleted',
      value: { productId: who.productId, userId: who.userId },
    });
    await publish(deleted);
    await eventually(async () => (await client.listRoadmaps(who)).roadmaps.length === 0, {
      what: 'the product’s roadmaps to go',
    });
    expect(await count('roadmap_items', { roadmap_id: plan.roadmapId })).toBe(0);

    // Kafka delivers at least once: the same event again must be recognised
    // and skipped, so a roadmap made since is left alone.
    const since = await newRoadmap(who, 'Made since');
    await publish(deleted);
    await bus.drained();
    expect(await count('processed_events', { event_id: deleted.id })).toBe(1);
    expect((await client.listRoadmaps(who)).roadmaps.map((s) => s.roadmap!.id)).toEqual([
      since.roadmapId,
    ]);
    expect((await client.getRoadmap(other)).roadmap!.id).toBe(other.roadmapId);
  });
});

describe('locating a roadmap', () => {
  it('answers the product, roadmap and owner of a roadmap, an item or a share link, to anyone', async () => {
    const plan = await newRoadmap(owner(), 'Mobile 2026');
    const item = await addItem(plan, 'Offline mode');
    const other = await addItem(plan, 'Dark mode');
    const { link: itemLink } = await client.createShareLink({
      userId: plan.userId,
      itemId: item.id,
      feedbackType: 'rating',
      allowComments: true,
      expiresInDays: 0,
      personaIds: [],
      productName: 'Lantern',
    });
    const { link: comparisonLink } = await client.createComparisonLink({
      userId: plan.userId,
      roadmapId: plan.roadmapId,
      itemIds: [item.id, other.id],
      title: '',
      description: '',
      allowComments: true,
      expiresInDays: 0,
      personaIds: [],
      productName: 'Lantern',
    });
    const where = {
      productId: plan.productId,
      roadmapId: plan.roadmapId,
      roadmapName: 'Mobile 2026',
      ownerUserId: plan.userId,
    };

    expect(await client.locateRoadmap({ roadmapId: plan.roadmapId })).toEqual(where);
    expect(await client.locateRoadmap({ itemId: item.id })).toEqual(where);
    expect(await client.locateRoadmap({ shareLinkId: itemLink!.id })).toEqual(where);
    expect(await client.locateRoadmap({ shareLinkId: comparisonLink!.id })).toEqual(where);
  });

  it('answers NOT_FOUND in the owner’s words for what does not exist', async () => {
    const plan = await newRoadmap();
    const item = await addItem(plan, 'Gone soon');
    await client.deleteItem({ userId: plan.userId, itemId: item.id });

    expect(await grpcError(client.locateRoadmap({ roadmapId: randomUUID() }))).toEqual({
      code: status.NOT_FOUND,
      details: roadmapMessages.roadmapNotFound,
    });
    expect(await grpcError(client.locateRoadmap({ itemId: item.id }))).toEqual({
      code: status.NOT_FOUND,
      details: roadmapMessages.itemNotFound,
    });
    expect(await grpcError(client.locateRoadmap({ shareLinkId: 'not-a-link' }))).toEqual({
      code: status.NOT_FOUND,
      details: shareMessages.linkNotFound,
    });
  });

  it('does not take a persona feature share for a people share link', async () => {
    const plan = await newRoadmap();
    const item = await addItem(plan, 'Asked of personas');
    const [share] = await db('feature_shares')
      .insert({
        roadmap_item_id: item.id,
        shared_by: plan.userId,
        persona_ids: JSON.stringify(['p1']),
        share_token: randomUUID(),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning<{ id: string }[]>('id');

    expect(await grpcError(client.locateRoadmap({ shareLinkId: share!.id }))).toEqual({
      code: status.NOT_FOUND,
      details: shareMessages.linkNotFound,
    });
  });

  it.each([
    ['none', {}],
    ['two', { roadmapId: randomUUID(), itemId: randomUUID() }],
    ['three', { roadmapId: randomUUID(), itemId: randomUUID(), shareLinkId: randomUUID() }],
  ])('refuses %s of the ids', async (_, request) => {
    expect(await grpcError(client.locateRoadmap(request))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: 'Exactly one of roadmap_id, item_id or share_link_id is required',
    });
  });
});
