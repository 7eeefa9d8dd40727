/**
 * Trains the wording model: one logistic regression per kind of leading
 * wording (this kind or not), over the features of `features.ts` that occur
 * in at least `MIN_QUESTIONS` questions of the training set, so that no
 * feature exists for one sentence. Deterministic: the same questions give
 * the same model.
 */
import { type LeadingKind, leadingKinds } from '@chorus/contracts';
import { analyse, normalise } from '../text';
import { featureSet } from './features';
import { type Example, type FitOptions, fitLogistic } from './logistic';

/**
 * The model as stored (`weights.ts`): the feature names, and per kind an
 * intercept and one weight per feature, both in thousandths.
 */
export interface StoredWordingModel {
  /** How many questions it was trained on, and a fingerprint of them (FNV-1a of their texts and labels). */
  trainedOn: { questions: number; fingerprint: string };
  features: string[];
  kinds: Record<LeadingKind, { intercept: number; weights: number[] }>;
}

/** A feature must occur in this many training questions to be kept. */
export const MIN_QUESTIONS = 3;

const FIT: FitOptions = { epochs: 30, rate: 0.1, decay: 0.05, l2: 1e-3, seed: 1 };

const thousandths = (value: number) => Math.round(value * 1000) || 0;

interface LabelledQuestion {
  text: string;
  kinds: readonly LeadingKind[];
}

/** The model trained on labelled questions (never on a held-out half). */
export function trainWordingModel(
  questions: readonly LabelledQuestion[],
  trainedOn: StoredWordingModel['trainedOn'],
): StoredWordingModel {
  const featuresOf = questions.map((q) => featureSet(analyse(normalise(q.text))));
  const counts = new Map<string, number>();
  for (const features of featuresOf)
    for (const [name] of features) counts.set(name, (counts.get(name) ?? 0) + 1);
  const features = [...counts]
    .filter(([, n]) => n >= MIN_QUESTIONS)
    .map(([name]) => name)
    .sort();
  const kept = new Set(features);
  const inputs = featuresOf.map((list) => list.filter(([name]) => kept.has(name)));
  const kinds = {} as StoredWordingModel['kinds'];
  for (const kind of leadingKinds) {
    const examples: Example[] = inputs.map((list, i) => ({
      features: list,
      label: questions[i]!.kinds.includes(kind),
    }));
    const model = fitLogistic(examples, FIT);
    kinds[kind] = {
      intercept: thousandths(model.intercept),
      weights: features.map((name) => thousandths(model.weights.get(name) ?? 0)),
    };
  }
  return { trainedOn, features, kinds };
}
