/**
 * Population frames: the shares of a country's adults by age band, sex,
 * household income, region, household and education, each from national
 * statistics, that market panels are drawn and weighted to. A frame is data;
 * the functions here check it, find its traits and levels by name and say a
 * level in words.
 */

export interface FrameLevel {
  id: string;
  label: string;
  share: number;
  /** Income bands: yearly household income bounds in the frame currency (min inclusive, max exclusive; null for the top band). */
  min?: number;
  max?: number | null;
}

export interface FrameTrait {
  id: string;
  label: string;
  levels: FrameLevel[];
  /** A short citation: publisher, table, year. */
  source: string;
}

interface FrameSource {
  publisher: string;
  title: string;
  year: number;
  url: string;
}

export interface PopulationFrame {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2, e.g. "GB" */
  country: string;
  /** ISO 4217 */
  currency: string;
  population: string;
  year: number;
  sources: FrameSource[];
  traits: FrameTrait[];
  /** Joint shares of two traits (age band × sex), cell key `${levelA}|${levelB}`, adding to 1; consistent with both traits' marginals */
  joint?: { traits: [string, string]; shares: Record<string, number> };
}

/** The six traits every national frame has, in this order. */
export const STANDARD_TRAITS = [
  'age',
  'sex',
  'income',
  'region',
  'household',
  'education',
] as const;

/** Shares of a trait (or a joint) may miss 100 % by this much, rounding aside: half a percentage point. */
export const SHARE_TOLERANCE = 0.005;

const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;

/** The key of a cell of a joint: `${levelA}|${levelB}`. */
export const jointKey = (a: string, b: string) => `${a}|${b}`;

/**
 * What is wrong with a frame, in plain words, or undefined when nothing is:
 * a trait with fewer than 2 levels, a duplicate trait or level id, a
 * negative share, shares of a trait that do not add to 100 % within half a
 * point, or a joint whose cells are unknown, do not add to 100 % or do not
 * match its traits' shares within half a point.
 */
export function checkFrame(frame: PopulationFrame): string | undefined {
  if (frame.traits.length === 0) return `${frame.name} has no traits.`;
  const traitIds = new Set<string>();
  for (const trait of frame.traits) {
    if (traitIds.has(trait.id)) return `${frame.name} has the trait “${trait.id}” twice.`;
    traitIds.add(trait.id);
    if (trait.levels.length < 2) return `${trait.label} has fewer than 2 levels.`;
    const levelIds = new Set<string>();
    let total = 0;
    for (const level of trait.levels) {
      if (levelIds.has(level.id)) return `${trait.label} has the level “${level.id}” twice.`;
      levelIds.add(level.id);
      if (!Number.isFinite(level.share)) return `${trait.label}: “${level.label}” has no share.`;
      if (level.share < 0) return `${trait.label}: “${level.label}” has a negative share.`;
      total += level.share;
    }
    if (Math.abs(total - 1) > SHARE_TOLERANCE) {
      return `The shares of ${trait.label.toLowerCase()} add up to ${percent(total)}, not 100 %.`;
    }
  }
  return frame.joint ? checkJoint(frame, frame.joint) : undefined;
}

function checkJoint(
  frame: PopulationFrame,
  joint: NonNullable<PopulationFrame['joint']>,
): string | undefined {
  const [a, b] = joint.traits.map((id) => frame.traits.find((t) => t.id === id));
  if (!a || !b) return `The joint shares name a trait the frame does not have.`;
  const name = `${a.label.toLowerCase()} by ${b.label.toLowerCase()}`;
  const rows = new Map(a.levels.map((l) => [l.id, 0]));
  const columns = new Map(b.levels.map((l) => [l.id, 0]));
  let total = 0;
  for (const [key, share] of Object.entries(joint.shares)) {
    const [x, y] = key.split('|');
    if (x === undefined || y === undefined || !rows.has(x) || !columns.has(y)) {
      return `The shares of ${name} have a cell “${key}” that is not a pair of their levels.`;
    }
    if (!Number.isFinite(share) || share < 0) {
      return `The shares of ${name} have a negative share for “${key}”.`;
    }
    rows.set(x, rows.get(x)! + share);
    columns.set(y, columns.get(y)! + share);
    total += share;
  }
  if (Math.abs(total - 1) > SHARE_TOLERANCE) {
    return `The shares of ${name} add up to ${percent(total)}, not 100 %.`;
  }
  for (const [trait, sums] of [
    [a, rows],
    [b, columns],
  ] as const) {
    for (const level of trait.levels) {
      const sum = sums.get(level.id)!;
      if (Math.abs(sum - level.share) > SHARE_TOLERANCE) {
        return `The shares of ${name} give ${level.label} ${percent(sum)}, but ${trait.label.toLowerCase()} gives it ${percent(level.share)}.`;
      }
    }
  }
  return undefined;
}

/**
 * The joint made to match new shares of its two traits by iterative
 * proportional fitting (rows, then columns, until both match within 1e-12
 * or 200 cycles): the association between the two traits is kept, their
 * shares become the new ones. Cells of a level whose share is 0 become 0.
 */
export function fitJoint(
  joint: NonNullable<PopulationFrame['joint']>,
  a: FrameTrait,
  b: FrameTrait,
): NonNullable<PopulationFrame['joint']> {
  const cells = a.levels.map((x) =>
    b.levels.map((y) => Math.max(joint.shares[jointKey(x.id, y.id)] ?? 0, 1e-9)),
  );
  const scale = (targets: number[], sums: number[], apply: (i: number, f: number) => void) =>
    targets.forEach((t, i) => apply(i, sums[i]! > 0 ? t / sums[i]! : 0));
  for (let cycle = 0; cycle < 200; cycle++) {
    const rows = cells.map((row) => row.reduce((s, v) => s + v, 0));
    scale(
      a.levels.map((l) => l.share),
      rows,
      (i, f) => cells[i]!.forEach((_, j) => (cells[i]![j]! *= f)),
    );
    const columns = b.levels.map((_, j) => cells.reduce((s, row) => s + row[j]!, 0));
    scale(
      b.levels.map((l) => l.share),
      columns,
      (j, f) => cells.forEach((row) => (row[j]! *= f)),
    );
    const error = Math.max(
      ...a.levels.map((l, i) => Math.abs(cells[i]!.reduce((s, v) => s + v, 0) - l.share)),
    );
    if (error < 1e-12) break;
  }
  const shares: Record<string, number> = {};
  a.levels.forEach((x, i) =>
    b.levels.forEach((y, j) => (shares[jointKey(x.id, y.id)] = cells[i]![j]!)),
  );
  return { traits: joint.traits, shares };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The frame's trait called `name`, by id or label, case aside. */
export function findTrait(frame: PopulationFrame, name: string): FrameTrait | undefined {
  return frame.traits.find((t) => same(t.id, name) || same(t.label, name));
}

/** The trait's level called `name`, by id or label, case aside. */
export function findLevel(trait: FrameTrait, name: string): FrameLevel | undefined {
  return trait.levels.find((l) => same(l.id, name) || same(l.label, name));
}

/** "Unknown level “x” for age band: use one of 18–29, 30–44, …" */
export function unknownLevel(trait: FrameTrait, name: string): string {
  return `Unknown level “${name}” for ${trait.label.toLowerCase()}: use one of ${trait.levels
    .map((l) => l.label)
    .join(', ')}.`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Regions named by a point of the compass take "the": "in the North East", not "in North Rhine-Westphalia". */
const compassRegion =
  /^(North|South|East|West|Central|Centre|Midwest|Northeast|Northwest|Southeast|Southwest)\b(?![ -]Rhine)/;

const householdGroups: Record<string, string> = {
  alone: 'living alone',
  couple: 'living as a couple without children at home',
  children: 'with children under 18 at home',
  other: 'living with other adults',
};

const educationGroups: Record<string, string> = {
  'below-secondary': 'without upper-secondary education',
  secondary: 'with upper-secondary education',
  tertiary: 'with tertiary education',
};

/**
 * A level as a group of people, to follow "8 % …" or "people …": "aged
 * 18–29", "women", "in London", "living alone", "with household income
 * under £25,000"; for a trait of its own, "with <trait> “<level>”".
 */
export function levelGroup(
  traitId: string,
  traitLabel: string,
  level: { id: string; label: string },
): string {
  switch (traitId) {
    case 'age':
      return `aged ${level.label}`;
    case 'sex':
      if (level.id === 'female') return 'women';
      if (level.id === 'male') return 'men';
      break;
    case 'income':
      return `with household income ${lowerFirst(level.label)}`;
    case 'region':
      return `in ${compassRegion.test(level.label) ? 'the ' : ''}${level.label}`;
    case 'household':
      if (householdGroups[level.id]) return householdGroups[level.id]!;
      break;
    case 'education':
      if (educationGroups[level.id]) return educationGroups[level.id]!;
      break;
  }
  return `with ${lowerFirst(traitLabel)} “${level.label}”`;
}

/** A level as what one person is, to follow "Nobody in the panel is …": "aged 75 and over", "a woman", "in London". */
export function levelPredicate(
  traitId: string,
  traitLabel: string,
  level: { id: string; label: string },
): string {
  const group = levelGroup(traitId, traitLabel, level);
  if (group === 'women') return 'a woman';
  if (group === 'men') return 'a man';
  return group;
}

/** A level's group as the subject of a sentence: "Women", "People aged 18–29". */
export function levelSubject(
  traitId: string,
  traitLabel: string,
  level: { id: string; label: string },
): string {
  const group = levelGroup(traitId, traitLabel, level);
  if (group === 'women' || group === 'men') return group.charAt(0).toUpperCase() + group.slice(1);
  return `People ${group}`;
}

/** A share as a whole percentage: "21 %". */
export function wholePercent(share: number): string {
  return `${Math.round(share * 100)} %`;
}
