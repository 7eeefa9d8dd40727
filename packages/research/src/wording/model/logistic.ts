/**
 * Logistic regression over sparse named features, fitted by stochastic
 * gradient descent on the log-loss with an L2 penalty (ridge), in a fixed
 * order for a given seed so that the same examples give the same weights.
 * No maintained JavaScript library fits a sparse, penalised logistic
 * regression; this one is checked against the worked example of
 * docs/research.md ("The wording model").
 */

/** One example: its features with their values (1 for a word that is there) and its label. */
export interface Example {
  features: readonly (readonly [string, number])[];
  label: boolean;
}

export interface LogisticModel {
  intercept: number;
  weights: Map<string, number>;
}

export interface FitOptions {
  /** Passes over the examples. */
  epochs: number;
  /** The first step size; step t of epoch e is rate / (1 + decay·e). */
  rate: number;
  decay: number;
  /** L2 penalty per example (0 for the maximum-likelihood fit). */
  l2: number;
  seed: number;
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** A small deterministic generator (a linear congruential one), for the order of the examples. */
function shuffler(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % n;
  };
}

/** The model's log-odds for one example. */
function logOdds(model: LogisticModel, features: Example['features']): number {
  let z = model.intercept;
  for (const [name, value] of features) z += (model.weights.get(name) ?? 0) * value;
  return z;
}

/** The probability the model gives the example's label being true. */
export function probability(model: LogisticModel, features: Example['features']): number {
  return sigmoid(logOdds(model, features));
}

/** Fits the weights to the examples. */
export function fitLogistic(examples: readonly Example[], options: FitOptions): LogisticModel {
  const model: LogisticModel = { intercept: 0, weights: new Map() };
  const order = examples.map((_, index) => index);
  const next = shuffler(options.seed);
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = next(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const rate = options.rate / (1 + options.decay * epoch);
    for (const index of order) {
      const example = examples[index]!;
      const error = probability(model, example.features) - (example.label ? 1 : 0);
      model.intercept -= rate * error;
      for (const [name, value] of example.features) {
        const weight = model.weights.get(name) ?? 0;
        model.weights.set(name, weight - rate * (error * value + options.l2 * weight));
      }
    }
  }
  return model;
}
