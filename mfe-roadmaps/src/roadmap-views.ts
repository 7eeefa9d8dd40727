/**
 * What the roadmap page draws from a roadmap and its items: the timeline's
 * axis and bars, the kanban columns and the analytics breakdowns. Pure
 * functions of the data, so each is table-tested here and the page only draws.
 */
import {
  ITEM_PRIORITIES,
  ITEM_PRIORITY_LABELS,
  ITEM_STATUSES,
  type ItemPriority,
  type ItemStatus,
  type TimelineType,
} from '@chorus/contracts';

/** How each item status reads on screen (badges, kanban columns, analytics). */
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  unplanned: 'Unplanned',
  planned: 'Planned',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** "P1 High": a priority as its badge shows it. */
export function priorityBadgeText(priority: ItemPriority): string {
  return `${priority} ${ITEM_PRIORITY_LABELS[priority]}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A YYYY-MM-DD day as a UTC midnight timestamp; undefined when it is not one. */
function dayNumber(date: string | null | undefined): number | undefined {
  if (!date) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return undefined;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** "Jan 6, 2025": how the roadmap pages write a day. */
export function formatRoadmapDate(date: string | null | undefined): string | undefined {
  const time = dayNumber(date);
  if (time === undefined) return undefined;
  const d = new Date(time);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** "Jan 6, 2025 - Feb 28, 2025", one side alone, or undefined without dates. */
export function formatDateRange(
  start: string | null | undefined,
  end: string | null | undefined,
): string | undefined {
  const from = formatRoadmapDate(start);
  const to = formatRoadmapDate(end);
  if (from && to) return `${from} - ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Until ${to}`;
  return undefined;
}

/** The first instant of the unit (quarter, month or ISO week) that holds `time`. */
function unitStart(time: number, unit: TimelineType): number {
  const d = new Date(time);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  if (unit === 'quarterly') return Date.UTC(year, month - (month % 3), 1);
  if (unit === 'monthly') return Date.UTC(year, month, 1);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday is 0
  return Date.UTC(year, month, d.getUTCDate() - weekday);
}

function nextUnit(time: number, unit: TimelineType): number {
  const d = new Date(time);
  if (unit === 'quarterly') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 3, 1);
  if (unit === 'monthly') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return time + 7 * DAY_MS;
}

function unitLabel(time: number, unit: TimelineType): string {
  const d = new Date(time);
  if (unit === 'quarterly') return `Q${Math.floor(d.getUTCMonth() / 3) + 1} ${d.getUTCFullYear()}`;
  if (unit === 'monthly') return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** Weekly axes longer than this many weeks would be unreadable: they grow by months instead. */
const MAX_TIMELINE_TICKS = 104;

interface TimelineTick {
  label: string;
  /** Where the unit starts and how wide it is, as percentages of the axis. */
  left: number;
  width: number;
}

interface TimelineBar<T> {
  item: T;
  left: number;
  width: number;
  /** The first and last day the bar covers (YYYY-MM-DD). */
  start: string;
  end: string;
}

interface TimelineConnector {
  /** Indexes into `bars`: the dependency, then the item that waits for it. */
  from: number;
  to: number;
}

interface TimelineLayout<T> {
  unit: TimelineType;
  start: string;
  end: string;
  ticks: TimelineTick[];
  bars: TimelineBar<T>[];
  /** Items without any date: listed apart, not drawn on the axis. */
  unscheduled: T[];
  connectors: TimelineConnector[];
}

interface TimelineItem {
  title: string;
  startDate: string | null;
  endDate: string | null;
  dependencies: string[];
}

/**
 * The timeline of a roadmap: an axis of quarters, months or weeks (the
 * roadmap's timelineType) wide enough for the roadmap's dates and every
 * item's, a bar per dated item (an item with one date is one day long), and
 * a connector from each dependency (named by its title) to the item waiting for it.
 */
export function timelineLayout<T extends TimelineItem>(
  roadmap: { timelineType: TimelineType; startDate: string | null; endDate: string | null },
  items: readonly T[],
  today: Date = new Date(),
): TimelineLayout<T> {
  const spans: { item: T; start: number; end: number }[] = [];
  const unscheduled: T[] = [];
  for (const item of items) {
    let start = dayNumber(item.startDate);
    let end = dayNumber(item.endDate);
    if (start === undefined && end === undefined) {
      unscheduled.push(item);
      continue;
    }
    start ??= end!;
    end ??= start;
    if (end < start) [start, end] = [end, start];
    spans.push({ item, start, end });
  }

  const bounds = [dayNumber(roadmap.startDate), dayNumber(roadmap.endDate)]
    .concat(spans.flatMap((span) => [span.start, span.end]))
    .filter((time): time is number => time !== undefined);
  const todayTime = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const first = bounds.length > 0 ? Math.min(...bounds) : todayTime;
  const last = bounds.length > 0 ? Math.max(...bounds) : todayTime;

  let unit = roadmap.timelineType;
  if (unit === 'weekly' && (last - first) / (7 * DAY_MS) > MAX_TIMELINE_TICKS) unit = 'monthly';
  if (unit === 'monthly' && (last - first) / (31 * DAY_MS) > MAX_TIMELINE_TICKS) {
    unit = 'quarterly';
  }

  const axisStart = unitStart(first, unit);
  let axisEnd = nextUnit(unitStart(last, unit), unit);
  const boundaries = [axisStart];
  while (boundaries[boundaries.length - 1]! < axisEnd) {
    boundaries.push(nextUnit(boundaries[boundaries.length - 1]!, unit));
  }
  axisEnd = boundaries[boundaries.length - 1]!;
  const total = axisEnd - axisStart;
  const percent = (time: number) => ((time - axisStart) / total) * 100;

  const ticks = boundaries.slice(0, -1).map((time, index) => ({
    label: unitLabel(time, unit),
    left: percent(time),
    width: percent(boundaries[index + 1]!) - percent(time),
  }));
  const bars = spans.map(({ item, start, end }) => ({
    item,
    left: percent(start),
    width: percent(end + DAY_MS) - percent(start),
    start: isoDay(start),
    end: isoDay(end),
  }));

  const byTitle = new Map<string, number>();
  bars.forEach((bar, index) => {
    const key = bar.item.title.trim().toLowerCase();
    if (!byTitle.has(key)) byTitle.set(key, index);
  });
  const connectors: TimelineConnector[] = [];
  bars.forEach((bar, to) => {
    for (const dependency of bar.item.dependencies) {
      const from = byTitle.get(dependency.trim().toLowerCase());
      if (from !== undefined && from !== to) connectors.push({ from, to });
    }
  });

  return {
    unit,
    start: isoDay(axisStart),
    end: isoDay(axisEnd - DAY_MS),
    ticks,
    bars,
    unscheduled,
    connectors,
  };
}

/** The kanban board's columns, in workflow order, each with its items in position order. */
export function kanbanColumns<T extends { status: ItemStatus; position: number }>(
  items: readonly T[],
): { status: ItemStatus; label: string; items: T[] }[] {
  return ITEM_STATUSES.map((status) => ({
    status,
    label: ITEM_STATUS_LABELS[status],
    items: items.filter((item) => item.status === status).sort((a, b) => a.position - b.position),
  }));
}

interface BreakdownRow<K extends string> {
  key: K;
  label: string;
  count: number;
  /** Share of all items, 0-100, rounded. */
  percent: number;
}

function breakdown<K extends string>(
  keys: readonly K[],
  labels: Record<K, string>,
  valueOf: (index: number) => K,
  length: number,
): BreakdownRow<K>[] {
  const counts = new Map<K, number>();
  for (let i = 0; i < length; i++) counts.set(valueOf(i), (counts.get(valueOf(i)) ?? 0) + 1);
  return keys.map((key) => {
    const count = counts.get(key) ?? 0;
    return {
      key,
      label: labels[key],
      count,
      percent: length === 0 ? 0 : Math.round((count / length) * 100),
    };
  });
}

interface RoadmapAnalytics {
  total: number;
  /** Completed items as a share of the items not cancelled, 0-100. */
  completionRate: number;
  scheduled: number;
  byStatus: BreakdownRow<ItemStatus>[];
  byPriority: BreakdownRow<ItemPriority>[];
  /** Items per month of their start date (or, without one, the day they were added). */
  overTime: { month: string; label: string; count: number }[];
}

const PRIORITY_ROW_LABELS = Object.fromEntries(
  ITEM_PRIORITIES.map((p) => [p, priorityBadgeText(p)]),
) as Record<ItemPriority, string>;

/** The Analytics tab: how many items in each status and priority, and when they fall. */
export function roadmapAnalytics(
  items: readonly {
    status: ItemStatus;
    priority: ItemPriority;
    startDate: string | null;
    endDate: string | null;
    createdAt: string;
  }[],
): RoadmapAnalytics {
  const byStatus = breakdown(
    ITEM_STATUSES,
    ITEM_STATUS_LABELS,
    (i) => items[i]!.status,
    items.length,
  );
  const byPriority = breakdown(
    ITEM_PRIORITIES,
    PRIORITY_ROW_LABELS,
    (i) => items[i]!.priority,
    items.length,
  );
  const completed = byStatus.find((row) => row.key === 'completed')!.count;
  const cancelled = byStatus.find((row) => row.key === 'cancelled')!.count;
  const open = items.length - cancelled;

  const months = new Map<string, number>();
  for (const item of items) {
    const month = (item.startDate ?? item.createdAt).slice(0, 7);
    if (/^\d{4}-\d{2}$/.test(month)) months.set(month, (months.get(month) ?? 0) + 1);
  }
  const overTime: RoadmapAnalytics['overTime'] = [];
  const sorted = [...months.keys()].sort();
  if (sorted.length > 0) {
    let [year, month] = sorted[0]!.split('-').map(Number) as [number, number];
    const last = sorted[sorted.length - 1]!;
    // Every month between the first and the last, so gaps show as gaps (at most ten years).
    for (let guard = 0; guard < 120; guard++) {
      const key = `${year}-${String(month).padStart(2, '0')}`;
      overTime.push({
        month: key,
        label: `${MONTHS[month - 1]} ${year}`,
        count: months.get(key) ?? 0,
      });
      if (key >= last) break;
      month += 1;
      if (month > 12) [year, month] = [year + 1, 1];
    }
  }

  return {
    total: items.length,
    completionRate: open === 0 ? 0 : Math.round((completed / open) * 100),
    scheduled: items.filter((item) => item.startDate || item.endDate).length,
    byStatus,
    byPriority,
    overTime,
  };
}
