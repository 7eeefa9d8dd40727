import { z } from 'zod';

/** How a roadmap's timeline is divided. */
export const TIMELINE_TYPES = ['quarterly', 'monthly', 'weekly'] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];
export const DEFAULT_TIMELINE_TYPE: TimelineType = 'quarterly';

export const ITEM_PRIORITIES = ['P0', 'P1', 'P2', 'P3'] as const;
export type ItemPriority = (typeof ITEM_PRIORITIES)[number];
export const DEFAULT_ITEM_PRIORITY: ItemPriority = 'P2';
/** The badge text of each priority. */
export const ITEM_PRIORITY_LABELS: Record<ItemPriority, string> = {
  P0: 'Critical',
  P1: 'High',
  P2: 'Medium',
  P3: 'Low',
};

export const ITEM_STATUSES = [
  'unplanned',
  'planned',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
/** The stored default; the item form starts at 'unplanned' (FORM_DEFAULT_ITEM_STATUS). */
export const DEFAULT_ITEM_STATUS: ItemStatus = 'planned';
export const FORM_DEFAULT_ITEM_STATUS: ItemStatus = 'unplanned';

export const roadmapMessages = {
  nameRequired: 'Roadmap name is required',
  titleRequired: 'Item title is required',
  invalidTimelineType: 'Timeline type must be quarterly, monthly or weekly',
  invalidPriority: 'Priority must be P0, P1, P2 or P3',
  invalidStatus: 'Status must be unplanned, planned, in_progress, completed or cancelled',
  invalidDate: 'Dates must be valid dates in YYYY-MM-DD format',
  /** A hand-typed date the browser could not read as a day (shown beside the field). */
  unreadableDate:
    'Enter the date as YYYY-MM-DD (for example 2027-01-31), or pick it from the calendar',
  endBeforeStart: 'The end date must be on or after the start date',
  invalidList: 'Tags, target personas and dependencies must be a list of text',
  yamlContentRequired: 'YAML content is required',
  roadmapNotFound: 'Roadmap not found',
  itemNotFound: 'Roadmap item not found',
  noValidItems: "'roadmap_items' must contain at least one valid item.",
} as const;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * Tags, target personas and dependencies arrive as a list, as JSON-encoded
 * text (what the item form sends) or as comma-separated text; all become a
 * list of trimmed, non-empty strings. Undefined when the value is none of these.
 */
export function toTextList(value: unknown): string[] | undefined {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    const list: string[] = [];
    for (const entry of value) {
      // Only scalars: a nested list is refused rather than flattened, so an
      // aliased structure can never be expanded into text.
      if (typeof entry === 'string' || typeof entry === 'number' || typeof entry === 'boolean') {
        const text = String(entry).trim();
        if (text) list.push(text);
      } else if (entry !== null) {
        return undefined;
      }
    }
    return list;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return toTextList(JSON.parse(text) as unknown);
    } catch {
      // Not JSON after all: read it as comma-separated text below.
    }
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

/** Empty dates are sent as null; a full timestamp keeps its day. */
const optionalDate = z
  .string(roadmapMessages.invalidDate)
  .nullish()
  .transform((value) => (value?.trim() ? value.trim().slice(0, 10) : null))
  .refine((value) => value === null || isCalendarDate(value), roadmapMessages.invalidDate);

/**
 * Refuses an end date before the start date, beside the end date. Both are
 * YYYY-MM-DD (or null) once parsed, so their text order is their day order.
 */
export function checkDateOrder(
  value: { startDate?: string | null; endDate?: string | null },
  context: z.RefinementCtx,
): void {
  if (!datesInOrder(value.startDate, value.endDate)) {
    context.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: roadmapMessages.endBeforeStart,
    });
  }
}

/** Whether an end date (YYYY-MM-DD) is on or after a start date; true when either is absent. */
export function datesInOrder(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): boolean {
  if (!startDate || !endDate) return true;
  return endDate.slice(0, 10) >= startDate.slice(0, 10);
}

/** As the item form sends it (JSON-encoded text), as a list, or as comma-separated text. */
const textList = z
  .union(
    [z.string(), z.array(z.union([z.string(), z.number(), z.boolean()]))],
    roadmapMessages.invalidList,
  )
  .nullish()
  .transform((value, context) => {
    const list = toTextList(value);
    if (list === undefined) {
      context.addIssue({ code: 'custom', message: roadmapMessages.invalidList });
      return z.NEVER;
    }
    return list;
  });

const roadmapName = z
  .string(roadmapMessages.nameRequired)
  .trim()
  .min(1, roadmapMessages.nameRequired)
  .max(200);
const timelineType = z.enum(TIMELINE_TYPES, roadmapMessages.invalidTimelineType);
const roadmapStatus = z.string().trim().min(1).max(50);

/** A roadmap's fields without the date-order rule: forms pick from this one. */
export const roadmapFieldsSchema = z.object({
  name: roadmapName,
  description: optionalText,
  timelineType: timelineType.nullish().transform((value) => value ?? DEFAULT_TIMELINE_TYPE),
  startDate: optionalDate,
  endDate: optionalDate,
  status: roadmapStatus.optional(),
  isTemplate: z.boolean().optional(),
  templateName: optionalText,
});
export const createRoadmapRequest = roadmapFieldsSchema.superRefine(checkDateOrder);
export type CreateRoadmapRequest = z.infer<typeof createRoadmapRequest>;

/** Edits send the same fields; any left out stay as they are. */
export const updateRoadmapRequest = z
  .object({
    name: roadmapName.optional(),
    description: optionalText.optional(),
    timelineType: timelineType.optional(),
    startDate: optionalDate.optional(),
    endDate: optionalDate.optional(),
    status: roadmapStatus.optional(),
    isTemplate: z.boolean().optional(),
    templateName: optionalText.optional(),
  })
  .superRefine(checkDateOrder);
export type UpdateRoadmapRequest = z.infer<typeof updateRoadmapRequest>;

const itemTitle = z
  .string(roadmapMessages.titleRequired)
  .trim()
  .min(1, roadmapMessages.titleRequired)
  .max(500);
const priority = z.enum(ITEM_PRIORITIES, roadmapMessages.invalidPriority);
const status = z.enum(ITEM_STATUSES, roadmapMessages.invalidStatus);
const position = z.number().int().min(0).max(1_000_000_000);

/** An item's fields without the date-order rule: forms pick from this one. */
export const roadmapItemFieldsSchema = z.object({
  title: itemTitle,
  description: optionalText,
  priority: priority.nullish().transform((value) => value ?? DEFAULT_ITEM_PRIORITY),
  status: status.nullish().transform((value) => value ?? DEFAULT_ITEM_STATUS),
  startDate: optionalDate,
  endDate: optionalDate,
  assignedTo: optionalText,
  tags: textList,
  targetPersonas: textList,
  dependencies: textList,
  /** Order within the roadmap; new items go last when absent. */
  position: position.optional(),
});
export const createRoadmapItemRequest = roadmapItemFieldsSchema.superRefine(checkDateOrder);
export type CreateRoadmapItemRequest = z.infer<typeof createRoadmapItemRequest>;

/** Any field may change on its own: the kanban board sends only status and position. */
export const updateRoadmapItemRequest = z
  .object({
    title: itemTitle.optional(),
    description: optionalText.optional(),
    priority: priority.optional(),
    status: status.optional(),
    startDate: optionalDate.optional(),
    endDate: optionalDate.optional(),
    assignedTo: optionalText.optional(),
    tags: textList.optional(),
    targetPersonas: textList.optional(),
    dependencies: textList.optional(),
    position: position.optional(),
  })
  .superRefine(checkDateOrder);
export type UpdateRoadmapItemRequest = z.infer<typeof updateRoadmapItemRequest>;

export const importRoadmapYamlRequest = z.object({
  yamlContent: z.string(roadmapMessages.yamlContentRequired),
});

/** The editable fields of a roadmap item: what the forms send and what YAML import produces. */
export interface RoadmapItemFields {
  title: string;
  description: string | null;
  priority: ItemPriority;
  status: ItemStatus;
  startDate: string | null;
  endDate: string | null;
  assignedTo: string | null;
  tags: string[];
  targetPersonas: string[];
  dependencies: string[];
}

export interface RoadmapItem extends RoadmapItemFields {
  id: string;
  roadmapId: string;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export interface Roadmap {
  id: string;
  productId: string;
  name: string;
  description: string | null;
  timelineType: TimelineType;
  startDate: string | null;
  endDate: string | null;
  status: string;
  isTemplate: boolean;
  templateName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/roadmaps/:id */
export interface RoadmapWithItems extends Roadmap {
  items: RoadmapItem[];
}

/** One entry of GET /api/products/:productId/roadmaps (most recently updated first). */
export interface RoadmapSummary extends Roadmap {
  itemCount: number;
  inProgressCount: number;
  completedCount: number;
  plannedCount: number;
}

/** POST /api/roadmaps/:id/import-yaml */
export interface RoadmapImportResult {
  created: number;
  total: number;
  errors: string[];
}
