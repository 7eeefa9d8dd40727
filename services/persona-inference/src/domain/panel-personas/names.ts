import type { PersonaFacts } from '@chorus/research';
import { generator, pick } from './random';
import { type NameList, names } from './name-lists';

/** The name lists of a country; a country without lists of its own gets the US lists. */
export function namesOf(country: string): NameList {
  const code = country.toUpperCase();
  return code in names ? names[code as keyof typeof names] : names.US;
}

/** A name fitting the country and sex: the same seed and index always give the same name. */
export function panelName(
  country: string,
  sex: PersonaFacts['sex'],
  seed: number,
  index: number,
): string {
  const list = namesOf(country);
  const random = generator(seed, index, 0x4e414d45);
  return `${pick(random, list[sex])} ${pick(random, list.last)}`;
}
