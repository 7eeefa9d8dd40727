import type {
  FrameGapView,
  PanelRunView,
  PersonaResponse,
  PopulationFrameView,
  RunDetails,
} from '@chorus/contracts';
import { kish, weightedOpinions, weightedSegmentCuts, type WeightedUnit } from '@chorus/research';

/** Weights are trimmed at this multiple of the mean when a panel is raked (see Panels). */
export const WEIGHT_CAP_WORDS = '5 times the average';

/** A panel as a run of its question sees it. */
export interface PanelOfRun {
  id: string;
  name: string;
  version: number;
  size: number;
  frame: PopulationFrameView;
  gaps: FrameGapView[];
}

/** The panel run before its answers are in: who answers, and how many answered so far. */
export function panelRunAsked(panel: PanelOfRun, answered = 0): PanelRunView {
  return {
    panelId: panel.id,
    panelName: panel.name,
    panelVersion: panel.version,
    size: panel.size,
    answered,
    frameName: panel.frame.name,
    weighted: null,
    cuts: [],
    note: '',
    gaps: panel.gaps,
  };
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * A panel question's figures once every persona answered: each persona's
 * share of its draws per opinion, weighted by its raking weight, with
 * intervals that account for the weights; the same cut by every trait of
 * the population; and in plain words what was weighted.
 */
export function panelRunOf(
  panel: PanelOfRun,
  answers: readonly { index: number; response: PersonaResponse }[],
  members: ReadonlyMap<number, { traits: Record<string, string>; weight: number }>,
): PanelRunView {
  const units: WeightedUnit[] = answers.flatMap(({ index, response }) => {
    const member = members.get(index);
    const draws = response.draws;
    const total = draws ? draws.positive + draws.neutral + draws.negative : 0;
    const shares =
      draws && total > 0
        ? {
            positive: draws.positive / total,
            neutral: draws.neutral / total,
            negative: draws.negative / total,
          }
        : {
            positive: response.opinion === 'positive' ? 1 : 0,
            neutral: response.opinion === 'neutral' ? 1 : 0,
            negative: response.opinion === 'negative' ? 1 : 0,
          };
    return member ? [{ weight: member.weight, shares, traits: member.traits }] : [];
  });
  const weighted = units.length > 0 ? weightedOpinions(units) : null;
  const { effectiveSampleSize } = kish(units.map((unit) => unit.weight));
  const traits = panel.frame.traits.map((trait) => trait.label.toLowerCase());
  const note =
    units.length === 0
      ? ''
      : `Weighted to ${panel.frame.name} (${panel.frame.population.toLowerCase()}) by ${listed(traits)}, ` +
        `so each group counts as much as it does in the population (raking; no weight above ${WEIGHT_CAP_WORDS}). ` +
        `The ${units.length.toLocaleString('en-US')} answers count like ${Math.round(effectiveSampleSize).toLocaleString('en-US')} ` +
        `independent ones, and the ranges say so.` +
        (weighted
          ? ` Weighted, ${percent(weighted.positive.share)} are positive (${percent(weighted.positive.low)} to ${percent(weighted.positive.high)}).`
          : '');
  return {
    ...panelRunAsked(panel, answers.length),
    weighted,
    cuts: units.length > 0 ? weightedSegmentCuts(units, panel.frame.traits) : [],
    note,
  };
}

function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The run details of a panel question: its parts' details added up (usage
 * and cost) and the first part's engine; the personas' versions
 * are the panel's version, not listed one by one.
 */
export function combinedRunDetails(parts: readonly (RunDetails | null)[]): RunDetails | null {
  const details = parts.filter((part): part is RunDetails => part !== null);
  const first = details[0];
  if (!first) return null;
  const priced = details.every((part) => part.costUsd !== null);
  return {
    ...first,
    personaVersions: [],
    usage: {
      inputTokens: sum(details.map((d) => d.usage.inputTokens)),
      outputTokens: sum(details.map((d) => d.usage.outputTokens)),
      modelCalls: sum(details.map((d) => d.usage.modelCalls)),
      cachedAnswers: sum(details.map((d) => d.usage.cachedAnswers)),
    },
    costUsd: priced ? sum(details.map((d) => d.costUsd ?? 0)) : null,
    // A quota sample's make-up is the population's: its coverage and spread
    // are the panel's make-up against the frame, not an echo alarm.
    coverage: [],
    panel: undefined,
    sensitivity: null,
  };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
