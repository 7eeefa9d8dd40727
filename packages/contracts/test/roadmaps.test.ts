import {
  createRoadmapItemRequest,
  createRoadmapRequest,
  datesInOrder,
  isCalendarDate,
  roadmapMessages,
  toTextList,
  updateRoadmapItemRequest,
  updateRoadmapRequest,
} from '../src';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('calendar dates', () => {
  it.each([
    ['2025-01-31', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-1-1', false],
    ['31/01/2025', false],
    ['2025-01-31T10:00:00Z', false],
  ])('%s is a date: %s', (text, valid) => {
    expect(isCalendarDate(text)).toBe(valid);
  });
});

describe('lists of text (tags, target personas, dependencies)', () => {
  it.each([
    [undefined, []],
    [null, []],
    ['', []],
    ['[]', []],
    ['["web","api"]', ['web', 'api']],
    ['web, api ,', ['web', 'api']],
    [
      ['web', ' api ', ''],
      ['web', 'api'],
    ],
    [
      [1, true],
      ['1', 'true'],
    ],
    ['[not json', ['[not json']],
  ])('%j becomes %j', (value, list) => {
    expect(toTextList(value)).toEqual(list);
  });

  it.each([[{ a: 1 }], [[['nested']]], [[{ a: 1 }]]])('refuses %j', (value) => {
    expect(toTextList(value)).toBeUndefined();
  });
});

describe('roadmap requests', () => {
  it('needs a name, and a blank one is no name', () => {
    for (const body of [{}, { name: '   ' }, { name: 3 }]) {
      expect(firstMessage(createRoadmapRequest.safeParse(body))).toBe(roadmapMessages.nameRequired);
    }
    expect(firstMessage(updateRoadmapRequest.safeParse({ name: '' }))).toBe(
      roadmapMessages.nameRequired,
    );
  });

  it('defaults the timeline to quarterly and turns empty dates into null', () => {
    expect(
      createRoadmapRequest.parse({ name: ' Q3 ', description: '', startDate: '', endDate: null }),
    ).toEqual({
      name: 'Q3',
      description: null,
      timelineType: 'quarterly',
      startDate: null,
      endDate: null,
      templateName: null,
    });
  });

  it('keeps the day of a full timestamp and refuses days that do not exist', () => {
    expect(
      createRoadmapRequest.parse({ name: 'A', startDate: '2025-07-01T00:00:00.000Z' }).startDate,
    ).toBe('2025-07-01');
    expect(firstMessage(createRoadmapRequest.safeParse({ name: 'A', endDate: '2025-02-30' }))).toBe(
      roadmapMessages.invalidDate,
    );
  });

  it('refuses timeline types other than quarterly, monthly and weekly', () => {
    expect(firstMessage(createRoadmapRequest.safeParse({ name: 'A', timelineType: 'daily' }))).toBe(
      roadmapMessages.invalidTimelineType,
    );
  });

  it('leaves out of an edit what was not sent', () => {
    expect(updateRoadmapRequest.parse({ description: '' })).toEqual({ description: null });
  });
});

describe('item requests', () => {
  it('needs a title', () => {
    expect(firstMessage(createRoadmapItemRequest.safeParse({ title: ' ' }))).toBe(
      roadmapMessages.titleRequired,
    );
  });

  it('reads what the item form sends: JSON-encoded lists, null dates', () => {
    expect(
      createRoadmapItemRequest.parse({
        title: 'Search',
        description: '',
        priority: 'P1',
        status: 'unplanned',
        startDate: null,
        endDate: '2025-03-31',
        tags: '["search"]',
        targetPersonas: '[]',
        dependencies: '[]',
      }),
    ).toEqual({
      title: 'Search',
      description: null,
      priority: 'P1',
      status: 'unplanned',
      startDate: null,
      endDate: '2025-03-31',
      assignedTo: null,
      tags: ['search'],
      targetPersonas: [],
      dependencies: [],
    });
  });

  it('stores P2 and planned when priority and status are left out', () => {
    expect(createRoadmapItemRequest.parse({ title: 'A' })).toMatchObject({
      priority: 'P2',
      status: 'planned',
    });
  });

  it.each([
    [{ title: 'A', priority: 'high' }, roadmapMessages.invalidPriority],
    [{ title: 'A', status: 'done' }, roadmapMessages.invalidStatus],
    [{ title: 'A', tags: { a: 1 } }, roadmapMessages.invalidList],
    [{ title: 'A', dependencies: [['nested']] }, roadmapMessages.invalidList],
    [{ title: 'A', targetPersonas: '[{"name":"x"}]' }, roadmapMessages.invalidList],
    [{ title: 'A', startDate: 'soon' }, roadmapMessages.invalidDate],
  ])('refuses %j', (body, message) => {
    expect(firstMessage(createRoadmapItemRequest.safeParse(body))).toBe(message);
  });

  it('lets an edit change the status and position alone (the kanban move)', () => {
    expect(updateRoadmapItemRequest.parse({ status: 'completed', position: 3 })).toEqual({
      status: 'completed',
      position: 3,
    });
  });
});

describe('date order', () => {
  const endDateMessage = (result: {
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  }) => result.error?.issues.find((issue) => issue.path[0] === 'endDate')?.message;

  it('refuses a roadmap ending before it starts, beside the end date', () => {
    const body = { name: 'A', startDate: '2027-06-30', endDate: '2027-01-01' };
    expect(endDateMessage(createRoadmapRequest.safeParse(body))).toBe(
      'The end date must be on or after the start date',
    );
    expect(endDateMessage(updateRoadmapRequest.safeParse(body))).toBe(
      roadmapMessages.endBeforeStart,
    );
  });

  it('refuses an item ending before it starts', () => {
    const body = { title: 'A', startDate: '2027-06-30', endDate: '2027-06-29' };
    expect(endDateMessage(createRoadmapItemRequest.safeParse(body))).toBe(
      roadmapMessages.endBeforeStart,
    );
    expect(endDateMessage(updateRoadmapItemRequest.safeParse(body))).toBe(
      roadmapMessages.endBeforeStart,
    );
  });

  it.each([
    ['2027-01-01', '2027-01-01'],
    ['2027-01-01', '2027-06-30'],
    ['2027-01-01', null],
    [null, '2027-01-01'],
  ])('accepts %s to %s', (startDate, endDate) => {
    expect(createRoadmapRequest.safeParse({ name: 'A', startDate, endDate }).success).toBe(true);
    expect(datesInOrder(startDate, endDate)).toBe(true);
  });
});
