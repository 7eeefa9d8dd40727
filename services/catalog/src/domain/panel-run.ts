import type {
  FrameGapView,
  PanelRunView,
  PersonaResponse,
  PopulationFrameView,
  RunDetails,
} from '@chorus/contracts';
import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import {
  frameById,
  frameGaps,
  frameTargets,
  kish,
  personaFrameTraits,
  rake,
  weightedOpinions,
  weightedSegmentCuts,
  type WeightedUnit,
} from '@chorus/research';
import { frameFromMessage, frameToMessage } from '@chorus/service-kit/wire';

/** Weights are trimmed at this multiple of the mean when a panel is raked (see Panels). */
const WEIGHT_CAP_WORDS = '5 times the average';

/** A panel as a run of its question sees it. */
interface PanelOfRun {
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
    return member
      ? [{ weight: member.weight, shares: sharesOf(response), traits: member.traits }]
      : [];
  });
  const weighted = units.length > 0 ? weightedOpinions(units) : null;
  const { effectiveSampleSize } = kish(units.map((unit) => unit.weight));
  const traits = panel.frame.traits.map((trait) => trait.label.toLowerCase());
  const note =
    units.length === 0
      ? ''
      : `Weighted to ${panel.frame.name} (${lowerFirst(panel.frame.population)}) by ${listed(traits)}, ` +
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

/** A persona's share of its draws per opinion (its shown opinion when it has no draws). */
function sharesOf(response: PersonaResponse): WeightedUnit['shares'] {
  const draws = response.draws;
  const total = draws ? draws.positive + draws.neutral + draws.negative : 0;
  return draws && total > 0
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
}

/**
 * The product's chosen personas weighted to a population: each persona's
 * place on the population's traits read from what it says of itself (age,
 * gender, income in the population's currency, region, household), raked to
 * the population's shares over the traits any persona states. Where a group
 * of the population has no persona, nothing is weighted: the note says why,
 * and the gaps say where the personas differ from the population.
 */
export function chosenPersonasRun(
  frameId: string,
  personas: readonly PersonaProfile[],
  responses: readonly PersonaResponse[],
): PanelRunView | null {
  const frame = frameById(frameId);
  if (!frame) return null;
  const byId = new Map(personas.map((persona) => [persona.personaId, persona]));
  const units = responses.flatMap((response) => {
    const persona = byId.get(response.personaId);
    return persona
      ? [{ weight: 1, shares: sharesOf(response), traits: personaFrameTraits(persona, frame) }]
      : [];
  });
  const stated = frame.traits
    .map((trait) => trait.id)
    .filter((id) => units.some((unit) => unit.traits[id] !== undefined));
  const raked = rake(units, frameTargets(frame, stated), { cap: 5 });
  const view = frameFromMessage(frameToMessage(frame));
  const gaps = frameGaps(units, frame);
  const labels = frame.traits
    .filter((t) => stated.includes(t.id))
    .map((t) => t.label.toLowerCase());
  const base: PanelRunView = {
    panelId: '',
    panelName: 'Your personas',
    panelVersion: 0,
    size: responses.length,
    answered: responses.length,
    frameName: frame.name,
    weighted: null,
    cuts: [],
    note: '',
    gaps,
  };
  if (units.length === 0 || stated.length === 0) {
    return {
      ...base,
      note: `Not weighted: none of your personas states an age, gender, income, region or household in ${frame.name}'s terms.`,
    };
  }
  if (raked.problem) {
    return { ...base, note: `Not weighted to ${frame.name}: ${raked.problem}` };
  }
  const weighted = units.map((unit, i) => ({ ...unit, weight: raked.weights[i]! }));
  const opinions = weightedOpinions(weighted);
  const { effectiveSampleSize } = kish(raked.weights);
  return {
    ...base,
    weighted: opinions,
    cuts: weightedSegmentCuts(
      weighted,
      view.traits.filter((t) => stated.includes(t.id)),
    ),
    note:
      `Your personas weighted to ${frame.name} (${lowerFirst(frame.population)}) by ${listed(labels)} (raking; no weight above ${WEIGHT_CAP_WORDS}). ` +
      `The ${units.length} answers count like ${Math.round(effectiveSampleSize)} independent ones. ` +
      `Weighted, ${percent(opinions.positive.share)} are positive (${percent(opinions.positive.low)} to ${percent(opinions.positive.high)}).`,
  };
}

/** "Adults aged 18…, United Kingdom" inside a sentence: its first letter only in lower case. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

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
