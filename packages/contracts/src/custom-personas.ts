/**
 * Personas of a business's own customers: built from a description or from
 * one row of a customer CSV, beside the template library. Every trait says
 * where it came from, so a user knows what is evidence and what is guesswork.
 */

/** The traits of a persona, as a template has them. */
export const customTraitFields = [
  'name',
  'age',
  'gender',
  'occupation',
  'location',
  'income',
  'lifestyle',
  'motivations',
  'personality',
] as const;
export type CustomTraitField = (typeof customTraitFields)[number];

/**
 * given: stated in the source (the description, the CSV row, or typed by the
 * user when editing); inferred: filled in by the engine.
 */
export type TraitProvenance = 'given' | 'inferred';

export type CustomPersonaSource = 'description' | 'csv';

/** What a custom persona adds to a product persona's view. */
export interface CustomPersonaFacts {
  source: CustomPersonaSource;
  /** The description, or the CSV row as "column: value" lines. */
  sourceText: string;
  /** The CSV file's name; empty for a description. */
  fileName: string;
  provenance: Record<CustomTraitField, TraitProvenance>;
  /** The engine that filled the inferred traits ("local" or "openai:<model>"). */
  builtBy: string;
  /** The business's own traits of the customer (its CSV's other columns: a plan, a region). */
  customTraits?: Record<string, string>;
}

/** At most this many customer rows in one import. */
export const maxCustomerRows = 100;
/** At most this many bytes of customer CSV in one import. */
export const maxCustomerCsvBytes = 1024 * 1024;
/** A description is 10 to 2,000 characters. */
export const minPersonaDescription = 10;
export const maxPersonaDescription = 2000;

export const customPersonaMessages = {
  descriptionTooShort: `Describe the customer in at least ${minPersonaDescription} characters.`,
  descriptionTooLong: `A description can be at most ${maxPersonaDescription} characters.`,
  csvTooLarge: 'The file can be at most 1 MB.',
  csvEmpty: 'The file is empty.',
  csvNoRows: 'The file has a header but no customers.',
  csvTooManyRows: (rows: number) =>
    `The file has ${rows} customers; at most ${maxCustomerRows} can be imported at once.`,
  csvNoUsableColumn:
    'The file has no column Chorus can use. Add columns such as age, gender, occupation, location, income, or notes about the customer.',
  notCustom: 'Only personas of your own customers can be edited; templates stay as they are.',
  buildFailed: 'The persona could not be built. Please try again.',
} as const;

// ---------------------------------------------------------------------------
// Traits and their provenance.

/** A persona's traits, as a template holds them. */
export interface CustomTraits {
  name: string;
  age: number;
  gender: string | null;
  occupation: string;
  location: string;
  income: string;
  lifestyle: string;
  motivations: string;
  personality: string;
}

/** The traits a source states; the engine fills the rest. */
export type GivenTraits = Partial<CustomTraits>;

/** One customer to build a persona of: the source's text and what it states. */
export interface PersonaSourceFacts {
  text: string;
  given: GivenTraits;
}

function stated(value: unknown): boolean {
  return typeof value === 'number'
    ? Number.isFinite(value)
    : typeof value === 'string' && value.trim() !== '';
}

/** The fields a source states (a non-empty text, a number). */
export function givenFields(given: GivenTraits): CustomTraitField[] {
  return customTraitFields.filter((field) => stated(given[field]));
}

/**
 * Each trait's provenance: given when the source stated it (or the engine
 * found it stated, e.g. a model reading the description), inferred otherwise.
 */
export function traitProvenance(
  given: GivenTraits,
  alsoStated: readonly string[] = [],
): Record<CustomTraitField, TraitProvenance> {
  const fields = new Set<string>([...givenFields(given), ...alsoStated]);
  return Object.fromEntries(
    customTraitFields.map((field) => [field, fields.has(field) ? 'given' : 'inferred']),
  ) as Record<CustomTraitField, TraitProvenance>;
}

/** The longest text a trait may hold. */
export function maxTraitLength(field: CustomTraitField): number {
  return ['lifestyle', 'motivations', 'personality'].includes(field) ? 2000 : 200;
}

/** The most of a source kept with the persona. */
export const maxPersonaSourceText = 4000;
