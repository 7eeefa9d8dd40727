import { frameById, frameGaps, makeUp, quotaSample } from '../src';

const uk = frameById('uk')!;

describe('panel make-up against a frame', () => {
  it('finds no gap in a quota sample', () => {
    expect(frameGaps(quotaSample(uk, 400, 2), uk)).toEqual([]);
  });

  it('says where the panel parts from the population by 5 points or more, largest first', () => {
    // 100 people: 8 aged 18–29 (the population has 19.3 %), 60 women (51.2 %).
    const units = Array.from({ length: 100 }, (_, i) => ({
      traits: {
        age: i < 8 ? '18-29' : i < 40 ? '30-44' : i < 65 ? '45-59' : i < 86 ? '60-74' : '75+',
        sex: i % 5 < 3 ? 'female' : 'male',
      },
    }));
    const gaps = frameGaps(units, uk);
    expect(gaps.map((g) => g.sentence)).toEqual([
      'The panel has 8 % aged 18–29; the population has 19 %.',
      'The panel has 60 % women; the population has 51 %.',
      'The panel has 40 % men; the population has 49 %.',
      'The panel has 32 % aged 30–44; the population has 25 %.',
    ]);
    expect(gaps[0]).toMatchObject({
      trait: 'age',
      level: '18-29',
      label: '18–29',
      panelShare: 0.08,
    });
    expect(gaps[0]!.frameShare).toBeCloseTo(0.193, 12);
    // A threshold of 10 points keeps the largest only.
    expect(frameGaps(units, uk, 0.1).map((g) => g.level)).toEqual(['18-29']);
  });

  it('gives the make-up chart every level, panel and population side by side', () => {
    const units: { traits: Record<string, string> }[] = [
      { traits: { region: 'london', household: 'alone' } },
      { traits: { region: 'london' } },
      { traits: { region: 'wales', household: 'couple' } },
      { traits: { region: 'scotland', household: 'couple' } },
    ];
    const chart = makeUp(units, uk);
    expect(chart.map((t) => t.trait)).toEqual([
      'age',
      'sex',
      'income',
      'region',
      'household',
      'education',
    ]);
    const region = chart.find((t) => t.trait === 'region')!;
    expect(region.levels.find((l) => l.id === 'london')).toEqual({
      id: 'london',
      label: 'London',
      panelShare: 0.5,
      frameShare: 0.132,
    });
    // Shares of a trait count only the people who have it: 1 of 3 lives alone.
    const household = chart.find((t) => t.trait === 'household')!;
    expect(household.levels[0]!.panelShare).toBeCloseTo(1 / 3, 12);
    expect(chart.find((t) => t.trait === 'age')!.levels.every((l) => l.panelShare === 0)).toBe(
      true,
    );
    // Gaps leave out traits nobody in the panel has.
    expect(frameGaps(units, uk).some((g) => g.trait === 'age')).toBe(false);
    expect(frameGaps(units, uk)[0]!.sentence).toBe(
      'The panel has 50 % in London; the population has 13 %.',
    );
  });
});
