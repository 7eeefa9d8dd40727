import {
  CUSTOM_TRAIT_PREFIX,
  ageBand,
  ageBands,
  type CoverageDimension,
  type PanelDiversity,
  genderOption,
  genderOptions,
  occupationCategories,
  occupationCategory,
} from '@chorus/contracts';
import type { PersonaProfile } from '@chorus/proto/inference/v1/inference';
import { householdOf, panelDiversity, type PersonaTraits } from '@chorus/research';
import { readIncome } from './money';

const incomeBands = ['low', 'middle', 'high'] as const;

function dimension(
  name: string,
  options: readonly string[],
  values: readonly (string | undefined)[],
): CoverageDimension {
  const present = new Set(values.filter((v): v is string => v !== undefined));
  return {
    name,
    covered: options.filter((o) => present.has(o)),
    missing: options.filter((o) => !present.has(o)),
  };
}

/**
 * Which segments of the persona filters (age bands, gender, occupation
 * categories) and which income bands the panel covers and lacks: the echo
 * chamber alarm names them.
 */
export function panelCoverage(personas: readonly PersonaProfile[]): CoverageDimension[] {
  return [
    dimension(
      'Age',
      ageBands,
      personas.map((p) => ageBand(p.age)),
    ),
    dimension(
      'Gender',
      genderOptions,
      personas.map((p) => genderOption(p.gender)),
    ),
    dimension(
      'Income',
      incomeBands,
      personas.map((p) => readIncome(p.income).band),
    ),
    dimension(
      'Occupation',
      occupationCategories,
      personas.map((p) => occupationCategory(p.occupation)),
    ),
  ];
}

/** A persona's traits as the panel's diversity compares them; income read as rough US dollars a year. */
export function personaTraits(persona: PersonaProfile): PersonaTraits {
  const text = (value: string | undefined) => (value ?? '').trim();
  const ownWords = [persona.lifestyle, persona.motivations, persona.personality]
    .map(text)
    .filter(Boolean)
    .join('. ');
  return {
    age: Number.isFinite(persona.age) && persona.age > 0 ? persona.age : null,
    gender: text(persona.gender) || null,
    incomeUsd: readIncome(text(persona.income)).yearlyUsd ?? null,
    place: text(persona.location) || null,
    occupation: text(persona.occupation) || null,
    household: householdOf(ownWords),
    values: [persona.motivations, persona.personality, persona.lifestyle].map(text).join(' '),
  };
}

/**
 * How alike the panel's personas are (age, income, place, occupation,
 * household, values), kept with the run: the echo-chamber alarm reads it.
 */
export function panelOf(personas: readonly PersonaProfile[]): PanelDiversity {
  return panelDiversity(personas.map(personaTraits));
}

const householdWords: Record<string, string> = {
  alone: 'Lives alone',
  couple: 'Couple',
  children: 'Children at home',
  parents: 'Lives with parents',
  shared: 'Shared home',
};

const incomeWords: Record<(typeof incomeBands)[number], string> = {
  low: 'Lower income',
  middle: 'Middle income',
  high: 'Higher income',
};

/** The place a result is cut by: the country (the last part of "Leeds, UK"), or the place as written. */
function placeOf(location: string): string | undefined {
  const parts = location
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.at(-1);
}

/**
 * The persona's segment on each trait a typed result is cut by (the
 * coverage's bands, the household its own words describe, its country);
 * a trait the persona does not state is left out.
 */
export function segmentsOf(persona: PersonaProfile): Record<string, string> {
  const segments: Record<string, string> = {};
  const set = (trait: string, value: string | undefined | null) => {
    if (value) segments[trait] = value.slice(0, 120);
  };
  set('age', persona.age > 0 ? ageBand(persona.age) : undefined);
  set('gender', persona.gender ? genderOption(persona.gender) : undefined);
  const band = readIncome(persona.income ?? '').band;
  set('income', band ? incomeWords[band] : undefined);
  set('occupation', persona.occupation ? occupationCategory(persona.occupation) : undefined);
  const household = householdOf(
    [persona.lifestyle, persona.motivations, persona.personality].filter(Boolean).join('. '),
  );
  set('household', household ? householdWords[household] : undefined);
  set('place', placeOf(persona.location ?? ''));
  // The business's own traits (a plan, a region), each a cut of its own.
  for (const [trait, value] of Object.entries(persona.customTraits?.labels ?? {})) {
    set(`${CUSTOM_TRAIT_PREFIX}${trait}`, value);
  }
  return segments;
}
