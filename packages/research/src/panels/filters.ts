import {
  findLevel,
  findTrait,
  type FrameLevel,
  type FrameTrait,
  jointKey,
  type PopulationFrame,
  unknownLevel,
} from './frame';
import { moneyText } from './money';

/**
 * Filters narrow a frame to the people a panel is about (women only, adults
 * under 45, households earning £50,000 or more …) before it is drawn.
 */

interface PanelFilter {
  trait: string;
  levels?: string[];
  /** income only: keep bands whose whole range is at or above / below */
  min?: number;
  max?: number;
}

/**
 * The frame narrowed by the filters, each applied in turn. A filter keeps
 * the levels it lists (by id or label) and, for income bands, those whose
 * whole range lies at or above `min` (the band's lower bound is at least
 * `min`) and at or below `max` (its upper bound is at most `max`; the
 * open top band, without an upper bound, is never below a maximum). The
 * kept levels' shares are scaled to add to 1.
 *
 * Other traits keep their shares: traits are taken as independent of each
 * other, except the two of the joint (age band × sex). When a filtered trait
 * is one of those, the joint keeps only the cells of the kept levels,
 * scaled to add to 1, and the other trait of the joint takes its shares from
 * them (women only: the age bands become women's age bands).
 *
 * A problem, in plain words, when a filter names a trait or level the
 * population does not have, or leaves nobody to draw.
 */
export function applyFilters(
  frame: PopulationFrame,
  filters: readonly PanelFilter[],
): { frame: PopulationFrame } | { problem: string } {
  let current = frame;
  for (const filter of filters) {
    const trait = findTrait(current, filter.trait);
    if (!trait) return { problem: `This population has no trait called “${filter.trait}”.` };
    let kept: FrameLevel[] = trait.levels;
    if (filter.levels) {
      const wanted = new Set<string>();
      for (const name of filter.levels) {
        const level = findLevel(trait, name);
        if (!level) return { problem: unknownLevel(trait, name) };
        wanted.add(level.id);
      }
      kept = kept.filter((l) => wanted.has(l.id));
      if (kept.length === 0) {
        return {
          problem: `These filters leave nobody to draw: no level of ${trait.label.toLowerCase()} is kept.`,
        };
      }
    }
    if (filter.min !== undefined || filter.max !== undefined) {
      if (!trait.levels.every((l) => typeof l.min === 'number')) {
        return {
          problem: `Only income bands can be kept by an amount; ${trait.label.toLowerCase()} has no amounts.`,
        };
      }
      const { min, max } = filter;
      kept = kept.filter(
        (l) =>
          (min === undefined || l.min! >= min) &&
          // A band without an upper bound (null or left out) is the open top band.
          (max === undefined || (typeof l.max === 'number' && l.max <= max)),
      );
      if (kept.length === 0) {
        const range = [
          min === undefined ? '' : `at or above ${moneyText(min, current.currency)}`,
          max === undefined ? '' : `at or below ${moneyText(max, current.currency)}`,
        ]
          .filter(Boolean)
          .join(' and ');
        return {
          problem: `These filters leave nobody to draw: no ${trait.label.toLowerCase()} band lies wholly ${range}.`,
        };
      }
    }
    const total = kept.reduce((sum, l) => sum + l.share, 0);
    if (total <= 0) {
      return {
        problem: `These filters leave nobody to draw: the ${trait.label.toLowerCase()} levels kept (${kept
          .map((l) => l.label)
          .join(', ')}) have no share of the population.`,
      };
    }
    current = narrowed(current, trait, kept, total);
  }
  return { frame: current };
}

function narrowed(
  frame: PopulationFrame,
  trait: FrameTrait,
  kept: FrameLevel[],
  total: number,
): PopulationFrame {
  const replaced: FrameTrait = {
    ...trait,
    levels: kept.map((l) => ({ ...l, share: l.share / total })),
  };
  let traits = frame.traits.map((t) => (t.id === trait.id ? replaced : t));
  const joint = frame.joint;
  if (!joint || !joint.traits.includes(trait.id)) return { ...frame, traits };

  const position = joint.traits.indexOf(trait.id);
  const keptIds = new Set(kept.map((l) => l.id));
  const cells = Object.entries(joint.shares).filter(([key]) => {
    const part = key.split('|')[position];
    return part !== undefined && keptIds.has(part);
  });
  const cellTotal = cells.reduce((sum, [, s]) => sum + s, 0);
  if (cellTotal <= 0) {
    const { joint: _dropped, ...rest } = frame;
    return { ...rest, traits };
  }
  const shares = Object.fromEntries(cells.map(([key, s]) => [key, s / cellTotal]));
  const otherId = joint.traits[1 - position]!;
  traits = traits.map((t) => {
    if (t.id !== otherId) return t;
    return {
      ...t,
      levels: t.levels.map((l) => ({
        ...l,
        share: [...keptIds].reduce(
          (sum, k) => sum + (shares[position === 0 ? jointKey(k, l.id) : jointKey(l.id, k)] ?? 0),
          0,
        ),
      })),
    };
  });
  return { ...frame, traits, joint: { traits: joint.traits, shares } };
}
