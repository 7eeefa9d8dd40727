import {
  ageBand,
  ageBands,
  genderOption,
  genderOptions,
  occupationCategories,
  occupationCategory,
  safetyScoreKeys,
} from '@chorus/contracts';
import { readFileSync } from 'node:fs';
import {
  defaultTemplateLibraryFile,
  parseTemplateLibrary,
  TemplateLibraryError,
} from '../src/template-library';

const library = parseTemplateLibrary(readFileSync(defaultTemplateLibraryFile(), 'utf8'));

describe('the shipped persona template library', () => {
  it('holds at least 40 templates with distinct names', () => {
    expect(library.length).toBeGreaterThanOrEqual(40);
    expect(new Set(library.map((t) => t.name)).size).toBe(library.length);
  });

  it('spans ages 18 to 75 and every age band', () => {
    const ages = library.map((t) => t.age);
    expect(Math.min(...ages)).toBe(18);
    expect(Math.max(...ages)).toBe(75);
    for (const band of ageBands) {
      expect(library.filter((t) => ageBand(t.age) === band).length).toBeGreaterThanOrEqual(5);
    }
  });

  it('has people of every gender option', () => {
    for (const gender of genderOptions) {
      expect(library.some((t) => genderOption(t.gender) === gender)).toBe(true);
    }
  });

  it('has at least three people in every occupation category', () => {
    for (const category of occupationCategories) {
      const inCategory = library.filter((t) => occupationCategory(t.occupation) === category);
      expect(`${category}: ${inCategory.length >= 3}`).toBe(`${category}: true`);
    }
  });

  it('lives in many countries', () => {
    const countries = new Set(library.map((t) => t.location.split(',').at(-1)!.trim()));
    expect(countries.size).toBeGreaterThanOrEqual(15);
  });

  it('uses the whole range of every safety score', () => {
    for (const key of safetyScoreKeys) {
      const scores = library.map((t) => t.safetyScores[key]);
      expect([key, Math.min(...scores), Math.max(...scores)]).toEqual([key, 1, expect.any(Number)]);
      expect(Math.max(...scores)).toBeGreaterThanOrEqual(9);
    }
  });

  it('describes every person in full', () => {
    for (const t of library) {
      expect(t.iq).toEqual(expect.any(Number));
      expect(t.lifestyle.length).toBeGreaterThan(60);
      expect(t.motivations.length).toBeGreaterThan(60);
      expect(t.personality.length).toBeGreaterThan(60);
    }
  });
});

describe('parseTemplateLibrary', () => {
  const one = {
    name: 'Test Person',
    age: 30,
    occupation: 'Chef',
    location: 'Oslo, Norway',
    income: 'NOK 500,000 per year',
    lifestyle: 'Cooks',
    motivations: 'Cooking',
    personality: 'Calm',
    safetyScores: { economic: 5, world: 5, local: 5, occupation: 5 },
  };
  const yaml = (templates: unknown[]) => JSON.stringify({ templates });

  it('accepts a minimal template and marks it active', () => {
    expect(parseTemplateLibrary(yaml([one]))).toEqual([{ ...one, isActive: true }]);
  });

  it.each([
    ['not YAML', 'templates: [unclosed', /not valid YAML/],
    ['no templates key', 'people: []', /templates/],
    [
      'a missing personality',
      yaml([{ ...one, personality: undefined }]),
      /templates\.0\.personality/,
    ],
    [
      'a score above 10',
      yaml([{ ...one, safetyScores: { ...one.safetyScores, world: 11 } }]),
      /world: must be 0 to 10/,
    ],
    ['a duplicate name', yaml([one, one]), /appears twice/],
    ['a custom YAML type', 'templates: !!js/function "function () {}"', /not valid YAML/],
  ])('refuses %s', (_what, source, message) => {
    expect(() => parseTemplateLibrary(source)).toThrow(TemplateLibraryError);
    expect(() => parseTemplateLibrary(source)).toThrow(message);
  });
});
