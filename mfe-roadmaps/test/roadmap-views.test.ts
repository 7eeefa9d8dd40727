import {
  formatDateRange,
  formatRoadmapDate,
  kanbanColumns,
  priorityBadgeText,
  roadmapAnalytics,
  timelineLayout,
} from '../src/roadmap-views';

const item = (
  title: string,
  startDate: string | null,
  endDate: string | null,
  dependencies: string[] = [],
) => ({ title, startDate, endDate, dependencies });

describe('roadmap dates on screen', () => {
  it.each([
    ['2025-01-06', 'Jan 6, 2025'],
    ['2025-12-31T00:00:00.000Z', 'Dec 31, 2025'],
    [null, undefined],
    ['soon', undefined],
  ])('%s reads %s', (date, text) => {
    expect(formatRoadmapDate(date)).toBe(text);
  });

  it.each([
    ['2025-01-06', '2025-02-28', 'Jan 6, 2025 - Feb 28, 2025'],
    ['2025-01-06', null, 'From Jan 6, 2025'],
    [null, '2025-02-28', 'Until Feb 28, 2025'],
    [null, null, undefined],
  ])('%s to %s reads %s', (start, end, text) => {
    expect(formatDateRange(start, end)).toBe(text);
  });

  it('writes priorities as their badges do', () => {
    expect(priorityBadgeText('P0')).toBe('P0 Critical');
    expect(priorityBadgeText('P3')).toBe('P3 Low');
  });
});

describe('the timeline', () => {
  it('divides a year into quarters and places each bar by its dates', () => {
    const layout = timelineLayout(
      { timelineType: 'quarterly', startDate: '2025-01-01', endDate: '2025-12-31' },
      [item('Auth', '2025-01-01', '2025-03-31'), item('Search', '2025-07-01', '2025-12-31')],
    );
    expect(layout.ticks.map((t) => t.label)).toEqual(['Q1 2025', 'Q2 2025', 'Q3 2025', 'Q4 2025']);
    expect(layout.start).toBe('2025-01-01');
    expect(layout.end).toBe('2025-12-31');
    const [auth, search] = layout.bars;
    expect(auth!.left).toBe(0);
    expect(auth!.width).toBeCloseTo((90 / 365) * 100);
    expect(search!.left + search!.width).toBeCloseTo(100);
  });

  it.each([
    ['monthly', ['Jan 2025', 'Feb 2025', 'Mar 2025']],
    ['weekly', ['Dec 30', 'Jan 6', 'Jan 13', 'Jan 20', 'Jan 27']],
  ] as const)('a %s roadmap shows %j', (timelineType, labels) => {
    const layout = timelineLayout(
      { timelineType, startDate: '2025-01-01', endDate: '2025-01-31' },
      [item('Auth', '2025-01-10', timelineType === 'monthly' ? '2025-03-02' : '2025-01-12')],
    );
    expect(layout.ticks.map((t) => t.label)).toEqual(labels);
  });

  it('widens the axis to items outside the roadmap dates and keeps undated items apart', () => {
    const layout = timelineLayout(
      { timelineType: 'quarterly', startDate: '2025-04-01', endDate: '2025-06-30' },
      [item('Early', '2025-02-01', null), item('Someday', null, null)],
    );
    expect(layout.ticks[0]!.label).toBe('Q1 2025');
    expect(layout.bars).toHaveLength(1);
    expect(layout.bars[0]!.start).toBe('2025-02-01');
    expect(layout.bars[0]!.end).toBe('2025-02-01');
    expect(layout.unscheduled.map((i) => i.title)).toEqual(['Someday']);
  });

  it('draws a connector from each dependency named by title to the item waiting for it', () => {
    const layout = timelineLayout({ timelineType: 'monthly', startDate: null, endDate: null }, [
      item('Auth', '2025-01-01', '2025-01-31'),
      item('Dashboard', '2025-02-01', '2025-02-28', ['auth', 'Unknown']),
      item('Billing', '2025-03-01', '2025-03-31', ['Dashboard', 'Billing']),
    ]);
    expect(layout.connectors).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
  });

  it('counts weeks by months when a weekly roadmap spans years', () => {
    const layout = timelineLayout(
      { timelineType: 'weekly', startDate: '2024-01-01', endDate: '2026-12-31' },
      [],
    );
    expect(layout.unit).toBe('monthly');
    expect(layout.ticks).toHaveLength(36);
  });

  it('shows the current quarter when nothing has a date', () => {
    const layout = timelineLayout(
      { timelineType: 'quarterly', startDate: null, endDate: null },
      [item('Someday', null, null)],
      new Date('2026-11-21T12:00:00Z'),
    );
    expect(layout.ticks.map((t) => t.label)).toEqual(['Q4 2026']);
  });
});

describe('the kanban board', () => {
  it('has a column per status in workflow order, items by position', () => {
    const columns = kanbanColumns([
      { id: 'a', status: 'planned' as const, position: 2 },
      { id: 'b', status: 'planned' as const, position: 1 },
      { id: 'c', status: 'completed' as const, position: 0 },
    ]);
    expect(columns.map((c) => c.label)).toEqual([
      'Unplanned',
      'Planned',
      'In Progress',
      'Completed',
      'Cancelled',
    ]);
    expect(columns[1]!.items.map((i) => i.id)).toEqual(['b', 'a']);
    expect(columns[3]!.items.map((i) => i.id)).toEqual(['c']);
  });
});

describe('roadmap analytics', () => {
  const entry = (
    status: 'planned' | 'completed' | 'cancelled' | 'in_progress',
    priority: 'P0' | 'P1' | 'P2' | 'P3',
    startDate: string | null,
    createdAt = '2025-05-20T10:00:00.000Z',
  ) => ({ status, priority, startDate, endDate: null, createdAt });

  it('counts statuses and priorities and the share of each', () => {
    const analytics = roadmapAnalytics([
      entry('completed', 'P1', '2025-01-10'),
      entry('completed', 'P1', '2025-03-02'),
      entry('planned', 'P2', null),
      entry('cancelled', 'P3', '2025-01-01'),
    ]);
    expect(analytics.total).toBe(4);
    expect(analytics.scheduled).toBe(3);
    expect(analytics.completionRate).toBe(67);
    expect(analytics.byStatus.find((r) => r.key === 'completed')).toMatchObject({
      label: 'Completed',
      count: 2,
      percent: 50,
    });
    expect(analytics.byPriority.map((r) => [r.label, r.count])).toEqual([
      ['P0 Critical', 0],
      ['P1 High', 2],
      ['P2 Medium', 1],
      ['P3 Low', 1],
    ]);
  });

  it('counts items per month of their start (else when they were added), gaps included', () => {
    const analytics = roadmapAnalytics([
      entry('planned', 'P2', '2025-01-10'),
      entry('planned', 'P2', '2025-01-31'),
      entry('planned', 'P2', null, '2025-04-02T00:00:00.000Z'),
    ]);
    expect(analytics.overTime).toEqual([
      { month: '2025-01', label: 'Jan 2025', count: 2 },
      { month: '2025-02', label: 'Feb 2025', count: 0 },
      { month: '2025-03', label: 'Mar 2025', count: 0 },
      { month: '2025-04', label: 'Apr 2025', count: 1 },
    ]);
  });

  it('is all zeros without items', () => {
    const analytics = roadmapAnalytics([]);
    expect(analytics.total).toBe(0);
    expect(analytics.completionRate).toBe(0);
    expect(analytics.overTime).toEqual([]);
    expect(analytics.byStatus.every((r) => r.count === 0 && r.percent === 0)).toBe(true);
  });
});
