// Who a question can point to: groups of people and organisations, and authorities.
import { popularitySuperlatives } from './comparison';

/** People and organisations whose choices or views a question can point to. */
export const groupNouns = new Set([
  'people',
  'person',
  'customer',
  'user',
  'family',
  'company',
  'business',
  'team',
  'firm',
  'parent',
  'mum',
  'mom',
  'dad',
  'traveller',
  'traveler',
  'student',
  'teacher',
  'doctor',
  'dentist',
  'expert',
  'professional',
  'guest',
  'cook',
  'owner',
  'household',
  'homeowner',
  'investor',
  'shopper',
  'client',
  'organisation',
  'organization',
  'school',
  'hospital',
  'nurse',
  'chef',
  'reader',
  'member',
  'neighbour',
  'neighbor',
  'peer',
  'colleague',
  'friend',
  'competitor',
  'couple',
  'analyst',
  'nutritionist',
  'scientist',
  'engineer',
  'developer',
  'manager',
  'founder',
  'leader',
  'reviewer',
  'subscriber',
  'patient',
  'adult',
  'mother',
  'father',
  'athlete',
  'runner',
  'gamer',
  'buyer',
  'consumer',
  'brand',
  'startup',
  'agency',
  'retailer',
  'restaurant',
  'hotel',
  'clinic',
  'home',
  'marketer',
  'saver',
  'diner',
  'pet',
  'millennial',
  'specialist',
  'physician',
  'therapist',
  'trainer',
  'coach',
  'executive',
  'ceo',
  'cfo',
  'cto',
  'accountant',
  'lawyer',
  'educator',
  'tutor',
  'learner',
  'pupil',
  'graduate',
  'employee',
  'worker',
  'freelancer',
  'entrepreneur',
  'everyone',
  'vet',
  'classmate',
  'coworker',
  'co-worker',
  'teammate',
  'pharmacist',
  'celebrity',
  'influencer',
  'resident',
  'local',
  'regular',
  'commuter',
  'fan',
  'follower',
  'viewer',
  'listener',
  'traveler',
  'mum',
  'organisation',
  'everybody',
  'reviewer',
  'critic',
]);

/** Authorities whose word a question can lean on. */
export const authorityNouns = new Set([
  'mechanic',
  'medic',
  'pundit',
  'insider',
  'pharmacist',
  'expert',
  'doctor',
  'dentist',
  'nutritionist',
  'analyst',
  'scientist',
  'professional',
  'specialist',
  'physician',
  'teacher',
  'critic',
  'reviewer',
  'economist',
  'adviser',
  'advisor',
  'dietitian',
  'researcher',
  'study',
  'survey',
  'research',
]);

/** Roles a person is flattered into: "as a trendsetter", "as a true connoisseur". */
export const identityRoles = new Set([
  'trendsetter',
  'go-getter',
  'perfectionist',
  'connoisseur',
  'foodie',
  'visionary',
  'achiever',
  'pioneer',
  'innovator',
  'champion',
]);

/** Flattering roles made of a modifier and a noun, by the noun's lemma: e.g. "team player", "early adopter". */
export const roleCompounds = new Map([
  ['player', 'team'],
  ['adopter', 'early'],
]);

/** Quantifiers that make the group after them a crowd: e.g. "most", "thousands". */
export const crowdQuantifiers = new Set([
  'most',
  'many',
  'all',
  'every',
  'thousands',
  'millions',
  'hundreds',
  'majority',
  'other',
  'others',
  'top',
  'leading',
  'countless',
  'numerous',
  'overwhelmingly',
  'more',
  'lots',
  'lot',
  'plenty',
  'loads',
  'scores',
  'tons',
  'dozens',
  'legions',
  'half',
  'quarter',
  'quarters',
  'third',
  'thirds',
  'nine',
]);

/** Participles of popularity after a superlative: e.g. "growing", "rated". */
export const popularityParticiples = new Set([
  'growing',
  'rated',
  'selling',
  'reviewed',
  'loved',
  'trusted',
  'downloaded',
  'used',
  'recommended',
  'popular',
  'requested',
  'booked',
]);

/** Collective nouns a crowd is named through: "our community of guests". */
export const collectiveNouns = new Set([
  'community',
  'network',
  'circle',
  'club',
  'panel',
  'family',
  'army',
  'crowd',
]);

/** People as a plural, "people" and "folks" included. */
export const peoplePlurals = new Set([
  'people',
  'folks',
  'children',
  'men',
  'women',
  'staff',
  'crowds',
]);

/** Things counted rather than people: "thousands of dollars", "millions of hours". */
export const countedThings = new Set([
  'dollar',
  'pound',
  'euro',
  'hour',
  'minute',
  'day',
  'week',
  'month',
  'year',
  'mile',
  'item',
  'product',
  'order',
  'page',
  'step',
  'point',
  'time',
  'meal',
  'serving',
  'unit',
]);

/** The offer's own people by their work: what "our <staff>" do is a claim about the offer, not a crowd. */
export const staffNouns = new Set([
  'staff',
  'team',
  'attendant',
  'technician',
  'instructor',
  'coach',
  'tutor',
  'teacher',
  'guide',
  'stylist',
  'engineer',
  'driver',
  'therapist',
  'trainer',
  'host',
  'repairer',
  'fitter',
]);

/** Who can be "the kind of person who…": e.g. "someone", "type". */
export const personWords = new Set(['someone', 'somebody', 'person', 'kind', 'type', 'one']);

/** Nouns of a sort of person before "of": e.g. "kind", "sort". */
export const sortNouns = new Set(['kind', 'type', 'sort']);

/** Subjects of a model of people defined by what they value: e.g. "those", "families". */
export const modelGroupWords = new Set([
  'people',
  'those',
  'anyone',
  'everyone',
  'parents',
  'families',
]);

/** Counts that make any plural noun after them a crowd: e.g. "millions", "percent". */
export const crowdCounts = new Set([
  'millions',
  'thousands',
  'hundreds',
  'majority',
  'million',
  'thousand',
  '%',
  'percent',
]);

/** Big counts that quantify a crowd: e.g. "thousand", "billion". */
export const bigCountWords = new Set([
  'million',
  'millions',
  'thousand',
  'hundred',
  'billion',
  'percent',
  '%',
]);

/** Words before "number" that make it a growing crowd: e.g. "growing", "record". */
export const growingCountWords = new Set([
  'growing',
  'increasing',
  'rising',
  'huge',
  'large',
  'record',
]);

/** Nouns after "what" that ask for a count rather than point at a crowd: e.g. "share", "proportion". */
export const proportionNouns = new Set(['share', 'percentage', 'proportion', 'fraction', 'number']);

/** Places counted in "in <number> <place>" claims: e.g. "household", "kitchen". */
export const homeNouns = new Set(['home', 'household', 'kitchen', 'country', 'office']);

/**
 * Idioms that say a crowd has already judged: e.g. "the talk of the town",
 * "all the rage", "flying off the shelves", "a household name", "gone viral".
 */
export const crowdIdiomPattern =
  /\b(?:the\s+talk\s+of\s+the\s+(?:town|city|country|industry|internet|office|school)|all\s+the\s+rage|a\s+household\s+name|crowd[- ]?(?:pleaser|favourite|favorite)|(?:a\s+)?cult\s+(?:following|favourite|favorite|classic)|(?:gone|going|went|goes)\s+viral|flying\s+off\s+the\s+shelves|selling\s+(?:out\s+)?fast|the\s+whole\s+(?:town|city|country|world|office|internet)\s+(?:is|are|has|loves|uses)|can(?:'t|not)\s+(?:all\s+)?be\s+wrong)\b/i;

/**
 * A superlative of popularity in one word: a head of `popularitySuperlatives`
 * (or "much") and a participle of `popularityParticiples` (or "awarded"),
 * hyphenated or not: e.g. "fastest-growing", "top-rated", "bestselling".
 */
export const popularSuperlativePattern = new RegExp(
  `^(?:${[...popularitySuperlatives, 'much'].join('|')})-?(?:${[...popularityParticiples, 'awarded'].join('|')})$`,
);
