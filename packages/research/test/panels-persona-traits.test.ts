import { frameById, personaFrameTraits, rake, frameTargets, yearlyAmount } from '@chorus/research';

const uk = frameById('uk')!;
const us = frameById('us')!;

const persona = (over: Partial<Parameters<typeof personaFrameTraits>[0]>) => ({
  age: 34,
  gender: 'Female',
  income: '£32,000 a year',
  location: 'Leeds, UK',
  lifestyle: 'Lives alone in a flat near the centre.',
  motivations: 'Saving for a holiday',
  personality: 'Careful',
  ...over,
});

describe('a persona on a population frame', () => {
  it('reads age band, sex, income band in the frame currency and household from its own words', () => {
    const traits = personaFrameTraits(persona({}), uk);
    expect(traits.age).toBe('30-44');
    expect(traits.sex).toBe('female');
    expect(traits.household).toBe('alone');
    const band = uk.traits
      .find((t) => t.id === 'income')!
      .levels.find((l) => l.id === traits.income)!;
    expect(band.min ?? 0).toBeLessThanOrEqual(32_000);
    expect(band.max ?? Infinity).toBeGreaterThanOrEqual(32_000);
  });

  it('leaves out what it does not state in the frame’s terms', () => {
    const traits = personaFrameTraits(
      persona({ gender: 'Non-binary', income: '$85,000 per year', age: 0, lifestyle: 'Busy.' }),
      uk,
    );
    expect(traits).toEqual({});
  });

  it('finds a region named in its place', () => {
    const west = us.traits.find((t) => t.id === 'region')!.levels[0]!;
    expect(personaFrameTraits(persona({ location: `Somewhere, ${west.label}` }), us).region).toBe(
      west.id,
    );
  });

  it('reads yearly amounts in words', () => {
    expect(yearlyAmount('£32,000 a year', 'GBP')).toBe(32_000);
    expect(yearlyAmount('$85k per year', 'USD')).toBe(85_000);
    expect(yearlyAmount('€3,000 a month', 'EUR')).toBe(36_000);
    expect(yearlyAmount('₹6 lakh a year', 'INR')).toBe(600_000);
    expect(yearlyAmount('$85,000 per year', 'GBP')).toBeUndefined();
  });

  it('rakes personas with a missing level and says why in words', () => {
    const young = Array.from({ length: 10 }, (_, i) => ({
      traits: personaFrameTraits(persona({ age: 20 + i, gender: i % 2 ? 'Male' : 'Female' }), uk),
    }));
    const raked = rake(young, frameTargets(uk, ['age', 'sex']));
    expect(raked.problem).toMatch(/Nobody in the panel/);
  });
});
