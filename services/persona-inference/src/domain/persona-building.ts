import { createHash } from 'node:crypto';
import {
  ageBand,
  type CustomTraits,
  genderOption,
  type GivenTraits,
  occupationCategory,
  type SafetyScores,
  withGivenTraits,
} from '@chorus/contracts';
import type { PersonaProfile } from '@chorus/proto/inference/v1/inference';
import { readIncome } from './money';

/**
 * Personas of a business's own customers, composed without a model: the
 * templates closest to what the source states (age band, gender, occupation
 * category, income band, place) lend the traits the source leaves out, and
 * their safety scores, averaged, become the persona's.
 */

/** How many of the closest templates a persona is composed from. */
export const CLOSEST_TEMPLATES = 3;

/** How far a template is from what a source states: 0 is as close as it gets. */
export function templateDistance(given: GivenTraits, template: PersonaProfile): number {
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
    distance += shared ? 0 : 0.5;
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

/** A whole persona from a source's stated facts and the closest templates. */
export function composePersona(
  source: { text: string; given: GivenTraits },
  templates: readonly PersonaProfile[],
): { traits: CustomTraits; safetyScores: SafetyScores } {
  const closest = closestTemplates(source.given, templates);
  const nearest = closest[0];
  if (!nearest) throw new Error('no templates to compose from');
  const gender = source.given.gender ?? (nearest.gender || null);
  const filled: CustomTraits = {
    name: customerName(source.text, gender),
    age: nearest.age,
    gender,
    occupation: nearest.occupation,
    location: nearest.location,
    income: nearest.income,
    lifestyle: nearest.lifestyle,
    motivations: nearest.motivations,
    personality: nearest.personality,
  };
  return {
    traits: withGivenTraits(filled, source.given),
    safetyScores: averageSafetyScores(closest),
  };
}
