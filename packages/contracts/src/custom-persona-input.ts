import { readCsvTable } from './csv-table';
import { z } from 'zod';
import {
  customPersonaMessages,
  type CustomTraitField,
  customTraitFields,
  type GivenTraits,
  givenFields,
  maxCustomerCsvBytes,
  maxCustomerRows,
  maxPersonaDescription,
  maxPersonaSourceText,
  maxTraitLength,
  minPersonaDescription,
} from './custom-personas';
import { MAX_PERSONA_AGE, MIN_PERSONA_AGE, occupationCategory, personaMessages } from './personas';

/**
 * Reading what a business knows about its customers (a description, a CSV
 * of customer records or interview notes) and the requests that carry it.
 */

// ---------------------------------------------------------------------------
// What a description states (the local engine's reading; a model reads more).

const femaleWords = [
  'woman',
  'female',
  'mother',
  'mom',
  'mum',
  'wife',
  'girl',
  'lady',
  'she',
  'her',
  'grandmother',
  'daughter',
];
const maleWords = [
  'man',
  'male',
  'father',
  'dad',
  'husband',
  'boy',
  'guy',
  'he',
  'his',
  'him',
  'grandfather',
  'son',
];
const clauseEnd = /\s+(?:who|that|and|with|in|at|from|for|,)\s|[,.;!?]|$/i;

function firstClause(text: string): string {
  const end = text.search(clauseEnd);
  return (end < 0 ? text : text.slice(0, end)).trim();
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Jobs the filter categories leave under Other, by the last word of the phrase. */
const otherJobs = new Set([
  'lawyer',
  'solicitor',
  'barrister',
  'attorney',
  'judge',
  'farmer',
  'rancher',
  'fisherman',
  'electrician',
  'plumber',
  'carpenter',
  'joiner',
  'builder',
  'bricklayer',
  'welder',
  'mechanic',
  'driver',
  'courier',
  'pilot',
  'chef',
  'cook',
  'baker',
  'butcher',
  'barista',
  'waiter',
  'waitress',
  'bartender',
  'cashier',
  'cleaner',
  'housekeeper',
  'gardener',
  'hairdresser',
  'barber',
  'florist',
  'tailor',
  'shopkeeper',
  'clerk',
  'receptionist',
  'secretary',
  'technician',
  'labourer',
  'laborer',
  'miner',
  'soldier',
  'firefighter',
  'officer',
  'postman',
  'scientist',
  'researcher',
  'consultant',
  'freelancer',
  'contractor',
  'homemaker',
  'retiree',
  'vet',
  'translator',
  'plasterer',
  'roofer',
  'decorator',
  'painter',
]);

/** A phrase that names a job: one of the filter categories, or a job word they leave out. */
function looksLikeJob(phrase: string): boolean {
  if (occupationCategory(phrase) !== 'Other') return true;
  const last = phrase.trim().toLowerCase().split(/\s+/).pop() ?? '';
  return otherJobs.has(last.replace(/s$/, ''));
}

/**
 * The facts a description plainly states: an age ("34-year-old", "aged 34",
 * "34 years old"), a gender word ("mother", "man", "non-binary"), a place
 * after " in " written with capitals ("in Lyon", "in New York"), an
 * occupation ("works as a nurse", "a 34-year-old nurse"), an income
 * ("earns $40,000 a year") and a "who ..." clause as the lifestyle.
 */
export function parseDescriptionFacts(description: string): GivenTraits {
  const text = description.replace(/\s+/g, ' ').trim();
  const given: GivenTraits = {};
  const age =
    /\b(\d{2,3})[- ]years?[- ]old\b/i.exec(text) ??
    /\baged? (\d{2,3})\b/i.exec(text) ??
    /\bin (?:his|her|their) (?:early |mid |late )?(\d0)s\b/i.exec(text) ??
    // "A retired teacher in Porto, 67, who…": a bare age set off by commas or brackets.
    /[,(] ?(\d{2}) ?[,)]/.exec(text);
  if (age) {
    const value = Number(age[1]) + (/0s\b/.test(age[0]) ? 5 : 0);
    if (value >= 18 && value <= 100) given.age = value;
  }
  const words = text.toLowerCase().match(/[a-z-]+/g) ?? [];
  if (words.some((word) => word === 'non-binary' || word === 'nonbinary')) {
    given.gender = 'Non-binary';
  } else {
    const female = words.findIndex((word) => femaleWords.includes(word));
    const male = words.findIndex((word) => maleWords.includes(word));
    if (female >= 0 && (male < 0 || female < male)) given.gender = 'Female';
    else if (male >= 0) given.gender = 'Male';
  }
  const place = /\b(?:in|from) ((?:[A-Z][\p{L}'.-]*)(?:(?:,? | )(?:[A-Z][\p{L}'.-]*))*)/u.exec(
    text,
  );
  if (place) given.location = place[1]!.replace(/[.,]+$/, '');
  const worksAs = /\b(?:works?|working|employed) as (?:an? |the )?([^,.;]+)/i.exec(text);
  const afterAge = /\b\d{2,3}[- ]years?[- ]old ([^,.;]+)/i.exec(text);
  if (worksAs) {
    const occupation = firstClause(worksAs[1]!);
    if (occupation) given.occupation = capitalise(occupation);
  } else if (afterAge) {
    const candidate = firstClause(afterAge[1]!);
    if (candidate && looksLikeJob(candidate)) given.occupation = capitalise(candidate);
  } else {
    // "A retired teacher in Porto…", "a non-binary designer from Berlin": the
    // opening noun phrase, without gender words, when it names an occupation.
    const opening =
      /^(?:(?:an?|the) )?([^,.;()]+?)(?= (?:in|from|who|aged|living|with|and|on|at)\b|[,.;(]|$)/i.exec(
        text,
      );
    const candidate = opening?.[1]
      ?.split(' ')
      .filter(
        (word) =>
          ![...femaleWords, ...maleWords, 'non-binary', 'nonbinary'].includes(word.toLowerCase()),
      )
      .join(' ');
    if (candidate && looksLikeJob(candidate)) given.occupation = capitalise(candidate);
  }
  const income =
    /\b(?:earns?|earning|makes?|making|income of|salary of) (?:about |around |roughly )?((?:[$€£] ?)?\d[\d,.]*\s?k?(?: ?(?:[$€£]|euros?|dollars?|pounds?))?(?: ?(?:a|per|\/) ?(?:year|month|yr|week))?)/i.exec(
      text,
    );
  if (income) given.income = income[1]!.trim();
  // How the customer lives, in the description's own words: a "who …" clause, or
  // a clause that starts with what they do ("keeping her food spending tight").
  const who =
    /\bwho ([^.;!?]+)/i.exec(text) ??
    /\b((?:keeps|keeping|cooks|cooking|shops|shopping|buys|buying|spends|spending|eats|eating|loves|likes|prefers|orders|ordering|plans|planning|budgets|budgeting|raises|raising|runs|running|travels|travelling|works (?:nights|shifts|long hours|from home)|has (?:two|three|four|a|an|\d)\b)[^.;!?]*)/i.exec(
      text,
    );
  if (who) given.lifestyle = capitalise(who[1]!.trim());
  // Long notes make long phrases: each trait within what a template holds.
  for (const field of givenFields(given)) {
    const value = given[field];
    if (typeof value === 'string') {
      (given as Record<string, unknown>)[field] = value.slice(0, maxTraitLength(field)).trim();
    }
  }
  return given;
}

// ---------------------------------------------------------------------------
// A CSV of customer records or interview notes: one row per customer.

/** Recognised headers (lower case) per trait. */
const columnNames: Record<Exclude<CustomTraitField, never>, readonly string[]> = {
  name: ['name', 'customer', 'customer name', 'full name'],
  age: ['age'],
  gender: ['gender', 'sex'],
  occupation: ['occupation', 'job', 'job title', 'profession', 'role'],
  location: ['location', 'city', 'country', 'region', 'town'],
  income: ['income', 'salary', 'household income'],
  lifestyle: ['lifestyle', 'habits'],
  motivations: ['motivations', 'motivation', 'goals', 'goal', 'needs'],
  personality: ['personality', 'traits'],
};
const freeTextColumns = [
  'notes',
  'note',
  'interview',
  'interview notes',
  'description',
  'comments',
  'comment',
];

interface CustomerRow {
  /** The customer's row: the header is row 1, blank lines are not counted. */
  row: number;
  /** The row as "column: value" lines, recognised columns only. */
  sourceText: string;
  given: GivenTraits;
  /**
   * The customer's own traits of the business's other columns that sort
   * customers into groups (a plan, a region, a channel): column → value.
   * Results can be cut by them.
   */
  customTraits: Record<string, string>;
}

/** A column of its own becomes a custom trait when its values sort customers into a few groups. */
const MAX_CUSTOM_TRAITS = 5;
const MAX_CUSTOM_TRAIT_VALUES = 12;
const MAX_CUSTOM_TRAIT_LENGTH = 40;

type CustomerCsvParse =
  | { ok: true; rows: CustomerRow[]; skipped: { row: number; reason: string }[] }
  | { ok: false; message: string };

const customerRowMessages = {
  empty: 'The row has nothing about the customer.',
  badAge: (age: string) => `The age "${age}" is not a number from 18 to 100.`,
} as const;

/**
 * Reads a CSV of customers (the approach of parseCalibrationCsv): headers in
 * any case and order, blank lines skipped, quoted fields, a UTF-8 BOM.
 * Recognised columns become given traits (a city and a country join into one
 * location); notes, interview, description and comments columns are free
 * text: they are the customer's lifestyle as the business wrote it (when no
 * lifestyle column says it), and read like a description for the facts they
 * state. Every cell stays text; nothing is evaluated.
 */
export function parseCustomerCsv(csv: string): CustomerCsvParse {
  const table = readCsvTable(csv);
  if (!table.ok) return table;
  const { header, names: headers, rows } = table;
  const columns: { at: number; label: string; field: CustomTraitField | 'notes' }[] = [];
  headers.forEach((name, at) => {
    const field = customTraitFields.find((f) => columnNames[f].includes(name));
    if (field) columns.push({ at, label: header[at]!, field });
    else if (freeTextColumns.includes(name))
      columns.push({ at, label: header[at]!, field: 'notes' });
  });
  if (columns.length === 0) return { ok: false, message: customPersonaMessages.csvNoUsableColumn };
  // Other columns whose short values repeat (a plan, a region) are the business's own traits.
  const traitColumns = headers
    .map((name, at) => ({ name, at, label: header[at]!.trim() }))
    .filter(({ at, label }) => {
      if (!label || columns.some((c) => c.at === at)) return false;
      const values = rows
        .map((cells) => (cells[at] ?? '').replace(/\s+/g, ' ').trim())
        .filter(Boolean);
      return (
        values.length > 0 &&
        values.every((v) => v.length <= MAX_CUSTOM_TRAIT_LENGTH) &&
        new Set(values.map((v) => v.toLowerCase())).size <=
          Math.min(MAX_CUSTOM_TRAIT_VALUES, Math.max(1, values.length - 1))
      );
    })
    .slice(0, MAX_CUSTOM_TRAITS);
  if (rows.length === 0) return { ok: false, message: customPersonaMessages.csvNoRows };
  if (rows.length > maxCustomerRows) {
    return { ok: false, message: customPersonaMessages.csvTooManyRows(rows.length) };
  }
  const result: CustomerRow[] = [];
  const skipped: { row: number; reason: string }[] = [];
  rows.forEach((cells, index) => {
    const row = index + 2;
    const lines: string[] = [];
    const given: GivenTraits = {};
    const notes: string[] = [];
    const places: string[] = [];
    let problem: string | undefined;
    for (const column of columns) {
      const value = (cells[column.at] ?? '').replace(/\s+/g, ' ').trim();
      if (!value) continue;
      lines.push(`${column.label}: ${value}`);
      if (column.field === 'notes') notes.push(value);
      else if (column.field === 'age') {
        const age = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
        if (age >= MIN_PERSONA_AGE && age <= MAX_PERSONA_AGE) given.age = age;
        else problem ??= customerRowMessages.badAge(value);
      } else if (column.field === 'location') places.push(value);
      else if (column.field === 'gender') given.gender = genderWord(value);
      else if (!given[column.field])
        given[column.field] = value.slice(0, maxTraitLength(column.field));
    }
    if (places.length > 0) given.location = places.join(', ').slice(0, 200);
    if (problem) {
      skipped.push({ row, reason: problem });
      return;
    }
    if (lines.length === 0) {
      skipped.push({ row, reason: customerRowMessages.empty });
      return;
    }
    if (notes.length > 0) {
      const notesText = notes.join('. ');
      const fromNotes = parseDescriptionFacts(notesText);
      // The notes are how the customer lives, in the business's own words (their
      // "who …" clause when they introduce the customer first).
      if (!given.lifestyle) {
        given.lifestyle =
          /\bwho\b/i.test(notesText) && fromNotes.lifestyle
            ? fromNotes.lifestyle
            : notesText.slice(0, maxTraitLength('lifestyle')).trim();
      }
      for (const field of givenFields(fromNotes)) {
        if (!givenFields(given).includes(field))
          (given as Record<string, unknown>)[field] = fromNotes[field];
      }
    }
    const customTraits: Record<string, string> = {};
    for (const { at, label } of traitColumns) {
      const value = (cells[at] ?? '').replace(/\s+/g, ' ').trim();
      if (value) customTraits[label.slice(0, MAX_CUSTOM_TRAIT_LENGTH)] = value;
    }
    result.push({
      row,
      sourceText: lines.join('\n').slice(0, maxPersonaSourceText),
      given,
      customTraits,
    });
  });
  return { ok: true, rows: result, skipped };
}

const genderCodes: Record<string, 'Female' | 'Male' | 'Non-binary'> = {
  f: 'Female',
  female: 'Female',
  w: 'Female',
  woman: 'Female',
  women: 'Female',
  m: 'Male',
  male: 'Male',
  man: 'Male',
  men: 'Male',
  nb: 'Non-binary',
  'non-binary': 'Non-binary',
  nonbinary: 'Non-binary',
  enby: 'Non-binary',
};

/**
 * A gender cell as the filters name it, the one reader of every upload (the
 * customer import and the calibration file): "F", " female ", "W", "Woman",
 * "MALE", "m", "non binary" in any case -> Female, Male or Non-binary;
 * anything else as written (at most 50 characters).
 */
export function genderWord(value: string): string {
  const word = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .replace(/\.$/, '');
  return Object.hasOwn(genderCodes, word) ? genderCodes[word]! : value.trim().slice(0, 50);
}

// ---------------------------------------------------------------------------
// Requests.

export const createCustomPersonaRequest = z.object({
  description: z
    .string(customPersonaMessages.descriptionTooShort)
    .trim()
    .min(minPersonaDescription, customPersonaMessages.descriptionTooShort)
    .max(maxPersonaDescription, customPersonaMessages.descriptionTooLong),
});

export const importCustomersRequest = z.object({
  fileName: z
    .string('The file needs a name.')
    .trim()
    .min(1, 'The file needs a name.')
    .max(200, 'The file name can be at most 200 characters.'),
  csv: z.string('The file is empty.').max(maxCustomerCsvBytes, customPersonaMessages.csvTooLarge),
});

const editText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max} characters`);

/** PATCH of a custom persona: any of its traits; what is sent becomes given. */
export const editCustomPersonaRequest = z
  .object({
    name: editText('Name', 200),
    age: z
      .number(personaMessages.ageOutOfRange)
      .int(personaMessages.ageOutOfRange)
      .min(MIN_PERSONA_AGE, personaMessages.ageOutOfRange)
      .max(MAX_PERSONA_AGE, personaMessages.ageOutOfRange),
    gender: z
      .string('Gender must be text')
      .trim()
      .max(50, 'Gender must be at most 50 characters')
      .nullable(),
    occupation: editText('Occupation', 200),
    location: editText('Location', 200),
    income: editText('Income', 200),
    lifestyle: editText('Lifestyle', 2000),
    motivations: editText('Motivations', 2000),
    personality: editText('Personality', 2000),
  })
  .partial()
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    message: 'Change at least one trait.',
  });
export type CustomPersonaEdit = z.output<typeof editCustomPersonaRequest>;

const traitText = (max: number) => z.string().trim().min(1).max(max);
const score = z.number().min(0).max(10);

/** A built persona as the catalog stores it: its traits, safety scores and facts. */
export const customPersonaDraft = z.object({
  traits: z.object({
    name: traitText(200),
    age: z.number().int().min(MIN_PERSONA_AGE).max(MAX_PERSONA_AGE),
    gender: z.string().trim().max(50).nullable(),
    occupation: traitText(200),
    location: traitText(200),
    income: traitText(200),
    lifestyle: traitText(2000),
    motivations: traitText(2000),
    personality: traitText(2000),
  }),
  safetyScores: z.object({ economic: score, world: score, local: score, occupation: score }),
  custom: z.object({
    source: z.enum(['description', 'csv']),
    sourceText: z.string().max(maxPersonaSourceText),
    fileName: z.string().max(200),
    provenance: z.object(
      Object.fromEntries(
        customTraitFields.map((f) => [f, z.enum(['given', 'inferred'])]),
      ) as Record<CustomTraitField, z.ZodEnum<{ given: 'given'; inferred: 'inferred' }>>,
    ),
    builtBy: z.string().max(200),
    customTraits: z
      .record(z.string().trim().min(1).max(40), z.string().trim().min(1).max(40))
      .refine((traits) => Object.keys(traits).length <= MAX_CUSTOM_TRAITS)
      .optional(),
  }),
});
export type CustomPersonaDraft = z.output<typeof customPersonaDraft>;
