import { applyFilters, checkFrame, frameById, type PopulationFrame, quotaSample } from '../src';

const us = frameById('us')!;
const share = (frame: PopulationFrame, trait: string, level: string) =>
  frame.traits.find((t) => t.id === trait)!.levels.find((l) => l.id === level)?.share;

function filtered(...args: Parameters<typeof applyFilters>): PopulationFrame {
  const result = applyFilters(...args);
  if ('problem' in result) throw new Error(result.problem);
  return result.frame;
}

describe('panel filters', () => {
  it('keeps women only: sex becomes 100 % women and the age bands become women’s age bands', () => {
    const women = filtered(us, [{ trait: 'sex', levels: ['Women'] }]);
    expect(women.traits.find((t) => t.id === 'sex')!.levels).toEqual([
      { id: 'female', label: 'Women', share: 1 },
    ]);
    // US women 75 and over: 5.5 of 51.1 points.
    expect(share(women, 'age', '75+')).toBeCloseTo(5.5 / 51.1, 12);
    expect(share(women, 'age', '18-29')).toBeCloseTo(9.8 / 51.1, 12);
    expect(Object.keys(women.joint!.shares)).toEqual([
      '18-29|female',
      '30-44|female',
      '45-59|female',
      '60-74|female',
      '75+|female',
    ]);
    // Traits outside the joint keep their shares.
    expect(share(women, 'region', 'south')).toBe(share(us, 'region', 'south'));
  });

  it('keeps income bands wholly at or above a minimum, or at or below a maximum', () => {
    const rich = filtered(us, [{ trait: 'income', min: 50_000 }]);
    const kept = 16.2 + 12.3 + 16.4 + 21.2;
    expect(rich.traits[2]!.levels.map((l) => l.id)).toEqual([
      '50k-75k',
      '75k-100k',
      '100k-150k',
      '150k-plus',
    ]);
    expect(share(rich, 'income', '150k-plus')).toBeCloseTo(21.2 / kept, 12);
    const modest = filtered(us, [{ trait: 'Household income', max: 50_000 }]);
    expect(modest.traits[2]!.levels.map((l) => l.id)).toEqual(['under-25k', '25k-50k']);
    expect(share(modest, 'income', 'under-25k')).toBeCloseTo(15.7 / (15.7 + 18.2), 12);
    // A band that straddles the bound is left out: $25,000–$49,999 is not wholly at or above $30,000.
    const above30k = filtered(us, [{ trait: 'income', min: 30_000 }]);
    expect(above30k.traits[2]!.levels[0]!.id).toBe('50k-75k');
  });

  it('applies several filters in turn, and the result can be drawn from', () => {
    const frame = filtered(us, [
      { trait: 'age', levels: ['18-29', '30-44'] },
      { trait: 'education', levels: ['tertiary'] },
    ]);
    expect(share(frame, 'age', '18-29')).toBeCloseTo(20.0 / 45.5, 12);
    expect(share(frame, 'sex', 'female')).toBeCloseTo((9.8 + 12.7) / 45.5, 12);
    const panel = quotaSample(frame, 200, 3);
    expect(panel.every((m) => m.traits.education === 'tertiary')).toBe(true);
    expect(panel.filter((m) => m.traits.age === '18-29')).toHaveLength(88);
  });

  it('says in plain words what is wrong', () => {
    expect(applyFilters(us, [{ trait: 'religion', levels: ['x'] }])).toEqual({
      problem: 'This population has no trait called “religion”.',
    });
    expect(applyFilters(us, [{ trait: 'age', levels: ['16-17'] }])).toEqual({
      problem:
        'Unknown level “16-17” for age band: use one of 18–29, 30–44, 45–59, 60–74, 75 and over.',
    });
    expect(applyFilters(us, [{ trait: 'income', min: 1_000_000 }])).toEqual({
      problem:
        'These filters leave nobody to draw: no household income band lies wholly at or above $1,000,000.',
    });
    expect(applyFilters(us, [{ trait: 'region', min: 3 }])).toEqual({
      problem: 'Only income bands can be kept by an amount; region has no amounts.',
    });
  });

  it('leaves the frame it was given as it was', () => {
    filtered(us, [{ trait: 'sex', levels: ['male'] }]);
    expect(checkFrame(us)).toBeUndefined();
    expect(share(us, 'sex', 'male')).toBeCloseTo(0.489, 12);
  });
});

describe('panel filters on a frame whose top income band leaves out its upper bound', () => {
  it('treats the band without an upper bound as the open top band', () => {
    const levels = us.traits[2]!.levels.map(({ max, ...rest }) =>
      max === null ? rest : { ...rest, max },
    );
    const frame = { ...us, traits: us.traits.map((t, i) => (i === 2 ? { ...t, levels } : t)) };
    const result = applyFilters(frame, [{ trait: 'income', max: 100_000 }]);
    if ('problem' in result) throw new Error(result.problem);
    expect(result.frame.traits[2]!.levels.map((l) => l.id)).toEqual([
      'under-25k',
      '25k-50k',
      '50k-75k',
      '75k-100k',
    ]);
    const top = applyFilters(frame, [{ trait: 'income', min: 150_000 }]);
    if ('problem' in top) throw new Error(top.problem);
    expect(top.frame.traits[2]!.levels).toEqual([
      { id: '150k-plus', label: '$150,000 or more', min: 150_000, share: 1 },
    ]);
  });
});
