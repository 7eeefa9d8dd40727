import {
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
