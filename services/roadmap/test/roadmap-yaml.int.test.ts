import { exportRoadmapYaml, roadmapMessages, roadmapYamlMessages } from '@chorus/contracts';
import type { RoadmapItem } from '@chorus/proto/roadmap/v1/items';
import { status } from '@grpc/grpc-js';
import { newRoadmap, addItem, client, db, grpcError, count, owner } from './roadmap-setup';

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
