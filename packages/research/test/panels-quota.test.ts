import {
  frameById,
  frames,
  jointKey,
  largestRemainder,
  type PanelMember,
  type PopulationFrame,
  quotaSample,
  quotaTargets,
  traitConflicts,
} from '../src';

const counts = (panel: readonly PanelMember[], trait: string) => {
  const tally: Record<string, number> = {};
  for (const m of panel) tally[m.traits[trait]!] = (tally[m.traits[trait]!] ?? 0) + 1;
  return tally;
};

describe('largest-remainder rounding', () => {
  it('gives floors, then one more to the largest remainders', () => {
    // 0.333 × 10 = 3.33, 0.333 × 10 = 3.33, 0.334 × 10 = 3.34: the third gets the spare one.
    expect(largestRemainder([0.333, 0.333, 0.334], 10)).toEqual([3, 3, 4]);
    // 7 × (0.5, 0.3, 0.2) = 3.5, 2.1, 1.4: floors 3, 2, 1, the spare one to 3.5.
    expect(largestRemainder([0.5, 0.3, 0.2], 7)).toEqual([4, 2, 1]);
    // Ties go to the earlier level.
    expect(largestRemainder([0.5, 0.5], 3)).toEqual([2, 1]);
  });
});

describe('quota targets', () => {
  it('gives whole counts adding to the size for every trait', () => {
    const us = frameById('us')!;
    const targets = quotaTargets(us, 50);
    // 50 × (20.0, 25.5, 23.7, 21.2, 9.6) % = 10, 12.75, 11.85, 10.6, 4.8: floors 10, 12, 11,
    // 10, 4 make 47; the 3 missing go to the largest remainders, .85, .8 and .75.
    expect(targets.age).toEqual({ '18-29': 10, '30-44': 13, '45-59': 12, '60-74': 10, '75+': 5 });
    for (const size of [50, 137, 5000]) {
      for (const trait of us.traits) {
        const t = quotaTargets(us, size)[trait.id]!;
        expect(Object.values(t).reduce((s, c) => s + c, 0)).toBe(size);
        for (const level of trait.levels) {
          expect(Math.abs(t[level.id]! - level.share * size)).toBeLessThan(1);
        }
      }
    }
  });
});

describe('quota sample', () => {
  const size = 5000;
  const panels = new Map<string, PanelMember[]>(
    frames.map((frame) => [frame.id, quotaSample(frame, size, 42)]),
  );

  it.each(frames.map((f) => [f.id, f]))(
    '%s: 5,000 draws hit the quota targets exactly, within 0.1 points + 1/size of every share',
    (id, frame) => {
      const panel = panels.get(id as string)!;
      expect(panel).toHaveLength(size);
      expect(panel.map((m) => m.index)).toEqual(Array.from({ length: size }, (_, i) => i));
      const targets = quotaTargets(frame as PopulationFrame, size);
      for (const trait of (frame as PopulationFrame).traits) {
        const tally = counts(panel, trait.id);
        for (const level of trait.levels) {
          expect(tally[level.id] ?? 0).toBe(targets[trait.id]![level.id]);
          expect(Math.abs((tally[level.id] ?? 0) / size - level.share)).toBeLessThanOrEqual(
            0.001 + 1 / size,
          );
        }
      }
    },
  );

  it.each(frames.map((f) => [f.id, f]))(
    '%s: age × sex cells are within one person of the joint',
    (id, frame) => {
      const panel = panels.get(id as string)!;
      const joint = (frame as PopulationFrame).joint!;
      const tally: Record<string, number> = {};
      for (const m of panel) {
        const key = jointKey(m.traits.age!, m.traits.sex!);
        tally[key] = (tally[key] ?? 0) + 1;
      }
      for (const [key, share] of Object.entries(joint.shares)) {
        expect(Math.abs((tally[key] ?? 0) - share * size)).toBeLessThan(1);
      }
    },
  );

  it.each(frames.map((f) => [f.id]))('%s: no member’s traits conflict', (id) => {
    const panel = panels.get(id)!;
    expect(panel.filter((m) => traitConflicts(m.traits).length > 0)).toEqual([]);
  });

  it('leans plausibly: other adults at home are commoner at 18–29 than at 45–59', () => {
    const panel = panels.get('uk')!;
    const shareOther = (band: string) => {
      const group = panel.filter((m) => m.traits.age === band);
      return group.filter((m) => m.traits.household === 'other').length / group.length;
    };
    expect(shareOther('18-29')).toBeGreaterThan(1.5 * shareOther('45-59'));
    expect(panel.some((m) => m.traits.age === '75+' && m.traits.household === 'children')).toBe(
      false,
    );
  });

  it('is the same for the same seed and in another order for another seed', () => {
    const uk = frameById('uk')!;
    expect(quotaSample(uk, 300, 7)).toEqual(quotaSample(uk, 300, 7));
    const other = quotaSample(uk, 300, 8);
    const first = quotaSample(uk, 300, 7);
    expect(other).not.toEqual(first);
    const same = first.filter(
      (m, i) => JSON.stringify(m.traits) === JSON.stringify(other[i]!.traits),
    );
    expect(same.length).toBeLessThan(30);
    // Same counts whatever the seed.
    expect(counts(other, 'region')).toEqual(counts(first, 'region'));
  });

  it('draws a frame without a joint, and traits of its own, to their quotas', () => {
    const base = frameById('de')!;
    const { joint: _joint, ...rest } = base;
    const frame: PopulationFrame = {
      ...rest,
      traits: [
        ...base.traits,
        {
          id: 'plan',
          label: 'Plan',
          source: 'test',
          levels: [
            { id: 'free', label: 'Free', share: 0.7 },
            { id: 'paid', label: 'Paid', share: 0.3 },
          ],
        },
      ],
    };
    const panel = quotaSample(frame, 101, 1);
    // 101 × 0.7 = 70.7 → 71, 101 × 0.3 = 30.3 → 30.
    expect(counts(panel, 'plan')).toEqual({ free: 71, paid: 30 });
    expect(counts(panel, 'sex')).toEqual(quotaTargets(frame, 101).sex);
    expect(quotaSample(frame, 0, 1)).toEqual([]);
  });
});
