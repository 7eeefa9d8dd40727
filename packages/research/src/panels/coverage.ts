import { levelGroup, type PopulationFrame, wholePercent } from './frame';

/**
 * How a panel's make-up compares with a population frame: the levels where
 * the two part by more than a threshold, in words, and the make-up chart's
 * figures.
 */

interface FrameGap {
  trait: string;
  level: string;
  label: string;
  panelShare: number;
  frameShare: number;
  sentence: string;
}

interface MakeUpTrait {
  trait: string;
  label: string;
  levels: { id: string; label: string; panelShare: number; frameShare: number }[];
}

/** Gaps of this size (5 percentage points) or more are reported. */
const FRAME_GAP_THRESHOLD = 0.05;

/**
 * The panel's share and the frame's share of every level of every frame
 * trait. A level's panel share counts the units that have the trait; a
 * trait no unit has gets panel shares of 0.
 */
export function makeUp(
  units: readonly { traits: Record<string, string> }[],
  frame: PopulationFrame,
): MakeUpTrait[] {
  return frame.traits.map((trait) => {
    const counts = new Map<string, number>();
    let known = 0;
    for (const unit of units) {
      const level = unit.traits[trait.id];
      if (level === undefined) continue;
      known += 1;
      counts.set(level, (counts.get(level) ?? 0) + 1);
    }
    return {
      trait: trait.id,
      label: trait.label,
      levels: trait.levels.map((level) => ({
        id: level.id,
        label: level.label,
        panelShare: known > 0 ? (counts.get(level.id) ?? 0) / known : 0,
        frameShare: level.share,
      })),
    };
  });
}

/**
 * The levels whose panel share and population share differ by `threshold`
 * or more (default 5 points), the largest gaps first, each with a sentence
 * such as "The panel has 8 % aged 18–29; the population has 21 %." Traits
 * no unit has are left out: the panel says nothing about them.
 */
export function frameGaps(
  units: readonly { traits: Record<string, string> }[],
  frame: PopulationFrame,
  threshold: number = FRAME_GAP_THRESHOLD,
): FrameGap[] {
  const gaps: FrameGap[] = [];
  for (const trait of makeUp(units, frame)) {
    if (!units.some((u) => u.traits[trait.trait] !== undefined)) continue;
    for (const level of trait.levels) {
      if (Math.abs(level.panelShare - level.frameShare) < threshold - 1e-12) continue;
      gaps.push({
        trait: trait.trait,
        level: level.id,
        label: level.label,
        panelShare: level.panelShare,
        frameShare: level.frameShare,
        sentence: `The panel has ${wholePercent(level.panelShare)} ${levelGroup(trait.trait, trait.label, level)}; the population has ${wholePercent(level.frameShare)}.`,
      });
    }
  }
  return gaps.sort(
    (a, b) => Math.abs(b.panelShare - b.frameShare) - Math.abs(a.panelShare - a.frameShare),
  );
}
