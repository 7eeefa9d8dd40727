import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface LibraryEntry extends Omit<PersonaProfile, 'personaId' | 'gender'> {
  gender?: string;
}

/** Every persona template the catalog ships (services/catalog/data/persona-templates.yaml). */
export const templatePersonas: PersonaProfile[] = (
  load(readFileSync(path.join(__dirname, '../../catalog/data/persona-templates.yaml'), 'utf8')) as {
    templates: LibraryEntry[];
  }
).templates.map((template, index) => ({
  personaId: `template-${index + 1}`,
  name: template.name,
  age: template.age,
  gender: template.gender ?? '',
  occupation: template.occupation,
  location: template.location,
  income: template.income,
  lifestyle: template.lifestyle,
  motivations: template.motivations,
  personality: template.personality,
  safetyScores: template.safetyScores,
}));
