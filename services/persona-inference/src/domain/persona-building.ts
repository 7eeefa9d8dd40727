import { createHash } from 'node:crypto';
import {
  ageBand,
  type CustomTraits,
  genderOption,
  type GivenTraits,
  occupationCategory,
  givenFields,
  type SafetyScores,
} from '@chorus/contracts';
import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { type Currency, formatMoney, readIncome } from './money';
import { type Trait, traitsIn } from './persona-reading';
import { countryOf, currencyOfPlace } from './places';

/**
 * Personas of a business's own customers, composed without a model. Every
 * trait the source states is kept as it says it. What it leaves out is
 * worked out to fit what it states, never copied from another person's life:
 * the income from the occupation, the currency of the place and the spending
 * habits the source describes; motivations and personality from the
 * source's own words; the place from the income's currency. The templates
 * closest to the stated facts (age band, gender, occupation category, income
 * band, country) lend only an age, a place or an occupation where nothing
 * states one, and their safety scores, averaged.
 */

/** The engine's traits with every stated one kept as the source said it. */
export function withGivenTraits(filled: CustomTraits, given: GivenTraits): CustomTraits {
  const traits = { ...filled };
  for (const field of givenFields(given)) {
    (traits as Record<string, unknown>)[field] =
      typeof given[field] === 'string' ? (given[field] as string).trim() : given[field];
  }
  return traits;
}

/** How many of the closest templates a persona is composed from. */
const CLOSEST_TEMPLATES = 3;

/** How far a template is from what a source states: 0 is as close as it gets. */
function templateDistance(given: GivenTraits, template: PersonaProfile): number {
  let distance = 0;
  if (given.age !== undefined) {
    distance += ageBand(given.age) === ageBand(template.age) ? 0 : 1;
    distance += Math.min(Math.abs(given.age - template.age), 40) / 40;
  }
  if (given.gender) {
    distance += genderOption(given.gender) === genderOption(template.gender) ? 0 : 1;
  }
  if (given.occupation) {
    const category = occupationCategory(given.occupation);
    distance += category === occupationCategory(template.occupation) ? 0 : 1.5;
  }
  if (given.income) {
    const band = readIncome(given.income).band;
    if (band) distance += band === readIncome(template.income).band ? 0 : 1;
  }
  if (given.location) {
    const country = countryOf(given.location);
    if (country && country === countryOf(template.location)) return distance;
    const words = new Set(
      given.location
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean),
    );
    const shared = template.location
      .toLowerCase()
      .split(/[\s,]+/)
      .some((word) => words.has(word));
    // Another country weighs more than another age band: a place's life is its own.
    distance += shared ? 0 : 1.5;
  }
  return distance;
}

/** The templates closest to the stated facts, closest first (ties by name, so it is repeatable). */
export function closestTemplates(
  given: GivenTraits,
  templates: readonly PersonaProfile[],
  count = CLOSEST_TEMPLATES,
): PersonaProfile[] {
  return templates
    .map((template) => ({ template, distance: templateDistance(given, template) }))
    .sort((a, b) => a.distance - b.distance || a.template.name.localeCompare(b.template.name))
    .slice(0, count)
    .map(({ template }) => template);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The templates' safety scores, averaged, one decimal each. */
export function averageSafetyScores(templates: readonly PersonaProfile[]): SafetyScores {
  const keys = ['economic', 'world', 'local', 'occupation'] as const;
  const scores = Object.fromEntries(
    keys.map((key) => {
      const values = templates.map((t) => t.safetyScores?.[key] ?? 5);
      return [key, round1(values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1))];
    }),
  ) as unknown as SafetyScores;
  return scores;
}

const firstNames = {
  Female: [
    'Amélie',
    'Claire',
    'Nadia',
    'Sofia',
    'Hannah',
    'Inès',
    'Maya',
    'Lucía',
    'Priya',
    'Emma',
  ],
  Male: [
    'Julien',
    'Marco',
    'Omar',
    'Lukas',
    'Daniel',
    'Hugo',
    'Rahul',
    'Thomas',
    'Kenji',
    'Samuel',
  ],
  Other: ['Alex', 'Sam', 'Charlie', 'Robin', 'Jordan', 'Camille', 'Noa', 'Eden', 'Kai', 'Morgan'],
};
const lastInitials = 'ABCDEFGHJKLMNPRSTVW';

/** A name for a customer the source does not name: the same source always gets the same name. */
export function customerName(sourceText: string, gender: string | null): string {
  const digest = createHash('sha256').update(sourceText).digest();
  const option = genderOption(gender);
  const names = option === 'Female' || option === 'Male' ? firstNames[option] : firstNames.Other;
  return `${names[digest[0]! % names.length]} ${lastInitials[digest[1]! % lastInitials.length]}.`;
}

/** How a job pays against a middle income, from its words: a rough factor for an inferred income. */
const payFactors: readonly [RegExp, number][] = [
  [/\bstudent\b/i, 0.25],
  [/\bretired\b/i, 0.55],
  [/\b(apprentice|intern|trainee)\b/i, 0.45],
  [/\bpart[- ]time\b/i, 0.45],
  [
    /\b(cashier|barista|waiter|waitress|cleaner|housekeep\w*|warehouse|delivery|shop assistant|retail|care (?:worker|assistant)|farm\w*|labou?rer|server)\b/i,
    0.6,
  ],
  [/\b(physician|surgeon|dentist|doctor|lawyer|solicitor|barrister|partner at|banker)\b/i, 2.4],
  [/\b(chief|ceo|cfo|cto|vice[- ]president|managing director|executive)\b/i, 2.6],
  [/\b(director|head of)\b/i, 1.8],
  [
    /\b(engineer|developer|programmer|data scientist|architect|analyst|consultant|manager|pharmacist|accountant)\b/i,
    1.4,
  ],
  [
    /\b(nurse|teacher|electrician|plumber|mechanic|carpenter|joiner|technician|police|firefighter|social worker|paramedic|chef|driver|builder|bricklayer|welder|painter|decorator)\b/i,
    0.95,
  ],
];

/** The factor of an occupation, 0.9 when its words say nothing. */
function payFactor(occupation: string): number {
  return payFactors.find(([pattern]) => pattern.test(occupation))?.[1] ?? 0.9;
}

/** Words that say how well off someone is. */
const wealthy =
  /\b(wealthy|affluent|well[- ]off|well[- ]to[- ]do|rich|high[- ]earning|high earner|six[- ]figure)\b/i;
const struggling =
  /\b(small pension|low[- ]income|minimum wage|on benefits|struggl\w*|hard up|broke|unemployed|tight budget|money is tight)\b/i;

/**
 * An age that fits the words when none is stated: a retiree, a student, a
 * grandparent, a parent, or a working adult of middle age.
 */
function inferredAge(words: string, occupation: string): number {
  const text = `${words} ${occupation}`;
  if (/\bretire/i.test(text)) return 68;
  if (/\bgrand(?:mother|father|parent|ma|pa|children|kids|son|daughter)/i.test(text)) return 64;
  if (/\b(student|undergraduate|apprentice)\b/i.test(text)) return 21;
  if (/\b(?:mum|mom|dad|mother|father|parent)\b|\b(?:kids|children|toddler|baby)\b/i.test(text))
    return 38;
  return 40;
}

/** Two significant figures: 31,350 -> 31,000; 4,512,000 -> 4,500,000. */
function roundIncome(value: number): number {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}

/**
 * An income that fits the stated facts: a middle income of the currency
 * paid where the persona lives, by what the job pays, lower for someone who
 * keeps spending tight (never above a middle income then).
 */
function inferredIncome(
  occupation: string,
  currency: Currency,
  traits: Set<Trait>,
  words = '',
): string {
  let yearly = currency.typicalIncome * payFactor(occupation);
  if (wealthy.test(words)) yearly = Math.max(yearly, currency.typicalIncome * 3);
  if (struggling.test(words)) yearly = Math.min(yearly, currency.typicalIncome * 0.6);
  if (traits.has('priceConscious')) yearly = Math.min(yearly * 0.8, currency.typicalIncome * 0.9);
  const retired = /\bretired\b/i.test(occupation);
  return `${formatMoney(roundIncome(yearly), currency)} per year${retired ? ' (pension)' : ''}`;
}

const motivationsByTrait: readonly [Trait, string][] = [
  ['priceConscious', 'Keeping everyday spending under control and getting value for money.'],
  ['familyFirst', 'Looking after the family comes first.'],
  ['timePoor', 'Saving time in a busy week.'],
  ['healthFocused', 'Staying healthy and eating well.'],
  ['ecoMinded', 'Living more sustainably.'],
  ['qualitySeeker', 'Buying things that are well made and last.'],
  ['communityMinded', 'Staying close to the local community.'],
  ['careerDriven', 'Moving on in their career.'],
];

const personalityByTrait: readonly [Trait, string][] = [
  ['priceConscious', 'Careful with money: compares prices and keeps to a budget.'],
  ['qualitySeeker', 'Prefers quality when it matters.'],
  ['riskAverse', 'Cautious; prefers what is proven.'],
  ['adventurous', 'Curious and quick to try new things.'],
  ['techWary', 'Prefers familiar ways over new technology.'],
  ['techEnthusiast', 'Quick to try new apps and tools.'],
  ['sceptical', 'Wants evidence before believing a claim.'],
  ['reserved', 'Quiet and private.'],
];

/** Motivations and personality from the traits the source's own words show, or plain ones for their stage of life. */
function inferredCharacter(traits: Set<Trait>, occupation: string) {
  const motivations = motivationsByTrait.filter(([t]) => traits.has(t)).map(([, text]) => text);
  const personality = personalityByTrait.filter(([t]) => traits.has(t)).map(([, text]) => text);
  const stage = /\bstudent\b/i.test(occupation)
    ? 'Finishing their studies and finding steady work.'
    : /\bretired\b/i.test(occupation)
      ? 'A comfortable retirement without money worries.'
      : `Doing good work as ${article(occupation)} ${occupation.toLowerCase()} and a settled life at home.`;
  return {
    motivations: (motivations.length > 0 ? motivations.slice(0, 3) : [stage]).join(' '),
    personality: (personality.length > 0
      ? personality.slice(0, 3)
      : ['Practical and down to earth.']
    ).join(' '),
  };
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** A lifestyle that says only what the facts state: the work and the place. */
function inferredLifestyle(occupation: string, location: string): string {
  const place = location.split(',')[0]!.trim();
  if (/\bretired\b/i.test(occupation))
    return `Retired (${occupation.toLowerCase()}), living in ${place}.`;
  if (/\bstudent\b/i.test(occupation)) return `Studies and lives in ${place}.`;
  return `Works as ${article(occupation)} ${occupation.toLowerCase()} and lives in ${place}.`;
}

/**
 * A whole persona from a source's stated facts: every stated trait kept,
 * every other one worked out to fit them (see the top of this file), and the
 * closest templates' safety scores averaged, with economic safety no higher
 * than middling for someone who keeps spending tight.
 */
export function composePersona(
  source: { text: string; given: GivenTraits },
  templates: readonly PersonaProfile[],
): { traits: CustomTraits; safetyScores: SafetyScores } {
  const { given } = source;
  const closest = closestTemplates(given, templates);
  const nearest = closest[0];
  if (!nearest) throw new Error('no templates to compose from');
  const words = [source.text, given.lifestyle, given.motivations, given.personality]
    .filter(Boolean)
    .join('. ');
  const traits = traitsIn(words);
  const givenIncome = given.income ? readIncome(given.income) : undefined;
  // The place: stated, else a template's in the country of the stated income's currency.
  const location =
    given.location ??
    (givenIncome?.currency
      ? closestTemplates(given, templates, templates.length).find(
          (t) => readIncome(t.income).currency?.code === givenIncome.currency!.code,
        )?.location
      : undefined) ??
    nearest.location;
  const occupation = given.occupation ?? nearest.occupation;
  // The currency of the place; a place that cannot be told gets an income in words, not another country's money.
  const currency =
    currencyOfPlace(location) ?? (given.location ? undefined : readIncome(nearest.income).currency);
  const income =
    given.income ??
    (currency
      ? inferredIncome(occupation, currency, traits, words)
      : wealthy.test(words)
        ? 'High income'
        : traits.has('priceConscious') || struggling.test(words)
          ? 'Modest income'
          : 'Middle income');
  const age = given.age ?? inferredAge(words, occupation);
  const gender = given.gender ?? (nearest.gender || null);
  const character = inferredCharacter(traits, occupation);
  const filled: CustomTraits = {
    name: customerName(source.text, gender),
    age,
    gender,
    occupation,
    location,
    income,
    lifestyle: inferredLifestyle(occupation, location),
    motivations: character.motivations,
    personality: character.personality,
  };
  const safetyScores = averageSafetyScores(closest);
  const tight = traits.has('priceConscious') || readIncome(income).band === 'low';
  if (tight) safetyScores.economic = Math.min(safetyScores.economic, 5);
  else if (wealthy.test(words) || readIncome(income).band === 'high') {
    safetyScores.economic = Math.max(safetyScores.economic, 7);
  }
  return { traits: withGivenTraits(filled, given), safetyScores };
}
