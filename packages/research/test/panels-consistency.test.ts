import {
  frameById,
  frames,
  type PersonaFacts,
  personaFacts,
  type PopulationFrame,
  quotaSample,
  traitConflicts,
} from '../src';

describe('trait conflicts', () => {
  it('names a household with children at home for someone 75 or over', () => {
    expect(traitConflicts({ age: '75+', household: 'children', sex: 'female' })).toEqual([
      'a household with children at home for someone 75 or over',
    ]);
    expect(traitConflicts({ age: '60-74', household: 'children' })).toEqual([]);
    expect(traitConflicts({ age: '75+', household: 'alone', plan: 'children' })).toEqual([]);
  });
});

describe('persona facts', () => {
  const all = new Map<string, { frame: PopulationFrame; facts: PersonaFacts[] }>(
    frames.map((frame) => [
      frame.id,
      { frame, facts: quotaSample(frame, 5000, 11).map((m) => personaFacts(frame, m, 5)) },
    ]),
  );

  it.each(frames.map((f) => [f.id]))('%s: ages and incomes lie in their bands', (id) => {
    const { frame, facts } = all.get(id)!;
    const bands = frame.traits.find((t) => t.id === 'income')!.levels;
    const bandsOf = (fact: PersonaFacts) => {
      const [low, high] = fact.ageBand === '75+' ? [75, 90] : fact.ageBand.split('-').map(Number);
      return { low: low!, high: high! };
    };
    // Offenders collected, then asserted once (an expect per member would be slow).
    const outOfBand = facts.filter((fact) => {
      const { low, high } = bandsOf(fact);
      return fact.age < low || fact.age > high;
    });
    expect(outOfBand).toEqual([]);
    const members = quotaSample(frame, 5000, 11);
    const outOfIncome = facts.filter((fact, i) => {
      const band = bands.find((b) => b.id === members[i]!.traits.income)!;
      const top = band.max ?? band.min! * 2.5;
      const bottom = band.min! > 0 ? band.min! : 0.4 * top;
      return fact.incomePerYear < bottom || fact.incomePerYear >= top;
    });
    expect(outOfIncome).toEqual([]);
    // The open band 75+ reaches 90; the ages spread over the whole band.
    const old = facts.filter((f) => f.ageBand === '75+').map((f) => f.age);
    expect(Math.max(...old)).toBe(90);
    expect(Math.min(...old)).toBe(75);
  });

  it.each(frames.map((f) => [f.id]))('%s: occupations fit age and education', (id) => {
    const { facts } = all.get(id)!;
    expect(facts.filter((f) => f.occupationGroup === 'student' && f.age > 35)).toEqual([]);
    expect(facts.filter((f) => f.occupationGroup === 'retired' && f.age < 55)).toEqual([]);
    const share = (list: PersonaFacts[], test: (f: PersonaFacts) => boolean) =>
      list.filter(test).length / list.length;
    const over67 = facts.filter((f) => f.age >= 67);
    expect(share(over67, (f) => f.occupationGroup === 'retired')).toBeGreaterThan(0.75);
    const sixties = facts.filter((f) => f.age >= 60 && f.age < 67);
    const retiredSixties = share(sixties, (f) => f.occupationGroup === 'retired');
    expect(retiredSixties).toBeGreaterThan(0.2);
    expect(retiredSixties).toBeLessThan(0.5);
    const young = facts.filter((f) => f.age <= 24 && f.education !== 'below-secondary');
    expect(share(young, (f) => f.occupationGroup === 'student')).toBeGreaterThan(0.35);
    const working = (education: string) =>
      facts.filter(
        (f) =>
          f.education === education &&
          ['professional', 'managerial', 'service', 'manual'].includes(f.occupationGroup),
      );
    const whiteCollar = (f: PersonaFacts) =>
      f.occupationGroup === 'professional' || f.occupationGroup === 'managerial';
    expect(share(working('tertiary'), whiteCollar)).toBeGreaterThan(0.6);
    expect(share(working('below-secondary'), whiteCollar)).toBeLessThan(0.15);
    expect(
      facts.filter(
        (f) =>
          f.occupation.length <= 3 ||
          (f.occupationGroup === 'retired') !== f.occupation.startsWith('retired '),
      ),
    ).toEqual([]);
  });

  it('writes income in the frame currency and names region and country', () => {
    const uk = frameById('uk')!;
    const member = {
      index: 0,
      traits: {
        age: '30-44',
        sex: 'male',
        income: '20k-35k',
        region: 'london',
        household: 'couple',
        education: 'tertiary',
      },
    };
    const facts = personaFacts(uk, member, 1);
    expect(facts.incomeText).toMatch(/^£\d\d,\d00 a year$/);
    expect(facts.incomePerYear).toBeGreaterThanOrEqual(20_000);
    expect(facts.incomePerYear).toBeLessThan(35_000);
    expect(facts.region).toBe('London');
    expect(facts.country).toBe('United Kingdom');
    expect(facts.householdText).toBe('Lives with a partner, no children at home');
    const india = frameById('in')!;
    const rupees = personaFacts(
      india,
      { index: 1, traits: { ...member.traits, income: '5l-15l', region: 'south' } },
      1,
    );
    expect(rupees.incomeText).toMatch(/^₹\d{1,2},\d\d,\d{3} a year$/);
  });

  it('is the same for the same member and seed, and passes traits of its own through', () => {
    const de = frameById('de')!;
    const member = {
      index: 3,
      traits: {
        age: '18-29',
        sex: 'female',
        income: '18k-30k',
        region: 'bavaria',
        household: 'other',
        education: 'secondary',
        plan: 'paid',
      },
    };
    expect(personaFacts(de, member, 9)).toEqual(personaFacts(de, member, 9));
    const seeds = new Set([1, 2, 3, 4, 5, 6].map((s) => personaFacts(de, member, s).age));
    expect(seeds.size).toBeGreaterThan(1);
    expect(personaFacts(de, member, 9).custom).toEqual({ plan: 'paid' });
  });
});
