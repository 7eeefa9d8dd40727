import type { PanelDiversity } from '@chorus/contracts';

/**
 * How alike the personas of a panel are, from their traits rather than their
 * answers: a panel of near-copies echoes itself whatever it answers, and a
 * varied panel that happens to agree is a finding, not an echo.
 *
 * Each pair of personas gets a distance from 0 (the same person) to 1
 * (nothing in common): the mean, over the traits both have, of a distance
 * per trait (age, yearly income, place, occupation, household, values). The
 * panel's effective number of distinct personas is Leinster & Cobbold's
 * similarity-sensitive diversity of order 2 (an inverse Simpson index in
 * which similar personas count as partly the same person): n² / Σᵢⱼ zᵢⱼ,
 * with the similarity zᵢⱼ = max(0, 1 − dᵢⱼ / 0.5). Two personas that differ
 * in half their traits or more count as two people; identical ones as one.
 * (T. Leinster & C. A. Cobbold, "Measuring diversity: the importance of
 * species similarity", Ecology 93(3), 2012.)
 */

export interface PersonaTraits {
  age: number | null;
  /** A gender as written; only the advice uses it ("everyone is a woman"). */
  gender: string | null;
  /** Rough yearly income in US dollars. */
  incomeUsd: number | null;
  place: string | null;
  occupation: string | null;
  /** Who the persona lives with, as `householdOf` reads it. */
  household: Household | null;
  /** What the persona values and wants, in its own words (motivations, personality, lifestyle). */
  values: string;
}

type Household = 'alone' | 'couple' | 'children' | 'parents' | 'shared';

/** Two personas differing in this share of their traits or more count as two different people. */
const DISTINCT_AT = 0.5;
/** Closer than this, two personas are near-copies. */
const NEAR_COPY_BELOW = 0.25;
/** The alarm: a panel of at least this many... */
const PANEL_MIN_PERSONAS = 3;
/** ...that is like at most this share of its size in distinct people. */
const COPIES_AT_MOST_SHARE = 0.5;

const panelTraitNames = ['age', 'income', 'place', 'occupation', 'household', 'values'] as const;

const householdHints: readonly [Household, RegExp][] = [
  [
    'children',
    /\b(kids?|children|child|sons?|daughters?|toddlers?|baby|babies|teen(ager)?s?|twins|stepchildren|family of \d|(mother|father|mum|mom|dad|parent) of)\b/i,
  ],
  ['parents', /\b(with (his|her|their|my) parents|parents'? (home|house|place))\b/i],
  ['shared', /\b(flat ?mates?|room ?mates?|house ?mates?|shared (flat|house|apartment))\b/i],
  ['couple', /\b(married|wife|husband|partner|spouse|fianc[ée]e?|boyfriend|girlfriend)\b/i],
  [
    'alone',
    /\b(lives? alone|living alone|single|widow(ed|er)?|divorced|on (his|her|their) own)\b/i,
  ],
];

/** Who a persona lives with, from its own words; null when they do not say. */
export function householdOf(text: string): Household | null {
  const childless = /\b(no|without) (kids|children)\b|\bchildless\b/i.test(text);
  return (
    householdHints.find(
      ([household, pattern]) => !(childless && household === 'children') && pattern.test(text),
    )?.[0] ?? null
  );
}

const stopWords = new Set(
  'about above after again against also among and any are because been before being between both but can could does doing down each every few from further have having here into its itself just like more most much must never none nor not now off once only other over own same should some such than that their them then there these they this those through under until very was were what when where which while who whom why will with within without would your yours'.split(
    ' ',
  ),
);

function words(text: string): Set<string> {
  const found = new Set<string>();
  for (const raw of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (raw.length < 4 || stopWords.has(raw)) continue;
    found.add(raw.replace(/(ing|ed|es|s)$/u, ''));
  }
  return found;
}

function jaccardDistance(a: Set<string>, b: Set<string>): number | null {
  if (a.size === 0 || b.size === 0) return null;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return 1 - shared / (a.size + b.size - shared);
}

const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N},\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const placeParts = (place: string) =>
  plain(place)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const seniority =
  /\b(senior|junior|lead|head|chief|principal|assistant|trainee|retired|part time|freelance)\b/g;
const jobWords = (job: string) =>
  new Set(
    plain(job)
      .replace(seniority, ' ')
      .split(/[\s,]+/)
      .filter((w) => w.length > 2 && !stopWords.has(w)),
  );

interface Prepared {
  traits: PersonaTraits;
  values: Set<string>;
  place: string[];
  job: Set<string>;
}

/** Distance per trait, 0 to 1, or null when either persona does not say. */
const traitDistances: Record<
  (typeof panelTraitNames)[number],
  (a: Prepared, b: Prepared) => number | null
> = {
  // Thirty years apart or more: as different as ages get in a panel of adults.
  age: (a, b) =>
    a.traits.age === null || b.traits.age === null
      ? null
      : Math.min(1, Math.abs(a.traits.age - b.traits.age) / 30),
  // Four times the income or more: another way of living.
  income: (a, b) =>
    a.traits.incomeUsd === null ||
    b.traits.incomeUsd === null ||
    a.traits.incomeUsd <= 0 ||
    b.traits.incomeUsd <= 0
      ? null
      : Math.min(1, Math.abs(Math.log(a.traits.incomeUsd / b.traits.incomeUsd)) / Math.log(4)),
  // The same town; the same region or country counts half.
  place: (a, b) => {
    if (a.place.length === 0 || b.place.length === 0) return null;
    if (a.place[0] === b.place[0]) return 0;
    return a.place.at(-1) === b.place.at(-1) && a.place.length > 1 ? 0.5 : 1;
  },
  // The same job (seniority aside); a shared word ("nurse", "engineer") counts half.
  occupation: (a, b) => {
    if (a.job.size === 0 || b.job.size === 0) return null;
    const same = a.job.size === b.job.size && [...a.job].every((w) => b.job.has(w));
    if (same) return 0;
    return [...a.job].some((w) => b.job.has(w)) ? 0.5 : 1;
  },
  household: (a, b) =>
    a.traits.household === null || b.traits.household === null
      ? null
      : a.traits.household === b.traits.household
        ? 0
        : 1,
  // Share of the words about what they value and want that the two do not share.
  values: (a, b) => jaccardDistance(a.values, b.values),
};

function prepare(traits: PersonaTraits): Prepared {
  return {
    traits,
    values: words(traits.values),
    place: traits.place ? placeParts(traits.place) : [],
    job: traits.occupation ? jobWords(traits.occupation) : new Set(),
  };
}

/** The distance between two personas: the mean of the trait distances both have; null when they share none. */
export function personaDistance(a: PersonaTraits, b: PersonaTraits): number | null {
  return preparedDistance(prepare(a), prepare(b));
}

function preparedDistance(a: Prepared, b: Prepared): number | null {
  const known = panelTraitNames
    .map((name) => traitDistances[name](a, b))
    .filter((d): d is number => d !== null);
  if (known.length === 0) return null;
  return known.reduce((sum, d) => sum + d, 0) / known.length;
}

const usd = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;

const householdWords: Record<Household, string> = {
  alone: 'everyone lives alone',
  couple: 'everyone lives as a couple without children',
  children: 'everyone has children at home',
  parents: 'everyone lives with their parents',
  shared: 'everyone shares a home with flatmates',
};

function titleCase(text: string): string {
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

/** What the whole panel has in common, in plain words: the gaps a researcher would fill. */
export function panelGaps(traits: readonly PersonaTraits[]): string[] {
  if (traits.length < 2) return [];
  const gaps: string[] = [];
  const ages = traits.map((t) => t.age).filter((a): a is number => a !== null);
  if (ages.length === traits.length) {
    if (Math.min(...ages) >= 30) gaps.push('no one under 30');
    if (Math.max(...ages) <= 45) gaps.push('no one over 45');
  }
  const genders = traits.map((t) => (t.gender ?? '').trim().toLowerCase());
  if (genders.every((g) => g === 'female')) gaps.push('everyone is a woman');
  else if (genders.every((g) => g === 'male')) gaps.push('everyone is a man');
  const incomes = traits.map((t) => t.incomeUsd).filter((i): i is number => i !== null && i > 0);
  if (incomes.length === traits.length) {
    const low = Math.min(...incomes);
    const high = Math.max(...incomes);
    if (low > 100_000) gaps.push('everyone earns over $100,000 a year');
    else if (high < 40_000) gaps.push('everyone earns under $40,000 a year');
    else if (high / low < 1.5) {
      gaps.push(`everyone earns between ${usd(low)} and ${usd(high)} a year`);
    }
  }
  const places = traits.map((t) => (t.place ? placeParts(t.place) : []));
  if (places.every((p) => p.length > 0)) {
    if (places.every((p) => p[0] === places[0]![0])) {
      gaps.push(`everyone lives in ${titleCase(places[0]![0]!)}`);
    } else if (places.every((p) => p.length > 1 && p.at(-1) === places[0]!.at(-1))) {
      gaps.push(`everyone lives in ${titleCase(places[0]!.at(-1)!)}`);
    }
  }
  const jobs = traits.map((t) => (t.occupation ? [...jobWords(t.occupation)].join(' ') : ''));
  if (jobs.every((j) => j !== '' && j === jobs[0])) {
    const job = traits[0]!.occupation!.trim().toLowerCase();
    gaps.push(`everyone is ${/^[aeiou]/.test(job) ? 'an' : 'a'} ${job}`);
  }
  const households = traits.map((t) => t.household);
  if (households.every((h) => h !== null && h === households[0])) {
    gaps.push(householdWords[households[0]!]);
  }
  return gaps;
}

/** The panel's diversity, stored with the run: how many distinct people it is like, and its gaps. */
export function panelDiversity(traits: readonly PersonaTraits[]): PanelDiversity {
  const n = traits.length;
  const prepared = traits.map(prepare);
  let similarity = n;
  let distanceSum = 0;
  let pairs = 0;
  const near = Array.from({ length: n }, (_, i) => i);
  const root = (i: number): number => (near[i] === i ? i : (near[i] = root(near[i]!)));
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const d = preparedDistance(prepared[i]!, prepared[j]!) ?? 1;
      similarity += 2 * Math.max(0, 1 - d / DISTINCT_AT);
      distanceSum += d;
      pairs += 1;
      if (d < NEAR_COPY_BELOW) near[root(i)] = root(j);
    }
  }
  const groups = new Map<number, number>();
  for (let i = 0; i < n; i += 1) groups.set(root(i), (groups.get(root(i)) ?? 0) + 1);
  const largest = Math.max(0, ...groups.values());
  const round2 = (x: number) => Math.round(x * 100) / 100;
  return {
    personas: n,
    effective: n === 0 ? 0 : round2((n * n) / similarity),
    meanDistance: pairs === 0 ? 0 : round2(distanceSum / pairs),
    nearCopies: largest > 1 ? largest : 0,
    gaps: panelGaps(traits),
  };
}

/** True when the panel is like at most half its size in distinct people (and has at least three personas). */
export function isPanelOfCopies(panel: PanelDiversity): boolean {
  return (
    panel.personas >= PANEL_MIN_PERSONAS && panel.effective <= panel.personas * COPIES_AT_MOST_SHARE
  );
}
