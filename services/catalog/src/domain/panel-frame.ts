import type { PopulationFrameView } from '@chorus/contracts';
import type { PopulationFrame } from '@chorus/research';

/** A stored frame (the contracts' view) as research's functions read it. */
export function researchFrame(view: PopulationFrameView): PopulationFrame {
  return {
    id: view.id,
    name: view.name,
    country: view.country,
    currency: view.currency,
    population: view.population,
    year: view.year,
    sources: view.sources,
    traits: view.traits.map((trait) => ({
      id: trait.id,
      label: trait.label,
      source: trait.source,
      levels: trait.levels.map((level) => ({
        id: level.id,
        label: level.label,
        share: level.share,
        ...(level.min !== null ? { min: level.min } : {}),
        ...(level.max !== null ? { max: level.max } : {}),
      })),
    })),
    ...(view.joint ? { joint: view.joint } : {}),
  };
}
