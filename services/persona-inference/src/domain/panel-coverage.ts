import {
  ageBand,
  ageBands,
  type CoverageDimension,
  genderOption,
  genderOptions,
  occupationCategories,
  occupationCategory,
} from '@chorus/contracts';
import type { PersonaProfile } from '@chorus/proto/inference/v1/inference';
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
