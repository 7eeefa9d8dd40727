import { readCsvTable } from '@chorus/contracts';
import {
  checkFrame,
  findLevel,
  findTrait,
  fitJoint,
  type FrameLevel,
  type FrameTrait,
  type PopulationFrame,
  SHARE_TOLERANCE,
  unknownLevel,
} from './frame';

/**
 * A population frame of one's own: target shares uploaded as a CSV table,
 * or the shares observed in a list of customers. Either starts from a
 * national frame (the base); traits it names replace the base's, traits it
 * adds become traits of their own, and the base's other traits stay.
 */

/** At most this many traits in an upload … */
const MAX_UPLOAD_TRAITS = 20;
/** … and this many levels in a trait. */
const MAX_UPLOAD_LEVELS = 50;
/** A customer list needs this many rows to give shares. */
const MIN_CUSTOMERS = 20;
/** A customer column becomes a trait when it has from 2 to this many different values. */
const MAX_CUSTOMER_LEVELS = 12;

const UPLOAD = 'Your upload';

/** Lower case, letters and digits kept, the rest as single hyphens: "Plan type" → "plan-type". */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+.]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

interface Uploaded {
  name: string;
  levels: { name: string; share: number }[];
}

type Built = { frame: PopulationFrame } | { problem: string };

/**
 * The base frame with the uploaded traits: one named like a base trait (its
 * id or label, case aside) replaces it and must use its levels (by id or
 * label; levels left out get 0); any other becomes a trait of its own (id a
 * slug of its name, label as written). Shares are checked to add to 100 %
 * within half a point, then scaled to add to exactly 1. When age band or
 * sex is replaced, the age × sex joint is fitted to the new shares.
 */
function build(base: PopulationFrame, uploaded: Uploaded[], name: string | undefined): Built {
  if (uploaded.length > MAX_UPLOAD_TRAITS) {
    return {
      problem: `There are ${uploaded.length} traits; at most ${MAX_UPLOAD_TRAITS} can be used.`,
    };
  }
  const replaced = new Map<string, FrameTrait>();
  const own: FrameTrait[] = [];
  const takenIds = new Set(base.traits.map((t) => t.id));
  for (const trait of uploaded) {
    if (trait.levels.length > MAX_UPLOAD_LEVELS) {
      return {
        problem: `${trait.name} has ${trait.levels.length} levels; at most ${MAX_UPLOAD_LEVELS} can be used.`,
      };
    }
    if (trait.levels.length < 2) {
      return { problem: `${trait.name} needs at least 2 levels; it has ${trait.levels.length}.` };
    }
    const total = trait.levels.reduce((sum, l) => sum + l.share, 0);
    if (Math.abs(total - 1) > SHARE_TOLERANCE) {
      return {
        problem: `The shares of ${trait.name} add up to ${Math.round(total * 1000) / 10} %, not 100 %.`,
      };
    }
    const baseTrait = findTrait(base, trait.name);
    if (baseTrait) {
      if (replaced.has(baseTrait.id)) {
        return { problem: `${trait.name} is given twice (as ${baseTrait.label}).` };
      }
      const shares = new Map<string, number>();
      for (const level of trait.levels) {
        const found = findLevel(baseTrait, level.name);
        if (!found) return { problem: unknownLevel(baseTrait, level.name) };
        if (shares.has(found.id)) {
          return { problem: `${trait.name} has the level “${level.name}” twice.` };
        }
        shares.set(found.id, level.share / total);
      }
      replaced.set(baseTrait.id, {
        ...baseTrait,
        source: UPLOAD,
        levels: baseTrait.levels.map((l) => ({ ...l, share: shares.get(l.id) ?? 0 })),
      });
      continue;
    }
    let id = slug(trait.name) || `trait-${own.length + 1}`;
    for (let k = 2; takenIds.has(id); k++) id = `${slug(trait.name) || 'trait'}-${k}`;
    takenIds.add(id);
    const levels: FrameLevel[] = [];
    for (const level of trait.levels) {
      const levelId = slug(level.name) || level.name;
      if (levels.some((l) => l.id === levelId)) {
        return { problem: `${trait.name} has the level “${level.name}” twice.` };
      }
      levels.push({ id: levelId, label: level.name, share: level.share / total });
    }
    own.push({ id, label: trait.name, levels, source: UPLOAD });
  }

  const traits = [...base.traits.map((t) => replaced.get(t.id) ?? t), ...own];
  let joint = base.joint;
  if (joint && joint.traits.some((id) => replaced.has(id))) {
    const [a, b] = joint.traits.map((id) => traits.find((t) => t.id === id)!);
    joint = fitJoint(joint, a!, b!);
  }
  const title = name ?? 'Your target shares';
  const frame: PopulationFrame = {
    id: 'custom',
    name: title,
    country: base.country,
    currency: base.currency,
    population: `${base.population}, with your target shares`,
    year: base.year,
    sources: [{ publisher: UPLOAD, title, year: base.year, url: '' }, ...base.sources],
    traits,
    ...(joint ? { joint } : {}),
  };
  const problem = checkFrame(frame);
  return problem ? { problem } : { frame };
}

/** "21", "21%", "21 %", "0.21" or "21,5" as a number; NaN when it is none. */
function parseShare(text: string): { value: number; percent: boolean } {
  const trimmed = text.trim();
  const percent = trimmed.endsWith('%');
  let number = trimmed.replace(/%$/, '').trim();
  if (/^-?\d+,\d+$/.test(number)) number = number.replace(',', '.');
  const value = number === '' ? Number.NaN : Number(number);
  return { value, percent };
}

/**
 * A frame from a table of target shares with the columns trait, level and
 * share (a header row is needed; column names in any case; other columns
 * are ignored). Shares are percentages (21, 21 %) or fractions (0.21),
 * decided for the whole file: fractions when every share is at most 1 and
 * none is written with %. See `build` for how traits are matched.
 *
 * Problems, in plain words naming the trait: a file that is not a table or
 * lacks a column, a share that is not a number or is negative, shares of a
 * trait that miss 100 % by more than half a point, fewer than 2 levels, a
 * level given twice, more than 20 traits or 50 levels in a trait, or an
 * unknown level of a trait the base has.
 */
export function frameFromSharesCsv(
  text: string,
  base: PopulationFrame,
  name?: string,
): { frame: PopulationFrame } | { problem: string } {
  const table = readCsvTable(text);
  if (!table.ok) return { problem: table.message };
  const column = (wanted: string) => table.names.indexOf(wanted);
  const [traitAt, levelAt, shareAt] = ['trait', 'level', 'share'].map(column);
  const missing = ['trait', 'level', 'share'].filter((_, i) => [traitAt, levelAt, shareAt][i]! < 0);
  if (missing.length > 0) {
    return {
      problem: `The table needs the columns trait, level and share; it has no ${missing.join(', ')} column (its columns: ${table.header.join(', ') || 'none'}).`,
    };
  }
  const groups = new Map<string, Uploaded>();
  const parsed: { group: Uploaded; level: string; value: number }[] = [];
  let anyPercentSign = false;
  let allAtMostOne = true;
  for (const [r, row] of table.rows.entries()) {
    const trait = (row[traitAt!] ?? '').trim();
    const level = (row[levelAt!] ?? '').trim();
    const shareText = (row[shareAt!] ?? '').trim();
    if (!trait && !level && !shareText) continue;
    if (!trait) return { problem: `Row ${r + 2} has no trait.` };
    if (!level) return { problem: `Row ${r + 2} has no level for ${trait}.` };
    const { value, percent } = parseShare(shareText);
    if (Number.isNaN(value)) {
      return { problem: `The share “${shareText}” of “${level}” for ${trait} is not a number.` };
    }
    if (value < 0) return { problem: `The share of “${level}” for ${trait} is negative.` };
    anyPercentSign ||= percent;
    allAtMostOne &&= value <= 1;
    // Rows name a base trait by its id or label, so group by what they name.
    const key = findTrait(base, trait)?.id ?? `own:${trait.toLowerCase()}`;
    const group = groups.get(key) ?? { name: trait, levels: [] };
    groups.set(key, group);
    parsed.push({ group, level, value });
  }
  if (parsed.length === 0) return { problem: 'The table has no shares in it.' };
  const divisor = allAtMostOne && !anyPercentSign ? 1 : 100;
  for (const { group, level, value } of parsed) {
    if (group.levels.some((l) => l.name.toLowerCase() === level.toLowerCase())) {
      return { problem: `${group.name} has the level “${level}” twice.` };
    }
    group.levels.push({ name: level, share: value / divisor });
  }
  return build(base, [...groups.values()], name);
}

/** Other names customer lists give standard traits. */
const columnSynonyms: Record<string, string> = { gender: 'sex' };

/** Other ways customer lists write a sex. */
const sexSynonyms: Record<string, string> = {
  f: 'female',
  w: 'female',
  woman: 'female',
  women: 'female',
  female: 'female',
  m: 'male',
  man: 'male',
  men: 'male',
  male: 'male',
};

const asNumber = (text: string) => {
  const cleaned = text.replace(/[\s,_]/g, '').replace(/^[^\d-]+/, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
};

/** The band of a number: age bands by their "18-29" / "75+" ids, income bands by min and max. */
function bandOf(trait: FrameTrait, value: number): string | undefined {
  if (trait.id === 'age') {
    return trait.levels.find((l) => {
      const closed = l.id.match(/^(\d+)-(\d+)$/);
      if (closed) return value >= Number(closed[1]) && value < Number(closed[2]) + 1;
      const open = l.id.match(/^(\d+)\+$/);
      return open ? value >= Number(open[1]) : false;
    })?.id;
  }
  return trait.levels.find(
    (l) =>
      typeof l.min === 'number' &&
      value >= l.min &&
      (l.max === null || value < (l.max ?? Infinity)),
  )?.id;
}

/**
 * A frame from a list of customers (one row each, columns as named in the
 * file): every column with 2 to 12 different non-empty values becomes a
 * trait with the shares observed among the rows that have a value. A column
 * named like a base trait (or "gender" for sex) replaces that trait and its
 * values must be the base's levels (sex also as F/M, woman/man …); an age
 * or income column of numbers is put into the base's bands first (ages
 * under 18 left out). Columns with more different values (names, e-mail
 * addresses) are ignored. A problem when the list has fewer than 20 rows or
 * no column qualifies.
 */
export function frameFromCustomers(
  rows: readonly Record<string, string>[],
  base: PopulationFrame,
  name?: string,
): { frame: PopulationFrame } | { problem: string } {
  if (rows.length < MIN_CUSTOMERS) {
    return {
      problem: `The list has ${rows.length} customers; at least ${MIN_CUSTOMERS} are needed to take shares from.`,
    };
  }
  const columns: string[] = [];
  for (const row of rows)
    for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const uploaded: Uploaded[] = [];
  for (const column of columns) {
    const header = column.trim();
    const baseTrait =
      findTrait(base, header) ??
      (columnSynonyms[header.toLowerCase()]
        ? findTrait(base, columnSynonyms[header.toLowerCase()]!)
        : undefined);
    let values = rows.map((r) => (r[column] ?? '').trim()).filter((v) => v !== '');
    if (values.length === 0) continue;
    if (
      baseTrait &&
      (baseTrait.id === 'age' || baseTrait.id === 'income') &&
      values.every((v) => !Number.isNaN(asNumber(v)))
    ) {
      values = values.flatMap((v) => {
        const band = bandOf(baseTrait, asNumber(v));
        return band === undefined ? [] : [band];
      });
    }
    const counts = new Map<string, { name: string; count: number }>();
    for (const value of values) {
      const key = value.toLowerCase();
      const entry = counts.get(key) ?? { name: value, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
    if (counts.size < 2 || counts.size > MAX_CUSTOMER_LEVELS) continue;
    let levels = [...counts.values()].map(({ name: level, count }) => ({
      name: level,
      share: count / values.length,
    }));
    if (baseTrait?.id === 'sex') {
      const merged = new Map<string, number>();
      for (const level of levels) {
        const id = sexSynonyms[level.name.toLowerCase()] ?? level.name;
        merged.set(id, (merged.get(id) ?? 0) + level.share);
      }
      levels = [...merged].map(([level, share]) => ({ name: level, share }));
      if (levels.length < 2) continue;
    }
    uploaded.push({ name: baseTrait ? baseTrait.label : header, levels });
  }
  if (uploaded.length === 0) {
    return {
      problem: `No column of the customer list has from 2 to ${MAX_CUSTOMER_LEVELS} different values, so there are no shares to take.`,
    };
  }
  return build(base, uploaded, name ?? 'Your customers');
}
