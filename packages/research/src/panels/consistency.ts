import type { RandomGenerator } from 'pure-rand';
import { type PopulationFrame, STANDARD_TRAITS } from './frame';
import { moneyText } from './money';
import { integerBetween, panelGenerator, pick, uniform, weightedIndex } from './random';

/**
 * Consistency rules: what a panel member's traits may not say together, how
 * strongly traits lean towards each other when a panel is drawn, and the
 * facts (age, income, job …) a persona is given from its traits. The rules
 * are plain judgements of plausibility, written down here, not fitted
 * cross-tables.
 */

interface ConflictRule {
  /** The traits the rule reads; a quota draw repairs a conflict by swapping the first that is not in the frame's joint. */
  traits: readonly [string, string];
  conflicts: (traits: Record<string, string>) => boolean;
  reason: string;
}

/**
 * The hard rules. One so far: no children under 18 at home for someone 75 or
 * over (a parent at 57 or older, or a grandparent raising grandchildren, is
 * too rare to draw).
 */
export const CONFLICT_RULES: readonly ConflictRule[] = [
  {
    traits: ['household', 'age'],
    conflicts: (t) => t.age === '75+' && t.household === 'children',
    reason: 'a household with children at home for someone 75 or over',
  },
];

/** Why these traits cannot go together, in plain words; [] when they can. Traits a rule does not know are ignored. */
export function traitConflicts(traits: Record<string, string>): string[] {
  return CONFLICT_RULES.filter((rule) => rule.conflicts(traits)).map((rule) => rule.reason);
}

/**
 * How much more (above 1) or less (below 1) likely a level of `trait` is for
 * a member with these traits, when quotas are shared out: the soft rules.
 * A household with other adults (parents, flatmates) is common at 18–29;
 * children at home peak at 30–59; living alone and as a couple rise with
 * age; no children at home at 75 or over. Older adults more often left
 * school early; a degree makes a higher income band likelier and leaving
 * school early a lower one.
 */
export function affinity(
  traitId: string,
  levelId: string,
  levelIndex: number,
  levelCount: number,
  traits: Record<string, string>,
): number {
  const age = traits.age;
  if (traitId === 'household' && age) {
    return householdByAge[age]?.[levelId] ?? 1;
  }
  if (traitId === 'education' && age) {
    return educationByAge[age]?.[levelId] ?? 1;
  }
  if (traitId === 'income' && traits.education && levelCount > 1) {
    const lean = incomeLean[traits.education] ?? 0;
    return Math.exp(lean * (levelIndex / (levelCount - 1) - 0.5));
  }
  return 1;
}

const householdByAge: Record<string, Record<string, number>> = {
  '18-29': { alone: 0.6, couple: 0.6, children: 0.7, other: 2.5 },
  '30-44': { alone: 0.8, couple: 0.7, children: 1.8, other: 0.6 },
  '45-59': { alone: 0.9, couple: 1.0, children: 1.3, other: 0.8 },
  '60-74': { alone: 1.3, couple: 1.8, children: 0.3, other: 0.6 },
  '75+': { alone: 2.2, couple: 1.4, children: 0, other: 0.7 },
};

const educationByAge: Record<string, Record<string, number>> = {
  '18-29': { 'below-secondary': 0.8, secondary: 1.2, tertiary: 0.9 },
  '30-44': { 'below-secondary': 0.8, secondary: 0.9, tertiary: 1.3 },
  '45-59': { 'below-secondary': 1, secondary: 1, tertiary: 1 },
  '60-74': { 'below-secondary': 1.2, secondary: 1, tertiary: 0.8 },
  '75+': { 'below-secondary': 1.6, secondary: 0.9, tertiary: 0.6 },
};

/** From the lowest income band to the highest, the likelihood grows by e^lean. */
const incomeLean: Record<string, number> = {
  'below-secondary': -1.2,
  secondary: 0,
  tertiary: 1.2,
};

type OccupationGroup =
  | 'student'
  | 'manual'
  | 'service'
  | 'professional'
  | 'managerial'
  | 'retired'
  | 'homemaker'
  | 'unemployed';

export interface PersonaFacts {
  age: number;
  sex: 'female' | 'male';
  ageBand: string;
  incomePerYear: number;
  /** "£32,000 a year", in the frame's currency */
  incomeText: string;
  /** The region's label */
  region: string;
  /** The frame's name */
  country: string;
  household: string;
  householdText: string;
  education: string;
  occupationGroup: OccupationGroup;
  /** A job title fitting the group, the age and the education */
  occupation: string;
  /** The member's traits that are not standard traits, as they are. */
  custom: Record<string, string>;
}

/** The ages a band spans: "18-29" is 18 to 29; an open band ("75+") runs to 90. */
function ageRange(band: string | undefined): [number, number] {
  const closed = band?.match(/^(\d+)\s*[-–]\s*(\d+)$/);
  if (closed) return [Number(closed[1]), Number(closed[2])];
  const open = band?.match(/^(\d+)\s*\+$/);
  if (open) return [Number(open[1]), Math.max(90, Number(open[1]))];
  return [18, 80];
}

/** Rounded to 3 significant figures, and kept below the band's upper bound. */
function roundIncome(value: number, high: number): number {
  if (value <= 0) return 0;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 2);
  const rounded = Math.round(value / step) * step;
  return rounded >= high ? Math.floor((high - 1) / step) * step : rounded;
}

/**
 * A yearly household income inside the member's band, drawn uniformly: from
 * the band's lower bound to its upper bound; the lowest band (from 0) from
 * 40 % of its upper bound, as a household living on nearly nothing for a
 * year is rare; the open top band from its lower bound to 2.5 times it.
 */
function drawIncome(
  frame: PopulationFrame,
  levelId: string | undefined,
  rng: RandomGenerator,
): number {
  const level = frame.traits.find((t) => t.id === 'income')?.levels.find((l) => l.id === levelId);
  if (!level || typeof level.min !== 'number') return 0;
  const high = typeof level.max === 'number' ? level.max : level.min * 2.5;
  const low = level.min > 0 ? level.min : 0.4 * high;
  return roundIncome(low + uniform(rng) * (high - low), high);
}

const titles: Record<
  'professional' | 'managerial' | 'service' | 'manual',
  Record<string, readonly string[]>
> = {
  professional: {
    tertiary: [
      'software developer',
      'secondary school teacher',
      'nurse',
      'accountant',
      'civil engineer',
      'pharmacist',
      'lawyer',
      'doctor',
      'data analyst',
      'architect',
      'social worker',
      'university lecturer',
    ],
    secondary: [
      'IT support technician',
      'paralegal',
      'laboratory technician',
      'dental nurse',
      'bookkeeper',
      'draughtsperson',
    ],
    'below-secondary': ['bookkeeper', 'IT support technician'],
  },
  managerial: {
    tertiary: [
      'project manager',
      'marketing manager',
      'finance director',
      'operations manager',
      'HR manager',
      'head teacher',
    ],
    secondary: [
      'store manager',
      'office manager',
      'restaurant manager',
      'logistics supervisor',
      'small business owner',
    ],
    'below-secondary': ['small business owner', 'site supervisor', 'shop owner', 'farm owner'],
  },
  service: {
    tertiary: [
      'sales executive',
      'recruitment consultant',
      'administrative officer',
      'customer success specialist',
    ],
    secondary: [
      'retail assistant',
      'care worker',
      'customer service adviser',
      'receptionist',
      'hairdresser',
      'chef',
      'bank clerk',
      'teaching assistant',
    ],
    'below-secondary': [
      'cleaner',
      'retail assistant',
      'kitchen porter',
      'care assistant',
      'waiter',
      'security guard',
    ],
  },
  manual: {
    tertiary: ['electrician', 'carpenter', 'mechanic'],
    secondary: [
      'electrician',
      'plumber',
      'mechanic',
      'delivery driver',
      'carpenter',
      'machine operator',
    ],
    'below-secondary': [
      'warehouse operative',
      'construction labourer',
      'farm worker',
      'factory worker',
      'delivery driver',
      'truck driver',
    ],
  },
};

const workWeights: Record<
  string,
  Record<'professional' | 'managerial' | 'service' | 'manual', number>
> = {
  tertiary: { professional: 0.5, managerial: 0.22, service: 0.22, manual: 0.06 },
  secondary: { professional: 0.15, managerial: 0.12, service: 0.43, manual: 0.3 },
  'below-secondary': { professional: 0.02, managerial: 0.05, service: 0.43, manual: 0.5 },
};

const workGroups = ['professional', 'managerial', 'service', 'manual'] as const;

function workingGroup(
  age: number,
  education: string,
  rng: RandomGenerator,
): (typeof workGroups)[number] {
  const weights = workWeights[education] ?? workWeights.secondary!;
  const ageFactor = age < 25 ? 0.2 : age >= 35 ? 1.4 : 1;
  const index = weightedIndex(
    workGroups.map((g) => weights[g] * (g === 'managerial' ? ageFactor : 1)),
    rng,
  );
  return workGroups[Math.max(0, index)]!;
}

function jobTitle(
  group: (typeof workGroups)[number],
  education: string,
  rng: RandomGenerator,
): string {
  const byEducation = titles[group];
  return pick(byEducation[education] ?? byEducation.secondary!, rng);
}

/**
 * The occupation group, by these rules in turn: retired with probability
 * 0.85 at 67 or over, 0.35 at 60–66 and 0.08 at 55–59 (never under 55); a
 * student with probability 0.5 at 18–24 (0.15 without upper-secondary
 * education) and 0.06 at 25–35 with a degree (never over 35); then
 * unemployed 0.05 and homemaker 0.05 (0.12 with children at home); else
 * working, in a group by education: with a degree mostly professional or
 * managerial, without upper-secondary education mostly manual or service;
 * managers are rarer under 25 and commoner from 35.
 */
function occupationOf(
  age: number,
  education: string,
  household: string,
  rng: RandomGenerator,
): { group: OccupationGroup; title: string } {
  const retiredChance = age >= 67 ? 0.85 : age >= 60 ? 0.35 : age >= 55 ? 0.08 : 0;
  if (uniform(rng) < retiredChance) {
    return {
      group: 'retired',
      title: `retired ${jobTitle(workingGroup(age, education, rng), education, rng)}`,
    };
  }
  const studentChance =
    age <= 24
      ? education === 'below-secondary'
        ? 0.15
        : 0.5
      : age <= 35 && education === 'tertiary'
        ? 0.06
        : 0;
  if (uniform(rng) < studentChance) {
    const title =
      age >= 25
        ? 'postgraduate student'
        : education === 'below-secondary' || age <= 19
          ? 'school or college student'
          : 'university student';
    return { group: 'student', title };
  }
  if (age < 67 && uniform(rng) < 0.05) return { group: 'unemployed', title: 'looking for work' };
  if (uniform(rng) < (household === 'children' ? 0.12 : 0.05)) {
    return {
      group: 'homemaker',
      title: household === 'children' ? 'stay-at-home parent' : 'homemaker',
    };
  }
  const group = workingGroup(age, education, rng);
  return { group, title: jobTitle(group, education, rng) };
}

/** Who the member lives with, in words that fit the age. */
function householdText(household: string | undefined, age: number, rng: RandomGenerator): string {
  switch (household) {
    case 'alone':
      return 'Lives alone';
    case 'couple':
      return 'Lives with a partner, no children at home';
    case 'children':
      return age >= 60
        ? 'Lives with grandchildren or children under 18'
        : 'Lives with children under 18';
    case 'other':
      if (age < 30) return pick(['Lives with parents', 'Shares a home with flatmates'], rng);
      if (age >= 60) return 'Lives with grown-up children or other family';
      return pick(['Lives with other family members', 'Shares a home with other adults'], rng);
    default:
      return '';
  }
}

/**
 * The facts of one panel member's persona, drawn from its traits with a
 * generator of its own (the same member and seed always give the same
 * facts): an age drawn uniformly in its band (75+ as 75–90), a household
 * income drawn in its band, an occupation that fits age, education and
 * household (the rules of `occupationOf`), and the region's label. Traits
 * that are not standard traits are passed through as they are.
 */
export function personaFacts(
  frame: PopulationFrame,
  member: { index: number; traits: Record<string, string> },
  seed: number,
): PersonaFacts {
  const t = member.traits;
  const rng = panelGenerator(
    seed,
    `facts:${frame.id}:${member.index}:${Object.entries(t)
      .map(([k, v]) => `${k}=${v}`)
      .join(';')}`,
  );
  const [low, high] = ageRange(t.age);
  const age = integerBetween(rng, low, high);
  const sex =
    t.sex === 'female' || t.sex === 'male' ? t.sex : uniform(rng) < 0.5 ? 'female' : 'male';
  const incomePerYear = drawIncome(frame, t.income, rng);
  const education = t.education ?? 'secondary';
  const household = t.household ?? '';
  const occupation = occupationOf(age, education, household, rng);
  const region = frame.traits.find((x) => x.id === 'region')?.levels.find((l) => l.id === t.region);
  const standard = new Set<string>(STANDARD_TRAITS);
  return {
    age,
    sex,
    ageBand: t.age ?? '',
    incomePerYear,
    incomeText: incomePerYear > 0 ? `${moneyText(incomePerYear, frame.currency)} a year` : '',
    region: region?.label ?? t.region ?? '',
    country: frame.name,
    household,
    householdText: householdText(t.household, age, rng),
    education,
    occupationGroup: occupation.group,
    occupation: occupation.title,
    custom: Object.fromEntries(Object.entries(t).filter(([k]) => !standard.has(k))),
  };
}
