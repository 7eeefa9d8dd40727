import {
  exportRoadmapYaml,
  roadmapMessages,
  roadmapYamlMessages,
  shareMessages,
} from '@chorus/contracts';
import { type RoadmapItem, RoadmapServiceClient } from '@chorus/proto/roadmap/v1/roadmap';
import {
  createEnvelope,
  createPromiseClient,
  encodeEnvelope,
  type Envelope,
  InMemoryEventBus,
  type Knex,
  openDatabase,
  type PromiseClient,
  Topics,
} from '@chorus/service-kit';
import { createTestDatabase, eventually, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { migrations } from '../migrations';
import { readRoadmapConfig, type RunningRoadmap, startRoadmap } from '../src';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: RunningRoadmap;
let client: PromiseClient<RoadmapServiceClient>;
let db: Knex;
const bus = new InMemoryEventBus(testLogger());

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

function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

const owner = () => ({ userId: randomUUID(), productId: randomUUID() });

async function newRoadmap(who = owner(), name = 'Launch plan') {
  const { roadmap } = await client.createRoadmap({ ...who, fields: { name } });
  return { ...who, roadmapId: roadmap!.id };
}

async function addItem(
  who: { userId: string; roadmapId: string },
  title: string,
  fields: { status?: string } = {},
) {
  const { item } = await client.createItem({ ...who, fields: { title, ...fields } });
  return item!;
}

async function count(table: string, where: Record<string, string>) {
  const [row] = await db(table).where(where).count<{ n: string }[]>({ n: '*' });
  return Number(row!.n);
}

async function publish(envelope: Envelope) {
  await bus.publish([
    { topic: Topics.catalog, key: envelope.key, value: encodeEnvelope(envelope), headers: {} },
  ]);
}

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

describe('YAML import and export', () => {
  const mixed = `roadmap_items:
  - title: Sign-in
    priority: high
    status: in_progress
    start_date: 2025-01-06
    tags: [auth]
  - description: no title
  - title: Reports
    priority: someday
  - title: Billing
    priority: low
    target_personas: [Owner]
`;

  it('imports the valid items after the existing ones and reports the others', async () => {
    const plan = await newRoadmap();
    await addItem(plan, 'Existing');
    const result = await client.importYaml({ ...plan, yamlContent: mixed });
    expect(result).toEqual({
      created: 2,
      total: 4,
      errors: [roadmapYamlMessages.titleRequired(2), roadmapYamlMessages.invalidPriority(3)],
    });
    const { items } = await client.getRoadmap(plan);
    expect(items.map((i) => [i.title, i.priority, i.status, i.position])).toEqual([
      ['Existing', 'P2', 'planned', 0],
      ['Sign-in', 'P1', 'in_progress', 1],
      ['Billing', 'P3', 'planned', 2],
    ]);
    expect(items[1]).toMatchObject({ startDate: '2025-01-06', tags: ['auth'] });
    expect(items[2]).toMatchObject({ targetPersonas: ['Owner'] });
  });

  it('imports in one transaction: a failure part-way leaves no item behind', async () => {
    const plan = await newRoadmap();
    const items = Array.from({ length: 2_500 }, (_, i) => `  - title: Item ${i}`);
    // A trigger that fails on the last batch, after earlier batches were written.
    await db.raw(`
      create or replace function refuse_last_item() returns trigger as $$
      begin
        if new.title = 'Item 2499' then raise exception 'disk full'; end if;
        return new;
      end $$ language plpgsql`);
    await db.raw(
      'create trigger refuse_last_item before insert on roadmap_items for each row execute function refuse_last_item()',
    );
    try {
      const failure = await grpcError(
        client.importYaml({ ...plan, yamlContent: `roadmap_items:\n${items.join('\n')}\n` }),
      );
      expect(failure.code).toBe(status.INTERNAL);
    } finally {
      await db.raw('drop trigger refuse_last_item on roadmap_items');
      await db.raw('drop function refuse_last_item');
    }
    expect(await count('roadmap_items', { roadmap_id: plan.roadmapId })).toBe(0);
  });

  it.each([
    ['not YAML', 'roadmap_items: [a', /^YAML parsing error: /],
    ['not an object', '- a', roadmapYamlMessages.notAnObject],
    ['no roadmap_items', 'items: []', roadmapYamlMessages.missingItems],
    ['no items', 'roadmap_items: []', roadmapMessages.noValidItems],
    [
      'no valid item',
      'roadmap_items:\n  - status: done\n',
      `${roadmapYamlMessages.titleRequired(1)} (and 1 more error)`,
    ],
  ])('refuses a document with %s, importing nothing', async (_what, yamlContent, message) => {
    const plan = await newRoadmap();
    const failure = await grpcError(client.importYaml({ ...plan, yamlContent }));
    expect(failure.code).toBe(status.INVALID_ARGUMENT);
    expect(failure.details).toMatch(message);
    expect(await count('roadmap_items', { roadmap_id: plan.roadmapId })).toBe(0);
  });

  it('exports the items as YAML that imports back to the same items', async () => {
    const plan = await newRoadmap(owner(), 'Q3 Launch');
    await client.createItem({
      ...plan,
      fields: {
        title: 'Search',
        description: 'Find anything\nfast',
        priority: 'P0',
        status: 'completed',
        startDate: '2025-07-01',
        endDate: '2025-09-30',
        assignedTo: 'Dana',
        tags: { values: ['search', 'null'] },
        targetPersonas: { values: ['Student'] },
        dependencies: { values: ['Indexing'] },
      },
    });
    await addItem(plan, 'Plain');
    const exported = await client.exportYaml(plan);
    expect(exported.fileName).toBe('q3-launch.yaml');

    const copy = await newRoadmap();
    expect(await client.importYaml({ ...copy, yamlContent: exported.yamlContent })).toEqual({
      created: 2,
      total: 2,
      errors: [],
    });
    const fields = (items: RoadmapItem[]) =>
      items.map(({ id: _id, roadmapId: _r, createdAt: _c, updatedAt: _u, ...rest }) => rest);
    const original = await client.getRoadmap(plan);
    const imported = await client.getRoadmap(copy);
    expect(fields(imported.items)).toEqual(fields(original.items));
  });

  it('exports an empty roadmap as an empty list', async () => {
    const plan = await newRoadmap();
    const exported = await client.exportYaml(plan);
    expect(exported.yamlContent).toBe(exportRoadmapYaml([]));
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

describe('a roadmap shared on its own', () => {
  function joined(
    plan: { productId: string; userId: string; roadmapId: string },
    member: string,
    permission = 'edit',
  ) {
    return createEnvelope(plan.productId, {
      $case: 'collaboratorJoined',
      value: {
        productId: plan.productId,
        userId: plan.userId,
        collaboratorId: randomUUID(),
        memberUserId: member,
        role: 'roadmap',
        isBillable: true,
        billableSeats: 1,
        effectiveAt: new Date('2026-03-02T10:00:00Z'),
        roadmapId: plan.roadmapId,
        roadmapPermission: permission,
        invitedByUserId: plan.userId,
      },
    });
  }

  function left(plan: { productId: string; userId: string; roadmapId: string }, member: string) {
    return createEnvelope(plan.productId, {
      $case: 'collaboratorLeft',
      value: {
        productId: plan.productId,
        userId: plan.userId,
        collaboratorId: randomUUID(),
        memberUserId: member,
        role: 'roadmap',
        wasBillable: true,
        billableSeats: 0,
        effectiveAt: new Date('2026-03-09T10:00:00Z'),
        roadmapId: plan.roadmapId,
      },
    });
  }

  const shares = (roadmapId: string) =>
    db('roadmap_collaborators')
      .where({ roadmap_id: roadmapId })
      .select<{ user_id: string; permission: string; accepted_at: Date; invited_by: string }[]>(
        'user_id',
        'permission',
        'accepted_at',
        'invited_by',
      );

  it('mirrors the share when it is accepted, once, and drops it when the person leaves', async () => {
    const plan = await newRoadmap();
    const member = randomUUID();
    const join = joined(plan, member);

    await publish(join);
    await eventually(async () => (await shares(plan.roadmapId)).length === 1, {
      what: 'the share to be mirrored',
    });
    expect(await shares(plan.roadmapId)).toEqual([
      {
        user_id: member,
        permission: 'edit',
        accepted_at: new Date('2026-03-02T10:00:00Z'),
        invited_by: plan.userId,
      },
    ]);

    // Redelivered: recognised by its id, nothing changes.
    await publish(join);
    await bus.drained();
    expect(await count('processed_events', { event_id: join.id })).toBe(1);
    expect(await shares(plan.roadmapId)).toHaveLength(1);

    await publish(left(plan, member));
    await eventually(async () => (await shares(plan.roadmapId)).length === 0, {
      what: 'the share to go',
    });
  });

  it('ignores a share of a roadmap deleted since, and product members without a roadmap', async () => {
    const plan = await newRoadmap();
    await client.deleteRoadmap(plan);
    const late = joined(plan, randomUUID());
    const other = await newRoadmap();
    const productMember = joined({ ...other, roadmapId: '' }, randomUUID());

    await publish(late);
    await publish(productMember);
    await bus.drained();

    expect(await count('processed_events', { event_id: late.id })).toBe(1);
    expect(await count('processed_events', { event_id: productMember.id })).toBe(1);
    expect(await count('roadmap_collaborators', { roadmap_id: plan.roadmapId })).toBe(0);
    expect(await count('roadmap_collaborators', { roadmap_id: other.roadmapId })).toBe(0);
  });

  it('keeps one row per person when a share is accepted again, with the latest permission', async () => {
    const plan = await newRoadmap();
    const member = randomUUID();
    await publish(joined(plan, member));
    await publish(joined(plan, member, 'view'));
    await bus.drained();

    expect(await shares(plan.roadmapId)).toEqual([
      {
        user_id: member,
        permission: 'view',
        accepted_at: new Date('2026-03-02T10:00:00Z'),
        invited_by: plan.userId,
      },
    ]);
  });

  it('follows a change from view to edit', async () => {
    const plan = await newRoadmap();
    const member = randomUUID();
    await publish(joined(plan, member, 'view'));
    await publish(
      createEnvelope(plan.productId, {
        $case: 'collaboratorRoleChanged',
        value: {
          productId: plan.productId,
          userId: plan.userId,
          collaboratorId: randomUUID(),
          memberUserId: member,
          previousRole: 'roadmap',
          role: 'roadmap',
          isBillable: true,
          billableSeats: 1,
          effectiveAt: new Date('2026-03-05T10:00:00Z'),
          roadmapId: plan.roadmapId,
          roadmapPermission: 'edit',
        },
      }),
    );
    await bus.drained();

    expect(await shares(plan.roadmapId)).toEqual([
      {
        user_id: member,
        permission: 'edit',
        accepted_at: new Date('2026-03-02T10:00:00Z'),
        invited_by: plan.userId,
      },
    ]);
  });

  it('goes with the roadmap', async () => {
    const plan = await newRoadmap();
    await publish(joined(plan, randomUUID()));
    await eventually(async () => (await shares(plan.roadmapId)).length === 1, {
      what: 'the share to be mirrored',
    });

    await client.deleteRoadmap(plan);

    expect(await count('roadmap_collaborators', { roadmap_id: plan.roadmapId })).toBe(0);
  });
});
