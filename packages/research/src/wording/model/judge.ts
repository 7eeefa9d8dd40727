/**
 * The wording model's say in the check. The rules find leading wording by
 * shape; the model (one logistic regression per kind, `train.ts`, trained on
 * the labelled tuning questions) weighs every feature of the question at
 * once. A rule's finding stands unless the model finds its kind all but
 * impossible there (below its `keep` threshold); the model adds a kind no
 * rule found when it is sure enough (from its `flag` threshold, 40 % to 99 %
 * by kind), pointing at the content words that weigh most for it. The thresholds were chosen by
 * cross-validation over the tuning data (docs/research.md, "The wording
 * model").
 */
import { type LeadingKind, leadingKinds } from '@chorus/contracts';
import { auxiliaries, everyAnswerPattern, whWords } from '../lexicon/question-words';
import type { Hit } from '../rules/tokens';
import type { Sentence } from '../text';
import { featureSet, type WordFeature, wordFeatures } from './features';
import { type LogisticModel, probability } from './logistic';
import type { StoredWordingModel } from './train';
import { storedWordingModel } from './weights';

/** Parts of speech that say something (the evidence a finding of the model's own points at). */
const CONTENT = new Set(['ADJ', 'ADV', 'VERB', 'NOUN', 'PROPN']);

/** How sure the model must be: a rule's finding is dropped below `keep` of its kind; a kind no rule found is flagged from `flag`. */
interface Thresholds {
  keep: Record<LeadingKind, number>;
  flag: Record<LeadingKind, number>;
}

export const THRESHOLDS: Thresholds = {
  keep: {
    'loaded-words': 0,
    presupposition: 0,
    'social-proof': 0,
    'agreement-framing': 0.02,
    'identity-appeal': 0.02,
    'assumptive-why': 0.02,
    'loaded-choice': 0,
    'double-barrelled': 0.02,
    'praise-hypothetical': 0.15,
  },
  flag: {
    'loaded-words': 0.65,
    presupposition: 0.9,
    'social-proof': 0.6,
    'agreement-framing': 0.4,
    'identity-appeal': 0.5,
    'assumptive-why': 0.99,
    'loaded-choice': 0.6,
    'double-barrelled': 0.7,
    'praise-hypothetical': 0.7,
  },
};
let thresholds = THRESHOLDS;

let models: Map<LeadingKind, LogisticModel> | undefined;
let stored: StoredWordingModel = storedWordingModel;

/**
 * Judges with another trained model (or the committed one again, without
 * one): for cross-validation, which trains on part of the tuning data and
 * measures on the rest.
 */
export function useWordingModel(
  model: StoredWordingModel = storedWordingModel,
  sure: Thresholds = THRESHOLDS,
): void {
  stored = model;
  thresholds = sure;
  models = undefined;
}

function loaded(): Map<LeadingKind, LogisticModel> {
  if (models) return models;
  const { features, kinds } = stored;
  models = new Map(
    leadingKinds.map((kind) => [
      kind,
      {
        intercept: kinds[kind].intercept / 1000,
        weights: new Map(
          features
            .map((name, i) => [name, kinds[kind].weights[i]! / 1000] as const)
            .filter(([, weight]) => weight !== 0),
        ),
      },
    ]),
  );
  return models;
}

/** The words that weigh most for a kind: the heaviest word and its heavy neighbours. */
function evidence(
  kind: LeadingKind,
  sentences: readonly Sentence[],
  found: readonly WordFeature[],
): Hit | undefined {
  const weights = loaded().get(kind)!.weights;
  const weight = new Map<string, number>();
  for (const f of found) {
    const key = `${f.sentence}:${f.token}`;
    weight.set(key, (weight.get(key) ?? 0) + (weights.get(f.name) ?? 0));
  }
  // The heaviest word that says something: not a question word, a pronoun or a mark.
  let top: [number, number, number] | undefined;
  for (const [key, value] of weight) {
    const [s, t] = key.split(':').map(Number) as [number, number];
    const token = sentences[s]!.tokens[t]!;
    if (!CONTENT.has(token.pos) || whWords.has(token.lower) || auxiliaries.has(token.lower))
      continue;
    if (!top || value > top[2]) top = [s, t, value];
  }
  if (!top || top[2] <= 0) return undefined;
  const [s, t, heaviest] = top;
  const tokens = sentences[s]!.tokens;
  const heavy = (i: number) => (weight.get(`${s}:${i}`) ?? 0) >= heaviest * 0.3;
  let from = t;
  let to = t;
  while (from > 0 && t - from < 3 && heavy(from - 1)) from -= 1;
  while (to < tokens.length - 1 && to - t < 3 && heavy(to + 1)) to += 1;
  return { kind, start: tokens[from]!.start, end: tokens[to]!.end };
}

/** The rules' findings weighed by the model, with the kinds only the model found. */
export function judge(sentences: readonly Sentence[], ruleHits: readonly Hit[]): Hit[] {
  if (sentences.length === 0) return [...ruleHits];
  const found = wordFeatures(sentences);
  const values = featureSet(sentences, found);
  const chance = new Map(
    [...loaded()].map(([kind, model]) => [kind, probability(model, values)] as const),
  );
  const kept = ruleHits.filter((hit) => chance.get(hit.kind)! >= thresholds.keep[hit.kind]);
  // A question that offers every answer ("…, or not?") gets no finding from the model alone.
  if (everyAnswerPattern.test(sentences.at(-1)!.text)) return kept;
  for (const kind of leadingKinds) {
    if (chance.get(kind)! < thresholds.flag[kind] || kept.some((hit) => hit.kind === kind))
      continue;
    const hit = evidence(kind, sentences, found);
    if (hit) kept.push(hit);
  }
  return kept.sort((a, b) => a.start - b.start);
}
