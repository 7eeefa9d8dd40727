/**
 * YAML import and export of roadmap items: the one module the import dialog
 * (browser) and the roadmap service (server) both run, so a file that the
 * dialog accepts is exactly one the server imports. Plain TypeScript and
 * js-yaml only: nothing here may need Node.js.
 */
import { CORE_SCHEMA, dump, load } from 'js-yaml';
import {
  DEFAULT_ITEM_PRIORITY,
  DEFAULT_ITEM_STATUS,
  isCalendarDate,
  ITEM_STATUSES,
  type ItemPriority,
  type ItemStatus,
  type RoadmapItemFields,
  toTextList,
} from './roadmaps';
import { expandedSize, scanYamlStructure, type YamlStructureLimits } from './yaml-guard';

/** Largest YAML file (and YAML text sent to the server): 5 MB. */
export const MAX_YAML_BYTES = 5 * 1024 * 1024;
/** The import dialog previews this many items, then "and N more". */
export const YAML_PREVIEW_ITEMS = 5;
export const ROADMAP_TEMPLATE_FILE_NAME = 'roadmap-template.yaml';

/**
 * A roadmap file needs four levels (root, roadmap_items, an item, its tags)
 * and has no use for aliases beyond a few shared lists; these limits leave
 * room for that and refuse documents built to exhaust the parser.
 */
const YAML_LIMITS: YamlStructureLimits = {
  maxAliases: 1000,
  maxAnchors: 1000,
  maxDepth: 20,
};
/**
 * Aliases may share a list between items, but not multiply the document:
 * written out in full it may be at most twice the largest file.
 */
const MAX_EXPANDED_YAML_SIZE = 2 * MAX_YAML_BYTES;

export const roadmapYamlMessages = {
  invalidFileType: 'Invalid File Type: Please upload a YAML file (.yaml or .yml).',
  fileTooLarge: 'File Too Large: File size must be less than 5MB.',
  notAnObject: 'YAML must contain a valid object structure.',
  missingItems: "YAML must contain 'roadmap_items' at the root level.",
  itemsNotArray: "'roadmap_items' must be an array.",
  parseError: (reason: string) => `YAML parsing error: ${reason}`,
  titleRequired: (n: number) => `Item ${n}: 'title' field is required.`,
  invalidPriority: (n: number) =>
    `Item ${n}: 'priority' must be one of: critical, high, medium, low.`,
  invalidStatus: (n: number) => `Item ${n}: 'status' must be one of: ${ITEM_STATUSES.join(', ')}.`,
  invalidDate: (n: number, field: string) =>
    `Item ${n}: '${field}' must be a date in YYYY-MM-DD format.`,
  invalidText: (n: number, field: string) => `Item ${n}: '${field}' must be text.`,
  invalidList: (n: number, field: string) => `Item ${n}: '${field}' must be a list of text.`,
} as const;

/**
 * YAML speaks in words, the app in P0-P3: high is P1, medium P2, low P3.
 * critical (P0) is accepted too, so that every exported item imports back
 * with the priority it had.
 */
const YAML_PRIORITIES: Record<string, ItemPriority> = {
  critical: 'P0',
  high: 'P1',
  medium: 'P2',
  low: 'P3',
};
const PRIORITY_WORDS: Record<ItemPriority, string> = {
  P0: 'critical',
  P1: 'high',
  P2: 'medium',
  P3: 'low',
};

/** The fields of one entry of roadmap_items, for the format guide. */
export const ROADMAP_YAML_FIELDS: { name: string; required: boolean; description: string }[] = [
  { name: 'title', required: true, description: 'The feature name. Cannot be blank.' },
  { name: 'description', required: false, description: 'What the feature is and why.' },
  {
    name: 'priority',
    required: false,
    description:
      'high, medium or low, imported as P1 (High), P2 (Medium) and P3 (Low); critical is P0 (Critical). Default: medium (P2).',
  },
  {
    name: 'status',
    required: false,
    description: `One of ${ITEM_STATUSES.join(', ')}. Default: ${DEFAULT_ITEM_STATUS}.`,
  },
  { name: 'start_date', required: false, description: 'A date written YYYY-MM-DD.' },
  { name: 'end_date', required: false, description: 'A date written YYYY-MM-DD.' },
  { name: 'assigned_to', required: false, description: 'Who owns the feature.' },
  { name: 'tags', required: false, description: 'A list of labels, e.g. [frontend, api].' },
  {
    name: 'target_personas',
    required: false,
    description: 'A list of the personas the feature is for.',
  },
  {
    name: 'dependencies',
    required: false,
    description: 'A list of the features this one waits for.',
  },
];

/** What Copy Template and Download Template give (roadmap-template.yaml). */
export const ROADMAP_YAML_TEMPLATE = `# Roadmap items for import. Only 'title' is required.
# priority: high, medium or low (imported as P1, P2 and P3; critical is P0)
# status: unplanned, planned, in_progress, completed or cancelled
# Dates are written YYYY-MM-DD.
roadmap_items:
  - title: User authentication
    description: Sign-up, sign-in and password reset for every customer.
    priority: high
    status: in_progress
    start_date: 2025-01-06
    end_date: 2025-02-28
    assigned_to: Platform team
    tags: [security, backend]
    target_personas: [Small business owner]
    dependencies: []
  - title: Analytics dashboard
    description: Weekly usage charts for account owners.
    priority: medium
    status: planned
    start_date: 2025-03-03
    end_date: 2025-04-30
    assigned_to: Insights team
    tags: [frontend, reporting]
    target_personas: [Operations manager]
    dependencies: [User authentication]
  - title: Mobile app
    priority: low
    status: unplanned
`;

export interface RoadmapYamlParse {
  /** The valid items, in file order, in the shape the API takes. */
  items: RoadmapItemFields[];
  /** The spec's messages: one for a document that cannot be read, else one per problem of an item. */
  errors: string[];
  /** Entries in roadmap_items (0 when the document itself was refused). */
  total: number;
}

/** UTF-8 size of text, without encoding it (it may be megabytes). */
export function utf8ByteLength(text: string): number {
  // Most YAML is ASCII: one native scan settles it at a byte per character.
  if (!/[\u0080-\uffff]/.test(text)) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair is one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function yamlTooLarge(text: string): boolean {
  // Each UTF-16 unit is 1 to 3 bytes, so most texts are decided by length alone.
  if (text.length > MAX_YAML_BYTES) return true;
  if (text.length * 3 <= MAX_YAML_BYTES) return false;
  return utf8ByteLength(text) > MAX_YAML_BYTES;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refused(message: string): RoadmapYamlParse {
  return { items: [], errors: [message], total: 0 };
}

function describeParseFailure(error: unknown): string {
  if (error instanceof Error) {
    const { reason, mark } = error as Error & {
      reason?: string;
      mark?: { line: number; column: number };
    };
    if (reason && mark) return `${reason} (line ${mark.line + 1}, column ${mark.column + 1})`;
    return reason ?? error.message;
  }
  return String(error);
}

/**
 * The checks that need no parsing: size, then the structural pre-scan
 * (aliases, anchors, nesting), then emptiness. The message that refuses the
 * text, or undefined. Cheap enough to run before passing text anywhere.
 */
export function screenRoadmapYaml(text: string): string | undefined {
  if (yamlTooLarge(text)) return roadmapYamlMessages.fileTooLarge;
  const scan = scanYamlStructure(text, YAML_LIMITS);
  if (!scan.ok) return roadmapYamlMessages.parseError(scan.reason);
  if (scan.empty) return roadmapYamlMessages.notAnObject;
  return undefined;
}

/** Reads YAML text as roadmap items: every valid item, and a message for every problem. */
export function parseRoadmapYaml(text: string): RoadmapYamlParse {
  const refusal = screenRoadmapYaml(text);
  if (refusal) return refused(refusal);

  let document: unknown;
  try {
    // CORE_SCHEMA is the safe one: plain data only, no custom types, and
    // dates stay text, as the rules below expect.
    document = load(text, {
      schema: CORE_SCHEMA,
      maxAliases: YAML_LIMITS.maxAliases,
      maxDepth: YAML_LIMITS.maxDepth,
    });
  } catch (error) {
    return refused(roadmapYamlMessages.parseError(describeParseFailure(error)));
  }
  if (expandedSize(document, MAX_EXPANDED_YAML_SIZE) > MAX_EXPANDED_YAML_SIZE) {
    return refused(roadmapYamlMessages.parseError('aliases expand the document beyond 10MB'));
  }
  if (!isRecord(document)) return refused(roadmapYamlMessages.notAnObject);
  if (!Object.hasOwn(document, 'roadmap_items')) return refused(roadmapYamlMessages.missingItems);
  const entries = document.roadmap_items;
  if (!Array.isArray(entries)) return refused(roadmapYamlMessages.itemsNotArray);

  const items: RoadmapItemFields[] = [];
  const errors: string[] = [];
  entries.forEach((entry: unknown, index) => {
    const item = readItem(entry, index + 1, errors);
    if (item) items.push(item);
  });
  return { items, errors, total: entries.length };
}

/** A scalar as trimmed text; null when absent or blank; undefined when not a scalar. */
function scalarText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const text = String(value).trim();
    return text || null;
  }
  return undefined;
}

function readItem(entry: unknown, n: number, errors: string[]): RoadmapItemFields | undefined {
  if (!isRecord(entry)) {
    errors.push(roadmapYamlMessages.titleRequired(n));
    return undefined;
  }
  const before = errors.length;

  const title = scalarText(entry.title);
  if (!title) errors.push(roadmapYamlMessages.titleRequired(n));

  const text = (field: string) => {
    const value = scalarText(entry[field]);
    if (value === undefined) errors.push(roadmapYamlMessages.invalidText(n, field));
    return value ?? null;
  };
  const description = text('description');
  const assignedTo = text('assigned_to');

  let priority: ItemPriority = DEFAULT_ITEM_PRIORITY;
  const priorityWord = scalarText(entry.priority);
  if (priorityWord !== null) {
    const mapped =
      priorityWord === undefined ? undefined : YAML_PRIORITIES[priorityWord.toLowerCase()];
    if (mapped) priority = mapped;
    else errors.push(roadmapYamlMessages.invalidPriority(n));
  }

  let status: ItemStatus = DEFAULT_ITEM_STATUS;
  const statusWord = scalarText(entry.status);
  if (statusWord !== null) {
    const found = ITEM_STATUSES.find((s) => s === statusWord?.toLowerCase());
    if (found) status = found;
    else errors.push(roadmapYamlMessages.invalidStatus(n));
  }

  const date = (field: string) => {
    const value = scalarText(entry[field]);
    if (value === null) return null;
    if (value !== undefined && isCalendarDate(value)) return value;
    errors.push(roadmapYamlMessages.invalidDate(n, field));
    return null;
  };
  const startDate = date('start_date');
  const endDate = date('end_date');

  const list = (field: string) => {
    const value = toTextList(entry[field]);
    if (value === undefined) errors.push(roadmapYamlMessages.invalidList(n, field));
    return value ?? [];
  };
  const tags = list('tags');
  const targetPersonas = list('target_personas');
  const dependencies = list('dependencies');

  if (errors.length > before || !title) return undefined;
  return {
    title,
    description,
    priority,
    status,
    startDate,
    endDate,
    assignedTo,
    tags,
    targetPersonas,
    dependencies,
  };
}

/**
 * Roadmap items as a YAML file that parseRoadmapYaml reads back to the same
 * items (empty fields are left out: they import as their defaults).
 */
export function exportRoadmapYaml(items: readonly RoadmapItemFields[]): string {
  const entries = items.map((item) => {
    const entry: Record<string, string | string[]> = { title: item.title };
    if (item.description) entry.description = item.description;
    entry.priority = PRIORITY_WORDS[item.priority];
    entry.status = item.status;
    if (item.startDate) entry.start_date = item.startDate;
    if (item.endDate) entry.end_date = item.endDate;
    if (item.assignedTo) entry.assigned_to = item.assignedTo;
    if (item.tags.length > 0) entry.tags = [...item.tags];
    if (item.targetPersonas.length > 0) entry.target_personas = [...item.targetPersonas];
    if (item.dependencies.length > 0) entry.dependencies = [...item.dependencies];
    return entry;
  });
  // noRefs: equal lists are written out each time, never as aliases.
  return dump({ roadmap_items: entries }, { noRefs: true, lineWidth: -1 });
}
