import type { PopulationFrame as FrameMessage } from '@chorus/proto/inference/v1/panels';
import { householdOf, type PanelMember, type PopulationFrame, quotaSample } from '@chorus/research';
import { readIncome } from '../src/domain/money';
import { frameFromMessage } from '../src/domain/panel-frame';
import { namesOf } from '../src/domain/panel-personas/names';
import { panelPersona, panelPersonas } from '../src/domain/panel-personas';

// A market panel's personas without a model: the facts of each member fit
// its levels of the frame's traits, and the names and prose differ from
// person to person, the same for the same seed.

const frame: PopulationFrame = {
  id: 'testland',
  name: 'United Kingdom',
  country: 'GB',
  currency: 'GBP',
  population: 'Adults of a test population',
  year: 2024,
  sources: [],
  traits: [
    {
      id: 'age',
      label: 'Age band',
      source: 'test',
      levels: [
        { id: '18-29', label: '18–29', share: 0.2 },
        { id: '30-44', label: '30–44', share: 0.25 },
        { id: '45-59', label: '45–59', share: 0.25 },
        { id: '60-74', label: '60–74', share: 0.2 },
        { id: '75+', label: '75 and over', share: 0.1 },
      ],
    },
    {
      id: 'sex',
      label: 'Sex',
      source: 'test',
      levels: [
        { id: 'female', label: 'Women', share: 0.51 },
        { id: 'male', label: 'Men', share: 0.49 },
      ],
    },
    {
      id: 'income',
      label: 'Household income',
      source: 'test',
      levels: [
        { id: 'low', label: 'Under £20,000', share: 0.3, min: 0, max: 20_000 },
        { id: 'mid', label: '£20,000–£49,999', share: 0.4, min: 20_000, max: 50_000 },
        { id: 'high', label: '£50,000 or more', share: 0.3, min: 50_000, max: null },
      ],
    },
    {
      id: 'region',
      label: 'Region',
      source: 'test',
      levels: [
        { id: 'north', label: 'North', share: 0.4 },
        { id: 'south', label: 'South', share: 0.6 },
      ],
    },
    {
      id: 'household',
      label: 'Household',
      source: 'test',
      levels: [
        { id: 'alone', label: 'Lives alone', share: 0.2 },
        { id: 'couple', label: 'Couple', share: 0.3 },
        { id: 'children', label: 'Children at home', share: 0.3 },
        { id: 'other', label: 'Other adults', share: 0.2 },
      ],
    },
    {
      id: 'education',
      label: 'Education',
      source: 'test',
      levels: [
        { id: 'below-secondary', label: 'Below secondary', share: 0.25 },
        { id: 'secondary', label: 'Secondary', share: 0.4 },
        { id: 'tertiary', label: 'Degree', share: 0.35 },
      ],
    },
    {
      id: 'pet',
      label: 'Owns a pet',
      source: 'the customer',
      levels: [
        { id: 'yes', label: 'Yes', share: 0.45 },
        { id: 'no', label: 'No', share: 0.55 },
      ],
    },
  ],
};

const members = quotaSample(frame, 400, 11);
const personas = panelPersonas(frame, members, 11);

const levelOf = (member: PanelMember, trait: string) =>
  frame.traits.find((t) => t.id === trait)!.levels.find((l) => l.id === member.traits[trait])!;

describe('market panel personas from the local builder', () => {
  it('gives every member its index as id and an age within its age band', () => {
    expect(personas).toHaveLength(members.length);
    personas.forEach((persona, i) => {
      const member = members[i]!;
      expect(persona.personaId).toBe(String(member.index));
      const band = member.traits.age!;
      const [low, high] = band.endsWith('+')
        ? [Number(band.slice(0, -1)), 120]
        : band.split('-').map(Number);
      expect(persona.age).toBeGreaterThanOrEqual(low!);
      expect(persona.age).toBeLessThanOrEqual(high!);
      expect(persona.gender).toBe(member.traits.sex === 'female' ? 'Female' : 'Male');
    });
  });

  it("writes the income in the frame's currency, within the member's band", () => {
    personas.forEach((persona, i) => {
      expect(persona.income).toMatch(/^£[\d,]+ a year$/);
      const income = readIncome(persona.income);
      expect(income.currency?.code).toBe('GBP');
      const band = levelOf(members[i]!, 'income');
      expect(income.yearly).toBeGreaterThanOrEqual(band.min!);
      if (typeof band.max === 'number') expect(income.yearly).toBeLessThan(band.max);
    });
  });

  it('gives occupations that fit the age: no student over 35, no one retired under 55', () => {
    for (const persona of personas) {
      if (/student/i.test(persona.occupation)) expect(persona.age).toBeLessThanOrEqual(35);
      if (/^retired/i.test(persona.occupation)) expect(persona.age).toBeGreaterThanOrEqual(55);
      expect(persona.occupation.trim()).not.toBe('');
    }
    // A panel of 400 adults has both.
    expect(personas.some((p) => /student/i.test(p.occupation))).toBe(true);
    expect(personas.some((p) => /^retired/i.test(p.occupation))).toBe(true);
  });

  it("places everyone in their region of the frame's country", () => {
    personas.forEach((persona, i) => {
      expect(persona.location).toBe(`${levelOf(members[i]!, 'region').label}, United Kingdom`);
    });
  });

  it("labels every persona with its level of every frame trait, the customer's own too", () => {
    personas.forEach((persona, i) => {
      const member = members[i]!;
      expect(persona.customTraits?.labels).toEqual(
        Object.fromEntries(frame.traits.map((t) => [t.label, levelOf(member, t.id).label])),
      );
    });
    expect(personas[0]!.customTraits?.labels).toHaveProperty('Owns a pet');
  });

  it('describes the household the member has, as the household cut reads it', () => {
    personas.forEach((persona, i) => {
      const household = members[i]!.traits.household;
      const read = householdOf(
        [persona.lifestyle, persona.motivations, persona.personality].join('. '),
      );
      if (household === 'other') expect(['alone', 'couple', 'children']).not.toContain(read);
      else expect(read).toBe(household);
    });
  });

  it('writes a lifestyle, motivations and personality of a sentence or two, varied between people', () => {
    for (const persona of personas) {
      for (const text of [persona.lifestyle, persona.motivations, persona.personality]) {
        expect(text.length).toBeGreaterThan(10);
        expect(text.length).toBeLessThan(300);
        expect(text.split(/[.!?](?:\s|$)/).filter(Boolean).length).toBeLessThanOrEqual(2);
      }
    }
    const distinct = (field: 'lifestyle' | 'motivations' | 'personality') =>
      new Set(personas.map((p) => p[field])).size;
    expect(distinct('lifestyle')).toBeGreaterThan(personas.length * 0.8);
    expect(distinct('motivations')).toBeGreaterThan(20);
    expect(distinct('personality')).toBeGreaterThan(40);
  });

  it('gives safety scores from 1 to 10 that are lower for the poorest than the best off', () => {
    for (const persona of personas) {
      for (const score of Object.values(persona.safetyScores!)) {
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(1);
        expect(score).toBeLessThanOrEqual(10);
      }
    }
    const economic = (band: string) => {
      const scores = personas
        .filter((_, i) => members[i]!.traits.income === band)
        .map((p) => p.safetyScores!.economic);
      return scores.reduce((a, b) => a + b, 0) / scores.length;
    };
    expect(economic('low')).toBeLessThan(economic('mid'));
    expect(economic('mid')).toBeLessThan(economic('high'));
    const lookingForWork = personas.filter((p) => /looking for work/i.test(p.occupation));
    for (const persona of lookingForWork) expect(persona.safetyScores!.occupation).toBeLessThan(5);
  });

  it('names people mostly differently, with names of the country and sex', () => {
    expect(new Set(personas.map((p) => p.name)).size).toBeGreaterThan(personas.length * 0.85);
    const british = namesOf('GB');
    for (const persona of personas) {
      const [first, ...last] = persona.name.split(' ');
      expect(persona.gender === 'Female' ? british.female : british.male).toContain(first);
      expect(british.last).toContain(last.join(' '));
    }
    const german = panelPersonas({ ...frame, country: 'DE', name: 'Germany' }, members, 11);
    const germanNames = namesOf('DE');
    for (const persona of german) {
      expect(germanNames.last).toContain(persona.name.split(' ').slice(1).join(' '));
    }
  });

  it('is the same panel for the same seed, and other people for another seed', () => {
    expect(panelPersonas(frame, members, 11)).toEqual(personas);
    expect(panelPersona(frame, members[7]!, 11)).toEqual(personas[7]);
    const other = panelPersonas(frame, members, 12);
    const sameName = other.filter((p, i) => p.name === personas[i]!.name).length;
    expect(sameName).toBeLessThan(personas.length * 0.1);
    const sameLife = other.filter((p, i) => p.lifestyle === personas[i]!.lifestyle).length;
    expect(sameLife).toBeLessThan(personas.length * 0.2);
  });
});

describe('a population frame from its message', () => {
  it('keeps the joint shares as a pair of traits and the bounds of income bands', () => {
    const message: FrameMessage = {
      id: 'x',
      name: 'United Kingdom',
      country: 'GB',
      currency: 'GBP',
      population: 'Adults',
      year: 2024,
      sources: [{ publisher: 'ONS', title: 'Estimates', year: 2024, url: 'https://ons.gov.uk' }],
      traits: [
        {
          id: 'income',
          label: 'Household income',
          source: 'ONS',
          levels: [
            { id: 'low', label: 'Under £20,000', share: 0.5, min: 0, max: 20_000 },
            { id: 'high', label: '£20,000 or more', share: 0.5, min: 20_000 },
          ],
        },
        {
          id: 'sex',
          label: 'Sex',
          source: 'ONS',
          levels: [
            { id: 'female', label: 'Women', share: 0.5 },
            { id: 'male', label: 'Men', share: 0.5 },
          ],
        },
      ],
      joint: {
        traitA: 'income',
        traitB: 'sex',
        shares: {
          'low|female': 0.25,
          'low|male': 0.25,
          'high|female': 0.25,
          'high|male': 0.25,
        },
      },
    };
    const read = frameFromMessage(message);
    expect(read.joint).toEqual({
      traits: ['income', 'sex'],
      shares: message.joint!.shares,
    });
    expect(read.traits[0]!.levels).toEqual([
      { id: 'low', label: 'Under £20,000', share: 0.5, min: 0, max: 20_000 },
      { id: 'high', label: '£20,000 or more', share: 0.5, min: 20_000, max: null },
    ]);
    expect(read.traits[1]!.levels[0]).toEqual({ id: 'female', label: 'Women', share: 0.5 });
    expect(frameFromMessage({ ...message, joint: undefined }).joint).toBeUndefined();
  });
});
