import {
  MAX_YAML_BYTES,
  productMessages,
  type Roadmap,
  type RoadmapItem,
  roadmapMessages,
  type RoadmapSummary,
  type RoadmapWithItems,
  roadmapYamlMessages,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

let chorus: TestChorus;

beforeAll(async () => {
  chorus = await startTestChorus();
});
afterAll(() => chorus.stop());

interface Customer {
  token: string;
  /** The product created at registration. */
  productId: string;
}

async function customer(): Promise<Customer> {
  const registered = await chorus.api<{ token: string; product: { id: string } | null }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `roadmapper-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Rae',
        lastName: 'Mapper',
        productName: 'Lantern',
        industry: 'technology',
        // A paid product: importing and persona feedback need one.
        stripeToken: 'pm_card_visa',
      },
    },
  );
  expect(registered.status).toBe(201);
  return { token: registered.body.token, productId: registered.body.product!.id };
}

async function createRoadmap(who: Customer, body: Record<string, unknown> = { name: 'Plan' }) {
  const created = await chorus.api<Roadmap>(`/api/products/${who.productId}/roadmaps`, {
    method: 'POST',
    token: who.token,
    body,
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function addItem(who: Customer, roadmapId: string, body: Record<string, unknown>) {
  const created = await chorus.api<RoadmapItem>(`/api/roadmaps/${roadmapId}/items`, {
    method: 'POST',
    token: who.token,
    body,
  });
  expect(created.status).toBe(201);
  return created.body;
}

const getRoadmap = (who: Customer, id: string) =>
  chorus.api<RoadmapWithItems>(`/api/roadmaps/${id}`, { token: who.token });

describe('a product’s roadmaps', () => {
  it('needs a signed-in user', async () => {
    const who = await customer();
    const answer = await chorus.api(`/api/products/${who.productId}/roadmaps`);
    expect(answer.status).toBe(401);
  });

  it('creates a roadmap from the dialog’s fields, with the stored defaults', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who, {
      name: 'Q3 Launch',
      description: '',
      startDate: '2025-07-01',
      endDate: null,
    });
    expect(roadmap).toEqual({
      id: expect.any(String),
      productId: who.productId,
      name: 'Q3 Launch',
      description: null,
      timelineType: 'quarterly',
      startDate: '2025-07-01',
      endDate: null,
      status: 'active',
      isTemplate: false,
      templateName: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('refuses a roadmap without a name', async () => {
    const who = await customer();
    const answer = await chorus.api(`/api/products/${who.productId}/roadmaps`, {
      method: 'POST',
      token: who.token,
      body: { name: '  ', timelineType: 'monthly' },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: roadmapMessages.nameRequired } });
  });

  it('lists summaries for the product cards: counts by status, most recently updated first', async () => {
    const who = await customer();
    const first = await createRoadmap(who, { name: 'First' });
    const second = await createRoadmap(who, { name: 'Second' });
    for (const status of ['in_progress', 'completed', 'completed', 'planned', 'unplanned']) {
      await addItem(who, second.id, { title: `A ${status}`, status });
    }
    const listed = await chorus.api<RoadmapSummary[]>(`/api/products/${who.productId}/roadmaps`, {
      token: who.token,
    });
    expect(listed.status).toBe(200);
    expect(
      listed.body.map((r) => [
        r.id,
        r.itemCount,
        r.inProgressCount,
        r.completedCount,
        r.plannedCount,
      ]),
    ).toEqual([
      [second.id, 5, 1, 2, 1],
      [first.id, 0, 0, 0, 0],
    ]);
    expect(listed.body[0]).toMatchObject({ name: 'Second', updatedAt: expect.any(String) });
  });

  it('answers 404 for another user’s product, listing or creating', async () => {
    const me = await customer();
    const them = await customer();
    await createRoadmap(them, { name: 'Theirs' });
    const listed = await chorus.api(`/api/products/${them.productId}/roadmaps`, {
      token: me.token,
    });
    expect(listed).toMatchObject({ status: 404, body: { message: productMessages.notFound } });
    const created = await chorus.api(`/api/products/${them.productId}/roadmaps`, {
      method: 'POST',
      token: me.token,
      body: { name: 'Sneaky' },
    });
    expect(created.status).toBe(404);
    const theirs = await chorus.api<RoadmapSummary[]>(`/api/products/${them.productId}/roadmaps`, {
      token: them.token,
    });
    expect(theirs.body.map((r) => r.name)).toEqual(['Theirs']);
  });

  it('goes with its product: deleting the product removes its roadmaps and their items', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who, { name: 'Doomed' });
    await addItem(who, roadmap.id, { title: 'Doomed too' });
    const deleted = await chorus.api(`/api/products/${who.productId}`, {
      method: 'DELETE',
      token: who.token,
    });
    expect(deleted.status).toBe(200);
    await eventually(async () => (await getRoadmap(who, roadmap.id)).status === 404, {
      what: 'the deleted product’s roadmap to go',
    });
  });
});

describe('one roadmap', () => {
  it('answers the roadmap with its items in order', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who);
    await addItem(who, roadmap.id, { title: 'One' });
    await addItem(who, roadmap.id, { title: 'Two' });
    const answer = await getRoadmap(who, roadmap.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: roadmap.id, name: 'Plan' });
    expect(answer.body.items.map((i) => [i.title, i.position])).toEqual([
      ['One', 0],
      ['Two', 1],
    ]);
  });

  it('edits the fields sent and leaves the others', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who, { name: 'Plan', description: 'Keep' });
    const edited = await chorus.api<Roadmap>(`/api/roadmaps/${roadmap.id}`, {
      method: 'PUT',
      token: who.token,
      body: { name: 'Renamed', timelineType: 'weekly', endDate: '2025-12-31' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Renamed',
      description: 'Keep',
      timelineType: 'weekly',
      endDate: '2025-12-31',
    });
    const blank = await chorus.api(`/api/roadmaps/${roadmap.id}`, {
      method: 'PUT',
      token: who.token,
      body: { name: '' },
    });
    expect(blank).toMatchObject({ status: 400, body: { message: roadmapMessages.nameRequired } });
  });

  it('refuses an end date before the start date, sent together or one at a time', async () => {
    const who = await customer();
    const refused = await chorus.api(`/api/products/${who.productId}/roadmaps`, {
      method: 'POST',
      token: who.token,
      body: { name: 'Backwards', startDate: '2027-06-30', endDate: '2027-01-01' },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'The end date must be on or after the start date' },
    });
    const roadmap = await createRoadmap(who, {
      name: 'Forwards',
      startDate: '2027-01-01',
      endDate: '2027-06-30',
    });
    // Only the start moves, past the stored end: refused by the roadmap service.
    const moved = await chorus.api(`/api/roadmaps/${roadmap.id}`, {
      method: 'PUT',
      token: who.token,
      body: { startDate: '2027-07-01' },
    });
    expect(moved).toMatchObject({
      status: 400,
      body: { message: roadmapMessages.endBeforeStart },
    });
    expect((await getRoadmap(who, roadmap.id)).body).toMatchObject({
      startDate: '2027-01-01',
      endDate: '2027-06-30',
    });
    const item = await addItem(who, roadmap.id, {
      title: 'Dated',
      startDate: '2027-02-01',
      endDate: '2027-02-28',
    });
    const itemMoved = await chorus.api(`/api/roadmap-items/${item.id}`, {
      method: 'PUT',
      token: who.token,
      body: { endDate: '2027-01-15' },
    });
    expect(itemMoved).toMatchObject({
      status: 400,
      body: { message: roadmapMessages.endBeforeStart },
    });
  });

  it('deletes the roadmap and its items', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who);
    const item = await addItem(who, roadmap.id, { title: 'Going too' });
    const deleted = await chorus.api(`/api/roadmaps/${roadmap.id}`, {
      method: 'DELETE',
      token: who.token,
    });
    expect(deleted).toMatchObject({
      status: 200,
      body: { message: 'Roadmap deleted successfully' },
    });
    expect((await getRoadmap(who, roadmap.id)).status).toBe(404);
    const edit = await chorus.api(`/api/roadmap-items/${item.id}`, {
      method: 'PUT',
      token: who.token,
      body: { title: 'Back?' },
    });
    expect(edit.status).toBe(404);
  });

  it('answers 404 for another user’s roadmap on every route, and changes nothing', async () => {
    const owner = await customer();
    const other = await customer();
    const roadmap = await createRoadmap(owner, { name: 'Private' });
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/roadmaps/${roadmap.id}`],
      ['PUT', `/api/roadmaps/${roadmap.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/roadmaps/${roadmap.id}`],
      ['POST', `/api/roadmaps/${roadmap.id}/items`, { title: 'Intruder' }],
      [
        'POST',
        `/api/roadmaps/${roadmap.id}/import-yaml`,
        { yamlContent: 'roadmap_items: [{title: X}]' },
      ],
      ['GET', `/api/roadmaps/${roadmap.id}/export`],
      ['GET', `/api/roadmaps/${randomUUID()}`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await chorus.api(path, { method, token: other.token, body });
      expect({ method, path, ...answer }).toMatchObject({
        status: 404,
        body: { message: roadmapMessages.roadmapNotFound },
      });
    }
    const intact = await getRoadmap(owner, roadmap.id);
    expect(intact.body).toMatchObject({ name: 'Private', items: [] });
  });
});

describe('items', () => {
  it('adds an item as the item form sends it', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who);
    const item = await addItem(who, roadmap.id, {
      title: 'Search',
      description: 'Find anything',
      priority: 'P1',
      status: 'unplanned',
      startDate: '',
      endDate: null,
      tags: '["search","backend"]',
      targetPersonas: '[]',
      dependencies: '[]',
    });
    expect(item).toEqual({
      id: expect.any(String),
      roadmapId: roadmap.id,
      title: 'Search',
      description: 'Find anything',
      priority: 'P1',
      status: 'unplanned',
      startDate: null,
      endDate: null,
      assignedTo: null,
      tags: ['search', 'backend'],
      targetPersonas: [],
      dependencies: [],
      position: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it.each([
    [{}, roadmapMessages.titleRequired],
    [{ title: ' ' }, roadmapMessages.titleRequired],
    [{ title: 'A', priority: 'P5' }, roadmapMessages.invalidPriority],
    [{ title: 'A', status: 'someday' }, roadmapMessages.invalidStatus],
    [{ title: 'A', startDate: '2025-02-30' }, roadmapMessages.invalidDate],
  ])('refuses %j with 400', async (body, message) => {
    const who = await customer();
    const roadmap = await createRoadmap(who);
    const answer = await chorus.api(`/api/roadmaps/${roadmap.id}/items`, {
      method: 'POST',
      token: who.token,
      body,
    });
    expect(answer).toMatchObject({ status: 400, body: { message } });
  });

  it('changes any field, e.g. only the status and position (a kanban move)', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who);
    const item = await addItem(who, roadmap.id, { title: 'Move me', tags: ['keep'] });
    const moved = await chorus.api<RoadmapItem>(`/api/roadmap-items/${item.id}`, {
      method: 'PUT',
      token: who.token,
      body: { status: 'completed', position: 4 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      title: 'Move me',
      tags: ['keep'],
      status: 'completed',
      position: 4,
    });
    const cleared = await chorus.api<RoadmapItem>(`/api/roadmap-items/${item.id}`, {
      method: 'PUT',
      token: who.token,
      body: { tags: '[]', startDate: '2025-01-01', description: 'Now described' },
    });
    expect(cleared.body).toMatchObject({
      tags: [],
      startDate: '2025-01-01',
      description: 'Now described',
    });
  });

  it('deletes an item', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who);
    const item = await addItem(who, roadmap.id, { title: 'Gone' });
    const deleted = await chorus.api(`/api/roadmap-items/${item.id}`, {
      method: 'DELETE',
      token: who.token,
    });
    expect(deleted.status).toBe(200);
    expect((await getRoadmap(who, roadmap.id)).body.items).toEqual([]);
  });

  it('answers 404 for another user’s item, and changes nothing', async () => {
    const owner = await customer();
    const other = await customer();
    const roadmap = await createRoadmap(owner);
    const item = await addItem(owner, roadmap.id, { title: 'Mine' });
    for (const [method, body] of [
      ['PUT', { title: 'Stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await chorus.api(`/api/roadmap-items/${item.id}`, {
        method,
        token: other.token,
        body,
      });
      expect(answer).toMatchObject({
        status: 404,
        body: { message: roadmapMessages.itemNotFound },
      });
    }
    expect((await getRoadmap(owner, roadmap.id)).body.items.map((i) => i.title)).toEqual(['Mine']);
  });
});

describe('YAML import and export', () => {
  const importYaml = (who: Customer, roadmapId: string, yamlContent: unknown) =>
    chorus.api<{ created: number; total: number; errors: string[] }>(
      `/api/roadmaps/${roadmapId}/import-yaml`,
      { method: 'POST', token: who.token, body: { yamlContent } },
    );

  it('imports the valid items and reports the others', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who);
    const answer = await importYaml(
      who,
      roadmap.id,
      `roadmap_items:
  - title: Sign-in
    priority: high
    status: in_progress
  - title: ""
  - title: Reports
    start_date: next week
  - title: Billing
    priority: low
`,
    );
    expect(answer).toMatchObject({
      status: 200,
      body: {
        created: 2,
        total: 4,
        errors: [
          roadmapYamlMessages.titleRequired(2),
          roadmapYamlMessages.invalidDate(3, 'start_date'),
        ],
      },
    });
    const { body } = await getRoadmap(who, roadmap.id);
    expect(body.items.map((i) => [i.title, i.priority, i.status])).toEqual([
      ['Sign-in', 'P1', 'in_progress'],
      ['Billing', 'P3', 'planned'],
    ]);
  });

  it.each([
    ['text that is not YAML', 'roadmap_items: [oops', /^YAML parsing error: /],
    ['a list at the root', '- title: A', roadmapYamlMessages.notAnObject],
    ['no roadmap_items', 'features: []', roadmapYamlMessages.missingItems],
    ['roadmap_items that is not a list', 'roadmap_items: yes', roadmapYamlMessages.itemsNotArray],
    ['no valid item', 'roadmap_items:\n  - priority: high', roadmapYamlMessages.titleRequired(1)],
    [
      'an alias bomb',
      `a: &a [x, x]\nroadmap_items: [${Array(5000).fill('*a').join(',')}]`,
      /aliases/,
    ],
  ])('answers 400 for %s, importing nothing', async (_what, yaml, message) => {
    const who = await customer();
    const roadmap = await createRoadmap(who);
    const answer = await importYaml(who, roadmap.id, yaml);
    expect(answer.status).toBe(400);
    expect((answer.body as unknown as { message: string }).message).toMatch(message);
    expect((await getRoadmap(who, roadmap.id)).body.items).toEqual([]);
  });

  it('needs the YAML text', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who);
    const answer = await chorus.api(`/api/roadmaps/${roadmap.id}/import-yaml`, {
      method: 'POST',
      token: who.token,
      body: {},
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: roadmapMessages.yamlContentRequired },
    });
  });

  it('takes YAML up to 5MB and refuses more with the file-size message', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who);
    const items = 'roadmap_items:\n  - title: Big\n';
    const fits = items + `# ${'x'.repeat(MAX_YAML_BYTES - items.length - 3)}\n`;
    expect((await importYaml(who, roadmap.id, fits)).body).toMatchObject({ created: 1 });
    const tooBig = fits + 'x';
    expect(await importYaml(who, roadmap.id, tooBig)).toMatchObject({
      status: 400,
      body: { message: roadmapYamlMessages.fileTooLarge },
    });
  });

  it('exports a YAML file that imports back to the same items', async () => {
    const who = await customer();
    const roadmap = await createRoadmap(who, { name: 'Q3 Launch' });
    await addItem(who, roadmap.id, {
      title: 'Search',
      description: 'Two\nlines',
      priority: 'P0',
      status: 'completed',
      startDate: '2025-07-01',
      endDate: '2025-07-31',
      assignedTo: 'Dana',
      tags: ['search'],
      targetPersonas: ['Student'],
      dependencies: ['Indexing'],
    });
    await addItem(who, roadmap.id, { title: 'Plain' });

    const exported = await chorus.api<string>(`/api/roadmaps/${roadmap.id}/export`, {
      token: who.token,
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?q3-launch\.yaml"?$/,
    );

    const copy = await createRoadmap(who, { name: 'Copy' });
    expect((await importYaml(who, copy.id, exported.body)).body).toEqual({
      created: 2,
      total: 2,
      errors: [],
    });
    const fields = (items: RoadmapItem[]) =>
      items.map(({ id: _i, roadmapId: _r, createdAt: _c, updatedAt: _u, ...rest }) => rest);
    const original = await getRoadmap(who, roadmap.id);
    const imported = await getRoadmap(who, copy.id);
    expect(fields(imported.body.items)).toEqual(fields(original.body.items));
  });
});

describe('readiness', () => {
  it('reports the roadmap service among the downstream services', async () => {
    const answer = await chorus.api<{ services: Record<string, string> }>('/readyz');
    expect(answer.body.services).toMatchObject({ roadmap: 'SERVING' });
  });
});
