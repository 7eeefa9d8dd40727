import { z } from 'zod';
import { requiredString } from './auth';
import type { CustomPersonaFacts } from './custom-personas';

/** The four safety factors, each out of 10 as stored and shown on persona cards. */
export interface SafetyScores {
  economic: number;
  world: number;
  local: number;
  occupation: number;
}

export const safetyScoreKeys = ['economic', 'world', 'local', 'occupation'] as const;

/** A persona template as the API answers it. */
export interface PersonaTemplateView {
  id: string;
  name: string;
  age: number;
  gender: string | null;
  occupation: string;
  location: string;
  income: string;
  iq: number | null;
  lifestyle: string;
  motivations: string;
  personality: string;
  safetyScores: SafetyScores;
  isActive: boolean;
}

/** A persona selected for a product, with its template. */
export interface ProductPersonaView {
  id: string;
  productId: string;
  templateId: string;
  createdAt: string;
  template: PersonaTemplateView;
  /** Set for a persona of the business's own customers; absent for a library template. */
  custom?: CustomPersonaFacts;
}

export const personaMessages = {
  templateNotFound: 'Persona template not found',
  personaNotFound: 'Persona not found',
  templateIdRequired: 'Persona template is required',
  addFailed: 'Failed to add persona',
  templateNameTaken: 'A persona template with this name already exists',
  ageOutOfRange: 'Age must be a whole number from 18 to 100',
  iqOutOfRange: 'IQ must be a whole number from 50 to 200',
  removed: 'Persona removed',
} as const;

export const MIN_PERSONA_AGE = 18;
export const MAX_PERSONA_AGE = 100;

// ---------------------------------------------------------------------------
// Safety scores: the admin form's sliders are 0-100; templates keep 0-10.

/**
 * A slider value (0-100) on the stored 0-10 scale, keeping one decimal so no
 * whole-number slider position is lost: 73 -> 7.3, 50 -> 5. Out-of-range or
 * non-numeric input is clamped, and the form's default of 50 applies to
 * anything that is not a number.
 */
function safetyScoreFromPercent(percent: unknown): number {
  const value = typeof percent === 'number' && Number.isFinite(percent) ? percent : 50;
  return Math.round(Math.min(100, Math.max(0, value))) / 10;
}

// ---------------------------------------------------------------------------
// Filters of the persona selection page.

export const occupationCategories = [
  'Management',
  'Healthcare',
  'Education',
  'Technology',
  'Creative',
  'Sales & Marketing',
  'Finance',
  'Other',
] as const;
export type OccupationCategory = (typeof occupationCategories)[number];

/**
 * Keywords per category, tried in the spec's order, so "Marketing Director"
 * is Management and "Financial Software Developer" is Technology. Each
 * keyword matches at the start of a word ("nurs" finds nurse and nursing);
 * a trailing \\b asks for the whole word ("coo" must not find cook).
 */
const categoryKeywords: readonly [OccupationCategory, readonly string[]][] = [
  [
    'Management',
    [
      'manag',
      'director',
      'executive',
      'ceo\\b',
      'coo\\b',
      'cfo\\b',
      'cmo\\b',
      'chief',
      'head of',
      'founder',
      'owner',
      'president',
      'supervisor',
      'entrepreneur',
      'administrator',
    ],
  ],
  [
    'Healthcare',
    [
      'nurs',
      'doctor',
      'physician',
      'surgeon',
      'dentist',
      'pharmac',
      'therap',
      'physio',
      'medical',
      'health',
      'paramedic',
      'midwife',
      'caregiver',
      'psycholog',
      'veterinar',
      'clinic',
      'hospital',
    ],
  ],
  [
    'Education',
    [
      'teach',
      'professor',
      'lecturer',
      'tutor',
      'educat',
      'school',
      'librarian',
      'student',
      'academic',
      'instructor',
    ],
  ],
  [
    'Technology',
    [
      'engineer',
      'developer',
      'software',
      'programmer',
      'data',
      'it\\b',
      'tech',
      'devops',
      'cyber',
      'web',
      'computer',
      'systems',
      'cto\\b',
    ],
  ],
  [
    'Creative',
    [
      'design',
      'artist',
      'writer',
      'author',
      'musician',
      'photograph',
      'illustrat',
      'actor',
      'film',
      'journalist',
      'editor',
      'animat',
      'content creator',
      'creative',
      'architect',
      'craft',
    ],
  ],
  [
    'Sales & Marketing',
    [
      'sales',
      'marketing',
      'marketer',
      'brand',
      'advertis',
      'real estate agent',
      'social media',
      'public relations',
      'account representative',
      'business development',
    ],
  ],
  [
    'Finance',
    [
      'financ',
      'accountant',
      'accounting',
      'bank',
      'investment',
      'investor',
      'trader',
      'actuar',
      'auditor',
      'bookkeep',
      'insurance',
      'economist',
      'tax\\b',
      'analyst',
    ],
  ],
];

const categoryPatterns = categoryKeywords.map(
  ([category, keywords]) =>
    [category, new RegExp(`(?:^|[^a-z])(?:${keywords.join('|')})`)] as const,
);

/** The filter category of an occupation, from keywords; Other when none matches. */
export function occupationCategory(occupation: string | null | undefined): OccupationCategory {
  const text = (occupation ?? '').toLowerCase();
  return categoryPatterns.find(([, pattern]) => pattern.test(text))?.[0] ?? 'Other';
}

export const ageBands = ['18-30', '31-45', '46-60', '60+'] as const;
export type AgeBand = (typeof ageBands)[number];

/** The age band of the filters; 60 belongs to 46-60, 61 and older to 60+. Under 18: none. */
export function ageBand(age: number): AgeBand | undefined {
  if (!Number.isFinite(age) || age < 18) return undefined;
  if (age <= 30) return '18-30';
  if (age <= 45) return '31-45';
  if (age <= 60) return '46-60';
  return '60+';
}

export const genderOptions = ['Male', 'Female', 'Non-binary', 'Other'] as const;
export type GenderOption = (typeof genderOptions)[number];

/** The filter option a template's gender falls under; unlisted or missing genders are Other. */
export function genderOption(gender: string | null | undefined): GenderOption {
  const normalized = (gender ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  if (normalized === 'male') return 'Male';
  if (normalized === 'female') return 'Female';
  if (normalized === 'non-binary' || normalized === 'nonbinary') return 'Non-binary';
  return 'Other';
}

// ---------------------------------------------------------------------------
// Requests.

export const addPersonaRequest = z.object({
  templateId: requiredString(personaMessages.templateIdRequired).max(100),
});

const templateText = (label: string, max = 2000) =>
  requiredString(`${label} is required`).max(max, `${label} must be at most ${max} characters`);

const sliderScore = z
  .unknown()
  .transform((value) => safetyScoreFromPercent(typeof value === 'string' ? Number(value) : value));

/**
 * The admin form's persona template (POST /api/admin/persona-templates):
 * age falls back to 30 when it is not a number, safety scores arrive as
 * 0-100 sliders (default 50) and leave this schema on the stored 0-10 scale.
 */
export const personaTemplateInput = z.object({
  name: templateText('Name', 200),
  age: z
    .unknown()
    .transform((value) => {
      const age = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof age === 'number' && Number.isFinite(age) ? age : 30;
    })
    .pipe(
      z
        .number()
        .int(personaMessages.ageOutOfRange)
        .min(MIN_PERSONA_AGE, personaMessages.ageOutOfRange)
        .max(MAX_PERSONA_AGE, personaMessages.ageOutOfRange),
    ),
  gender: z.string().trim().max(50).nullish(),
  occupation: templateText('Occupation', 200),
  location: templateText('Location', 200),
  income: templateText('Income', 200),
  iq: z
    .number(personaMessages.iqOutOfRange)
    .int(personaMessages.iqOutOfRange)
    .min(50, personaMessages.iqOutOfRange)
    .max(200, personaMessages.iqOutOfRange)
    .nullish(),
  lifestyle: templateText('Lifestyle'),
  motivations: templateText('Motivations'),
  personality: templateText('Personality'),
  safetyScores: z
    .object({
      economic: sliderScore,
      world: sliderScore,
      local: sliderScore,
      occupation: sliderScore,
    })
    .default({ economic: 5, world: 5, local: 5, occupation: 5 }),
  isActive: z.boolean().default(true),
});
