import { type FrameLevel, type FrameTrait, jointKey, type PopulationFrame } from '../frame';

/**
 * Builders the frame files share: the standard levels of age band, sex,
 * household and education with their labels, so each file writes only its
 * figures. Figures are written in percent to one decimal place and add to
 * 100.0 per trait.
 */

const AGE_BANDS = [
  { id: '18-29', label: '18–29' },
  { id: '30-44', label: '30–44' },
  { id: '45-59', label: '45–59' },
  { id: '60-74', label: '60–74' },
  { id: '75+', label: '75 and over' },
] as const;

type AgeBand = (typeof AGE_BANDS)[number]['id'];

/** Percent to a share, kept to 3 decimal places so 0.1-point figures stay exact sums. */
const share = (percent: number) => Math.round(percent * 10) / 1000;

/**
 * The age band and sex traits and their joint from one age × sex table of
 * percentages of all adults ([women, men] per band): each band's share is
 * its row, each sex's share its column, so the joint matches both.
 */
export function ageBySex(
  table: Record<AgeBand, readonly [female: number, male: number]>,
  sources: { age: string; sex: string },
): { age: FrameTrait; sex: FrameTrait; joint: NonNullable<PopulationFrame['joint']> } {
  const rows = AGE_BANDS.map((band) => table[band.id]);
  const tenths = (percent: number) => Math.round(percent * 10);
  const sum = (values: number[]) => values.reduce((s, v) => s + v, 0) / 1000;
  const shares: Record<string, number> = {};
  AGE_BANDS.forEach((band, i) => {
    shares[jointKey(band.id, 'female')] = share(rows[i]![0]);
    shares[jointKey(band.id, 'male')] = share(rows[i]![1]);
  });
  return {
    age: {
      id: 'age',
      label: 'Age band',
      source: sources.age,
      levels: AGE_BANDS.map((band, i) => ({
        ...band,
        share: sum([tenths(rows[i]![0]), tenths(rows[i]![1])]),
      })),
    },
    sex: {
      id: 'sex',
      label: 'Sex',
      source: sources.sex,
      levels: [
        { id: 'female', label: 'Women', share: sum(rows.map((r) => tenths(r[0]))) },
        { id: 'male', label: 'Men', share: sum(rows.map((r) => tenths(r[1]))) },
      ],
    },
    joint: { traits: ['age', 'sex'], shares },
  };
}

/** Income bands from [id, label, min, max (null for the top band), percent]. */
export function incomeTrait(
  bands: readonly (readonly [string, string, number, number | null, number])[],
  source: string,
): FrameTrait {
  return {
    id: 'income',
    label: 'Household income',
    source,
    levels: bands.map(([id, label, min, max, percent]): FrameLevel => ({
      id,
      label,
      min,
      max,
      share: share(percent),
    })),
  };
}

/** Regions from [id, label, percent]. */
export function regionTrait(
  regions: readonly (readonly [string, string, number])[],
  source: string,
): FrameTrait {
  return {
    id: 'region',
    label: 'Region',
    source,
    levels: regions.map(([id, label, percent]) => ({ id, label, share: share(percent) })),
  };
}

/** Household types, in percent of adults. */
export function householdTrait(
  percents: { alone: number; couple: number; children: number; other: number },
  source: string,
): FrameTrait {
  return {
    id: 'household',
    label: 'Household',
    source,
    levels: [
      { id: 'alone', label: 'Lives alone', share: share(percents.alone) },
      { id: 'couple', label: 'Couple, no children at home', share: share(percents.couple) },
      { id: 'children', label: 'Children under 18 at home', share: share(percents.children) },
      {
        id: 'other',
        label: 'Other adults (parents, shared, extended)',
        share: share(percents.other),
      },
    ],
  };
}

/** Highest level of education attained, in percent of adults. */
export function educationTrait(
  percents: { below: number; secondary: number; tertiary: number },
  labels: { below: string; secondary: string; tertiary: string },
  source: string,
): FrameTrait {
  return {
    id: 'education',
    label: 'Education',
    source,
    levels: [
      { id: 'below-secondary', label: labels.below, share: share(percents.below) },
      { id: 'secondary', label: labels.secondary, share: share(percents.secondary) },
      { id: 'tertiary', label: labels.tertiary, share: share(percents.tertiary) },
    ],
  };
}
