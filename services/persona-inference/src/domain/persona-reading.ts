import { occupationCategory, type OccupationCategory } from '@chorus/contracts';
import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { type Income, readIncome } from './money';

/**
 * What the local engine knows about a persona, read from its attributes:
 * life stage, income, occupation, safety scores, and traits found in the
 * words of its lifestyle, motivations and personality. Each trait remembers
 * the attribute it came from, so an answer can name it.
 */
export type Trait =
  | 'priceConscious'
  | 'qualitySeeker'
  | 'statusMinded'
  | 'techEnthusiast'
  | 'techWary'
  | 'riskAverse'
  | 'adventurous'
  | 'sceptical'
  | 'healthFocused'
  | 'ecoMinded'
  | 'timePoor'
  | 'familyFirst'
  | 'communityMinded'
  | 'privacyMinded'
  | 'reserved'
  | 'careerDriven'
  | 'wantsSimplicity';

type TextAttribute = 'lifestyle' | 'motivations' | 'personality' | 'occupation';

/**
 * Phrases per trait, matched at the start of a word and case-insensitively.
 * They are written for how persona descriptions are phrased ("budgets every
 * pound", "wary of subscriptions", "quick to try new apps").
 */
const traitPhrases: Record<Trait, readonly string[]> = {
  priceConscious: [
    'budgets every',
    'household budget',
    'budget airlines',
    'tight public budget',
    'frugal',
    'careful with (?:money|every)',
    'price-sensitive',
    'sensitive to price',
    'stretch\\w* a',
    'compares prices',
    'negotiates every',
    'watches every',
    'every penny',
    'second-hand',
    'thrift',
    'hidden fees',
    'fixed income',
    'affordable',
    'wary of subscriptions',
    'bills predictable',
    'savings last',
    'discounts',
    'free tiers',
    'saves little',
    'coupon',
    'bargain',
    'value for money',
    'honest pricing',
    'spending tight',
    'keeps? (?:\\w+ ){0,3}(?:spending|budget|bills?|costs?|shopping) (?:tight|low|down)',
    'tight budget',
    'on a budget',
    'money is tight',
    'cheapest',
    'own-brand',
    'own brand',
    'special offers',
    'discount (?:stores|supermarkets|shops)',
    'price-conscious',
    'price conscious',
    'looks for deals',
    'hunts? for deals',
    'clear pricing',
    'predictable pricing',
  ],
  qualitySeeker: [
    'quality',
    'craftsmanship',
    'well engineered',
    'well-engineered',
    'beautifully made',
    'things that last',
    'durab',
    'rugged',
    'reliable design',
    'flawless',
    'well made',
    'premium',
    'depth, accuracy',
    'age well',
  ],
  statusMinded: [
    'image-conscious',
    'look good on camera',
    'looks to clients',
    'premium option',
    'prestige',
    'status\\b',
    'luxury',
    'brand manager',
    'personal following',
  ],
  techEnthusiast: [
    'early adopter',
    'gadget',
    'automates everything',
    'quick to try new apps',
    'tries new tools',
    'learns new platforms',
    'productivity apps',
    'tech news',
    'github',
    'adopts tools',
    'pilot new tools',
    'dashboards',
    'use data intelligently',
    'mobile-first',
    'games online',
    'has an api',
    'tech scene',
  ],
  techWary: [
    'for technology',
    'prefers paper',
    'in print',
    'suspicious of online',
    'prefers cash',
    'simple phone apps',
    'familiar software',
    'online scams',
    'phone a real person',
    'jargon',
    'works offline',
  ],
  riskAverse: [
    'cautious',
    'risk-averse',
    'risk-aware',
    'conservative',
    'predictable(?! pricing)',
    'prudent',
    'too good to be true',
    'proven',
    'stability',
    'decides slowly',
    'downside',
    'dislikes surprises',
    'wary',
    'long track record',
    'safely',
    'keeping (?:his|her|their) (?:savings|family) (?:safe|protected|secure)',
    'taken advantage of',
  ],
  adventurous: [
    'early adopter',
    'experiments',
    'bold',
    'moves fast',
    'fast-moving',
    'opportunistic',
    'impulsive',
    'learns by trying',
    'quick to try',
    'tries new',
    'curious',
    'discovering new',
    'entrepreneurial',
    'switches quickly',
    'risk-taking',
    'spontaneous',
    'adventur',
  ],
  sceptical: [
    'sceptic',
    'skeptic',
    'evidence',
    'tests claims',
    'tests security claims',
    'distrusts',
    'suspicious of anything',
    'small print',
    'privacy policies',
    'research',
    'anti-corporate',
    'mistrustful',
    'hard to impress',
    'reads the documentation',
    'references, compliance',
  ],
  healthFocused: [
    'yoga',
    'runs\\b',
    'running',
    'half-marathon',
    'gym',
    'pilates',
    'hikes',
    'cycles',
    'bikes\\b',
    'surfs',
    'swims',
    'skis\\b',
    'climbs',
    'bouldering',
    'staying healthy',
    'stay healthy',
    'staying fit',
    'wellness',
    'wellbeing',
    'health',
    'rugby',
    'skiing',
    'trail running',
  ],
  ecoMinded: [
    'climate',
    'sustainab',
    'environment',
    'second-hand',
    'thrift',
    'repaired',
    'repairs rather',
    'grows vegetables',
    'electric car',
    'allotment',
    'cycles everywhere',
    'keeps bees',
    'land cared for',
  ],
  timePoor: [
    'long hours',
    'twelve-hour',
    'eighty-hour',
    'six days a week',
    'seven days a week',
    'rarely has a free',
    'juggl',
    'save time',
    'always on the phone',
    'twelve hours a day',
    'night shifts',
    'rotating shifts',
    'works nights',
    'time for herself',
    'time for himself',
    'buying back time',
    'respect her time',
    'respect his time',
    'travelling to clients',
    'busy',
    'outsources',
    'irregular hours',
    'wakes at five',
    'starts work at six',
    'three weeks of every month',
  ],
  familyFirst: [
    'children',
    'kids\\b',
    'son\\b',
    'daughter',
    'grandchild',
    'grandson',
    'great-grandson',
    'family',
    'toddler',
    'baby',
    'mother of',
    'father of',
    'parent of',
    'single (?:mum|mom|dad|parent)',
  ],
  communityMinded: [
    'communit',
    'church',
    'volunteer',
    'cooperative',
    'neighbour',
    'neighbor',
    'local markets',
    'meetup',
    'choir',
    'book club',
    'mates',
    'association',
    'congregation',
    'support group',
  ],
  privacyMinded: ['privacy', 'paranoid about data', 'discretion', 'consent', 'manipulative design'],
  reserved: ['introspective', 'quiet', 'reserved', 'introvert', 'lives alone'],
  careerDriven: [
    'promoted',
    'director',
    'lead a',
    'leading',
    'career',
    'managing director',
    'vice-president',
    'staff engineer',
    'quota',
    'certification',
    'specialisation',
    'a role with',
    'progression',
  ],
  wantsSimplicity: [
    'little patience',
    'simple',
    'no time for complicated',
    'just work',
    'zero friction',
    'clear instructions',
    'dislikes clutter',
    'minimalist',
    'ignores fancy',
    'dislikes paperwork',
    'painless',
    'confusing',
  ],
};

const traitPatterns = (Object.entries(traitPhrases) as [Trait, readonly string[]][]).map(
  ([trait, phrases]) => [trait, new RegExp(`(?:^|[^a-z])(?:${phrases.join('|')})`, 'i')] as const,
);

/** The traits a text shows, by the phrases above (a customer's notes, a description). */
export function traitsIn(text: string): Set<Trait> {
  return new Set(traitPatterns.filter(([, pattern]) => pattern.test(text)).map(([trait]) => trait));
}

type LifeStage = 'young' | 'adult' | 'midlife' | 'senior';

export interface PersonaReading {
  name: string;
  firstName: string;
  age: number;
  lifeStage: LifeStage;
  /** "software engineer", "IT director at a regional hospital network" */
  occupationPhrase: string;
  category: OccupationCategory;
  /** Builds or runs technology (a civil engineer is "Technology" to the filters, not here). */
  worksInTech: boolean;
  retired: boolean;
  student: boolean;
  /** Runs their own business, practice or farm, or works freelance. */
  selfEmployed: boolean;
  /** Police, security or cybersecurity work. */
  securityWork: boolean;
  /** The city, the first part of the location. */
  place: string;
  income: Income;
  safety: { economic: number; world: number; local: number; occupation: number };
  /** Each trait found, with the attribute whose words showed it. */
  traits: Map<Trait, TextAttribute>;
  /** For each trait, the persona's own words that showed it ("budgets every pound"). */
  evidence: Map<Trait, string>;
  /** People in the household the persona buys for (1 when nothing says otherwise). */
  household: number;
}

/** The clause of a text around a match: the persona's own words, at most about 70 characters. */
function clauseAround(text: string, at: number): string {
  const start = Math.max(
    text.lastIndexOf('.', at) + 1,
    text.lastIndexOf(';', at) + 1,
    text.lastIndexOf(',', at) + 1,
  );
  const rest = text.slice(at);
  const stop = rest.search(/[.;,]/);
  const clause = text
    .slice(start, stop < 0 ? text.length : at + stop)
    .trim()
    .replace(/^(?:and|but|or)\s+/i, '');
  if (clause.length <= 70) return clause;
  // A long clause: the words around the match, so what showed the trait stays in.
  const offset = text.slice(start, at).trimStart().length;
  const from = Math.max(0, clause.lastIndexOf(' ', Math.max(0, offset - 25)) + 1);
  const end = clause.indexOf(' ', Math.min(clause.length, from + 65));
  const window = clause.slice(from, end < 0 ? clause.length : end).trim();
  return `${from > 0 ? '…' : ''}${window}${end < 0 ? '' : '…'}`;
}

const counts: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
};

/**
 * The people a persona buys for, from their own words: a partner, children
 * ("two children under eight", "a teenage son"), "family of four"; one when
 * they live alone or nothing says.
 */
function householdOf(text: string): number {
  const t = text.toLowerCase();
  const familyOf = /\bfamily of (\w+)\b/.exec(t);
  if (familyOf && counts[familyOf[1]!]) return counts[familyOf[1]!]!;
  if (/\blives alone\b/.test(t)) return 1;
  let people = 1;
  if (/\b(married|husband|wife|partner|spouse|fianc)/.test(t)) people += 1;
  const children =
    /\b(a|an|one|two|three|four|five|six)\s+(?:\w+\s+){0,2}?(?:children|kids|sons|daughters|child|son|daughter|teenagers?|toddlers?|baby|grandchildren)\b/.exec(
      t,
    );
  if (children) people += counts[children[1]!] ?? 1;
  else if (/\b(children|kids|grandchildren)\b/.test(t)) people += 2;
  else if (/\b(son|daughter|baby|toddler)\b/.test(t)) people += 1;
  return Math.min(people, 8);
}

/** "Chief Financial Officer of a mid-sized manufacturer" -> "chief financial officer of a mid-sized manufacturer"; acronyms and brand-like words stay. */
export function occupationPhrase(occupation: string): string {
  return occupation
    .trim()
    .split(/\s+/)
    .map((word) => (/^[A-Z][a-z'’-]+$/.test(word) ? word.toLowerCase() : word))
    .join(' ');
}

function lifeStageOf(age: number): LifeStage {
  if (age < 25) return 'young';
  if (age < 40) return 'adult';
  if (age < 60) return 'midlife';
  return 'senior';
}

function clampScore(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 5;
  return Math.min(10, Math.max(0, value));
}

export function readPersona(persona: PersonaProfile): PersonaReading {
  const traits = new Map<Trait, TextAttribute>();
  const evidence = new Map<Trait, string>();
  // How the persona lives comes first: a customer's own notes are its lifestyle.
  const sources: [TextAttribute, string][] = [
    ['lifestyle', persona.lifestyle],
    ['personality', persona.personality],
    ['motivations', persona.motivations],
    ['occupation', persona.occupation],
  ];
  for (const [trait, pattern] of traitPatterns) {
    for (const [attribute, text] of sources) {
      const match = pattern.exec(text);
      if (!match) continue;
      traits.set(trait, attribute);
      evidence.set(
        trait,
        clauseAround(text, match.index + (match[0].length - match[0].trimStart().length)),
      );
      break;
    }
  }
  const occupation = persona.occupation.toLowerCase();
  const income = readIncome(persona.income);
  const retired =
    /\bretired\b/.test(occupation) || (persona.age >= 67 && income.kind === 'pension');
  const firstName = persona.name.trim().split(/\s+/)[0] ?? persona.name;
  const scores = persona.safetyScores;
  return {
    name: persona.name.trim(),
    firstName,
    age: persona.age,
    lifeStage: lifeStageOf(persona.age),
    occupationPhrase: occupationPhrase(persona.occupation),
    category: occupationCategory(persona.occupation),
    worksInTech:
      occupationCategory(persona.occupation) === 'Technology' &&
      !/\b(civil|mechanical|structural|chemical|electrical|construction|site)\b/.test(occupation),
    retired,
    student: /\bstudent\b/.test(occupation),
    selfEmployed:
      /\b(owner|founder|freelance|own practice|private (clinic|practice)|farmer|self-employed|contractor)\b/.test(
        occupation,
      ),
    securityWork: /\b(police|security|cybersecurity|guard|sergeant|detective)\b/.test(occupation),
    place: persona.location.split(',')[0]?.trim() || persona.location.trim(),
    income,
    safety: {
      economic: clampScore(scores?.economic),
      world: clampScore(scores?.world),
      local: clampScore(scores?.local),
      occupation: clampScore(scores?.occupation),
    },
    traits,
    evidence,
    household: householdOf(`${persona.lifestyle}. ${persona.motivations}`),
  };
}
