import {
  checkFrame,
  frameById,
  frames,
  jointKey,
  type PopulationFrame,
  STANDARD_TRAITS,
} from '../src';

const levelIds = {
  age: ['18-29', '30-44', '45-59', '60-74', '75+'],
  sex: ['female', 'male'],
  household: ['alone', 'couple', 'children', 'other'],
  education: ['below-secondary', 'secondary', 'tertiary'],
};

const trait = (frame: PopulationFrame, id: string) => frame.traits.find((t) => t.id === id)!;

describe('shipped population frames', () => {
  it('ships the United States, the United Kingdom, Germany and India with their currencies', () => {
    expect(frames.map((f) => [f.id, f.country, f.currency])).toEqual([
      ['us', 'US', 'USD'],
      ['uk', 'GB', 'GBP'],
      ['de', 'DE', 'EUR'],
      ['in', 'IN', 'INR'],
    ]);
    expect(frameById('uk')?.name).toBe('United Kingdom');
    expect(frameById('fr')).toBeUndefined();
  });

  it.each(frames.map((f) => [f.id, f]))('%s passes checkFrame', (_id, frame) => {
    expect(checkFrame(frame)).toBeUndefined();
  });

  it.each(frames.map((f) => [f.id, f]))(
    '%s has the six standard traits, in order, with the standard level ids',
    (_id, frame) => {
      expect(frame.traits.map((t) => t.id)).toEqual([...STANDARD_TRAITS]);
      for (const [id, levels] of Object.entries(levelIds)) {
        expect(trait(frame, id).levels.map((l) => l.id)).toEqual(levels);
      }
      expect(trait(frame, 'sex').levels.map((l) => l.label)).toEqual(['Women', 'Men']);
      expect(trait(frame, 'age').levels[0]!.label).toBe('18–29');
      const regions = trait(frame, 'region').levels.length;
      expect(regions).toBeGreaterThanOrEqual(4);
      expect(regions).toBeLessThanOrEqual(16);
    },
  );

  it.each(frames.map((f) => [f.id, f]))(
    '%s: every trait adds to 1 within 1e-9 and the age × sex joint matches both traits',
    (_id, frame) => {
      for (const t of frame.traits) {
        const total = t.levels.reduce((sum, l) => sum + l.share, 0);
        expect(Math.abs(total - 1)).toBeLessThan(1e-9);
        for (const l of t.levels) expect(l.share).toBeGreaterThan(0);
      }
      expect(frame.joint?.traits).toEqual(['age', 'sex']);
      const shares = frame.joint!.shares;
      expect(Object.keys(shares)).toHaveLength(10);
      expect(Math.abs(Object.values(shares).reduce((s, v) => s + v, 0) - 1)).toBeLessThan(1e-9);
      for (const age of trait(frame, 'age').levels) {
        const row = shares[jointKey(age.id, 'female')]! + shares[jointKey(age.id, 'male')]!;
        expect(Math.abs(row - age.share)).toBeLessThan(1e-9);
      }
      for (const sex of trait(frame, 'sex').levels) {
        const column = levelIds.age.reduce((s, a) => s + shares[jointKey(a, sex.id)]!, 0);
        expect(Math.abs(column - sex.share)).toBeLessThan(1e-9);
      }
    },
  );

  it.each(frames.map((f) => [f.id, f]))(
    '%s: income bands run from 0 without gaps to an open top band',
    (_id, frame) => {
      const bands = trait(frame, 'income').levels;
      expect(bands.length).toBeGreaterThanOrEqual(4);
      expect(bands.length).toBeLessThanOrEqual(6);
      expect(bands[0]!.min).toBe(0);
      bands.slice(1).forEach((band, i) => expect(band.min).toBe(bands[i]!.max));
      expect(bands.at(-1)!.max).toBeNull();
    },
  );

  it.each(frames.map((f) => [f.id, f]))('%s cites a source for every trait', (_id, frame) => {
    expect(frame.sources.length).toBeGreaterThanOrEqual(3);
    for (const source of frame.sources) {
      expect(source.url).toMatch(/^https:\/\//);
      expect(source.year).toBeGreaterThanOrEqual(2011);
    }
    for (const t of frame.traits) expect(t.source.length).toBeGreaterThan(20);
  });

  it('holds plausible figures: women are the majority of adults in the US, UK and Germany, men in India', () => {
    const women = (id: string) => trait(frameById(id)!, 'sex').levels[0]!.share;
    expect(women('us')).toBeCloseTo(0.511, 3);
    expect(women('uk')).toBeCloseTo(0.512, 3);
    expect(women('de')).toBeCloseTo(0.507, 3);
    expect(women('in')).toBeCloseTo(0.489, 3);
    // India's adults are far younger than Germany's.
    const young = (id: string) => trait(frameById(id)!, 'age').levels[0]!.share;
    expect(young('in')).toBeCloseTo(0.335, 3);
    expect(young('de')).toBeCloseTo(0.157, 3);
  });
});

describe('checkFrame', () => {
  const us = frameById('us')!;
  const withTrait = (index: number, levels: PopulationFrame['traits'][number]['levels']) => ({
    ...us,
    traits: us.traits.map((t, i) => (i === index ? { ...t, levels } : t)),
  });
  const education = us.traits[5]!;

  it('says when a trait does not add to 100 % beyond half a point', () => {
    const levels = education.levels.map((l, i) => (i === 0 ? { ...l, share: l.share + 0.02 } : l));
    expect(checkFrame(withTrait(5, levels))).toBe(
      'The shares of education add up to 102 %, not 100 %.',
    );
    const within = education.levels.map((l, i) => (i === 0 ? { ...l, share: l.share + 0.004 } : l));
    expect(checkFrame(withTrait(5, within))).toBeUndefined();
  });

  it('says when a trait has one level, a level twice or a negative share', () => {
    expect(checkFrame(withTrait(5, [{ ...education.levels[0]!, share: 1 }]))).toBe(
      'Education has fewer than 2 levels.',
    );
    expect(
      checkFrame(withTrait(5, [education.levels[0]!, education.levels[0]!, education.levels[2]!])),
    ).toBe('Education has the level “below-secondary” twice.');
    const negative = education.levels.map((l, i) =>
      i === 0 ? { ...l, share: -0.1 } : i === 1 ? { ...l, share: l.share + 0.215 } : l,
    );
    expect(checkFrame(withTrait(5, negative))).toBe(
      'Education: “No high school diploma” has a negative share.',
    );
  });

  it('says when the joint does not match its traits', () => {
    const shares = { ...us.joint!.shares };
    shares['18-29|female'] = shares['18-29|female']! + 0.01;
    shares['75+|female'] = shares['75+|female']! - 0.01;
    expect(checkFrame({ ...us, joint: { traits: ['age', 'sex'], shares } })).toBe(
      'The shares of age band by sex give 18–29 21 %, but age band gives it 20 %.',
    );
  });
});
