// Where a panel member stands in the frame's population: the label of each
// of its trait levels, where its income stands and how much schooling it has.
import type { PanelMember, PersonaFacts, PopulationFrame } from '@chorus/research';

/** Where a member's income stands in the frame's population: its band's middle among all bands' shares. */
type IncomeStanding = 'low' | 'middle' | 'high';

/** Level labels by id per trait, and where each income band stands, worked out once per frame. */
export interface FrameLookup {
  traits: { id: string; label: string; levels: Map<string, string> }[];
  incomeStanding: Map<string, IncomeStanding>;
  /** Education level ids from the least schooling to the most, by position in the frame. */
  educationRank: Map<string, number>;
  educationLevels: number;
}

export function lookupOf(frame: PopulationFrame): FrameLookup {
  const incomeStanding = new Map<string, IncomeStanding>();
  const income = frame.traits.find((t) => t.id === 'income');
  if (income) {
    const total = income.levels.reduce((sum, level) => sum + level.share, 0) || 1;
    let below = 0;
    for (const level of income.levels) {
      const middle = (below + level.share / 2) / total;
      incomeStanding.set(level.id, middle < 0.3 ? 'low' : middle > 0.7 ? 'high' : 'middle');
      below += level.share;
    }
  }
  const education = frame.traits.find((t) => t.id === 'education');
  return {
    traits: frame.traits.map((trait) => ({
      id: trait.id,
      label: trait.label,
      levels: new Map(trait.levels.map((level) => [level.id, level.label])),
    })),
    incomeStanding,
    educationRank: new Map(education?.levels.map((level, rank) => [level.id, rank]) ?? []),
    educationLevels: education?.levels.length ?? 0,
  };
}

/** The member's level of every frame trait, as "trait label" -> "level label". */
export function labelsOf(lookup: FrameLookup, member: PanelMember): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const trait of lookup.traits) {
    const level = member.traits[trait.id];
    const label = level === undefined ? undefined : trait.levels.get(level);
    if (label !== undefined) labels[trait.label] = label;
  }
  return labels;
}

type Schooling = 'below' | 'secondary' | 'tertiary' | 'unknown';

/** How much schooling the member's education level is: its id when standard, else its place among the levels. */
export function schoolingOf(lookup: FrameLookup, member: PanelMember): Schooling {
  const level = member.traits.education;
  if (level === 'below-secondary') return 'below';
  if (level === 'secondary' || level === 'tertiary') return level;
  const rank = level === undefined ? undefined : lookup.educationRank.get(level);
  if (rank === undefined || lookup.educationLevels < 2) return 'unknown';
  if (rank === 0) return 'below';
  return rank === lookup.educationLevels - 1 ? 'tertiary' : 'secondary';
}

/** What a persona's prose and safety scores are composed from: the facts and where they stand. */
export interface Standing {
  facts: PersonaFacts;
  income: IncomeStanding;
  schooling: Schooling;
}
