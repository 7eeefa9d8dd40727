import {
  ageBand,
  type AgeBand,
  genderOption,
  type GenderOption,
  occupationCategory,
  type OccupationCategory,
  type PersonaTemplateView,
} from '@chorus/contracts';

/*
 * Rules of the personas page that are not the API's: its filters and the
 * colour of a safety score's badge.
 */

/** The badge colour of a safety score: 8 or more green, 6 or more yellow, lower red. */
export function safetyScoreTone(score: number): 'green' | 'yellow' | 'red' {
  if (score >= 8) return 'green';
  if (score >= 6) return 'yellow';
  return 'red';
}

export interface PersonaFilters {
  /** 'all' or absent: no restriction. */
  category?: OccupationCategory | 'all';
  ageBand?: AgeBand | 'all';
  gender?: GenderOption | 'all';
  /** Free text over name, occupation and location, case-insensitive. */
  search?: string;
}

/** The templates that pass every filter of the persona selection page. */
export function filterPersonaTemplates<
  T extends Pick<PersonaTemplateView, 'name' | 'age' | 'gender' | 'occupation' | 'location'>,
>(templates: readonly T[], filters: PersonaFilters): T[] {
  const search = (filters.search ?? '').trim().toLowerCase();
  return templates.filter((template) => {
    if (
      filters.category &&
      filters.category !== 'all' &&
      occupationCategory(template.occupation) !== filters.category
    ) {
      return false;
    }
    if (filters.ageBand && filters.ageBand !== 'all' && ageBand(template.age) !== filters.ageBand) {
      return false;
    }
    if (
      filters.gender &&
      filters.gender !== 'all' &&
      genderOption(template.gender) !== filters.gender
    ) {
      return false;
    }
    if (!search) return true;
    return [template.name, template.occupation, template.location].some((text) =>
      (text ?? '').toLowerCase().includes(search),
    );
  });
}
