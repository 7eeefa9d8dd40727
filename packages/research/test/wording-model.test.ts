import { leadingKinds } from '@chorus/contracts';
import { checkWording } from '../src/wording';
import { THRESHOLDS, useWordingModel } from '../src/wording/model/judge';
import { fitLogistic, probability } from '../src/wording/model/logistic';
import { MIN_QUESTIONS, trainWordingModel } from '../src/wording/model/train';
import { storedWordingModel } from '../src/wording/model/weights';
import { analyse, normalise } from '../src/wording/text';
import { featureSet } from '../src/wording/model/features';
import { tuningData, tuningFingerprint, unreadHeldOut } from './wording-corpus/training-data';

describe('the logistic regression behind the wording model', () => {
  // The worked example of the Wikipedia article "Logistic regression"
  // (probability of passing an exam against hours of study, 20 students):
  // the maximum-likelihood fit is intercept −4.0777 and slope 1.5046.
  const hours = [
    0.5, 0.75, 1, 1.25, 1.5, 1.75, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.25, 3.5, 4, 4.25, 4.5, 4.75, 5,
    5.5,
  ];
  const passed = [0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1];
  const examples = hours.map((h, i) => ({
    features: [['hours', h]] as const,
    label: passed[i] === 1,
  }));

  it('reproduces the published maximum-likelihood fit without a penalty', () => {
    const model = fitLogistic(examples, { epochs: 5000, rate: 0.1, decay: 0.01, l2: 0, seed: 1 });
    expect(model.intercept).toBeCloseTo(-4.0777, 2);
    expect(model.weights.get('hours')).toBeCloseTo(1.5046, 2);
    // The article's reading of it: two hours of study give a 26 % chance of passing.
    expect(probability(model, [['hours', 2]])).toBeCloseTo(0.26, 2);
  });

  it('shrinks the weights towards zero with a penalty, and is the same for the same seed', () => {
    const options = { epochs: 200, rate: 0.1, decay: 0.01, l2: 0.05, seed: 3 };
    const penalised = fitLogistic(examples, options);
    expect(Math.abs(penalised.weights.get('hours')!)).toBeLessThan(1.5);
    expect(fitLogistic(examples, options)).toEqual(penalised);
  });
});

describe('the committed wording model', () => {
  it('is what the tuning data trains, and nothing else', () => {
    expect(storedWordingModel.trainedOn).toEqual({
      questions: tuningData.length,
      fingerprint: tuningFingerprint(),
    });
    const heldOut = new Set(unreadHeldOut.map((q) => q.text));
    expect(tuningData.filter((q) => heldOut.has(q.text))).toEqual([]);
    const retrained = trainWordingModel(tuningData, storedWordingModel.trainedOn);
    expect(retrained).toEqual(storedWordingModel);
  }, 60_000);

  it(`keeps only features found in at least ${MIN_QUESTIONS} training questions`, () => {
    const counts = new Map<string, number>();
    for (const q of tuningData)
      for (const [name] of featureSet(analyse(normalise(q.text))))
        counts.set(name, (counts.get(name) ?? 0) + 1);
    for (const name of storedWordingModel.features)
      expect([name, (counts.get(name) ?? 0) >= MIN_QUESTIONS]).toEqual([name, true]);
    // Nouns and names are read as their part of speech, never as themselves.
    expect(storedWordingModel.features.filter((f) => /^w:[a-z]+ing?s$/.test(f))).toEqual([]);
    for (const kind of leadingKinds)
      expect(storedWordingModel.kinds[kind].weights).toHaveLength(
        storedWordingModel.features.length,
      );
  }, 60_000);
});

describe('the model in the check', () => {
  afterEach(() => useWordingModel());

  const kindsOf = (text: string) => checkWording(text).findings.map((f) => f.kind);
  const never = { ...THRESHOLDS.flag, ...Object.fromEntries(leadingKinds.map((k) => [k, 2])) };
  const rulesOnly = () =>
    useWordingModel(storedWordingModel, {
      keep: { ...THRESHOLDS.keep, ...Object.fromEntries(leadingKinds.map((k) => [k, 0])) },
      flag: never,
    });

  it('flags a kind the rules miss, pointing at words of the question', () => {
    const question = 'Is it fair to say our new app beats the old one?';
    rulesOnly();
    expect(kindsOf(question)).toEqual([]);
    useWordingModel();
    const check = checkWording(question);
    expect(check.findings.map((f) => f.kind)).toEqual(['agreement-framing']);
    expect(question).toContain(check.findings[0]!.phrase);
  });

  it("drops a rule's finding when the model finds its kind all but impossible", () => {
    const question = 'Imagine never waiting for a free court again. Would you join our club?';
    rulesOnly();
    expect(kindsOf(question)).toContain('praise-hypothetical');
    useWordingModel(storedWordingModel, {
      keep: { ...THRESHOLDS.keep, 'praise-hypothetical': 1.01 },
      flag: never,
    });
    expect(kindsOf(question)).not.toContain('praise-hypothetical');
    useWordingModel();
    expect(
      checkWording('Imagine your garden full of birds. Would you buy our feeder?').leading,
    ).toBe(true);
  });

  it('adds nothing of its own to a question that offers every answer', () => {
    expect(kindsOf('Would a cleaner kitchen make your evenings better, or not?')).toEqual([]);
  });
});
