import {
  type Analysis,
  estimateOf,
  flattenNumbers,
  type Headline,
  one,
  replicates,
  resample,
  share3,
} from './bootstrap';
import type { AnswerOf, NpsResult } from './types';

/**
 * Net Promoter Score (Reichheld 2003): promoters answer 9–10, passives 7–8,
 * detractors 0–6; the score is 100 × (promoters − detractors), from −100 to
 * 100. Shares are of every draw, each persona weighted equally; intervals by
 * the bootstrap over personas and draws.
 */
export function analyseNps(answers: readonly AnswerOf<'nps'>[], seed: number): Analysis<NpsResult> {
  const { layout, values, noAnswer } = flattenNumbers(
    answers,
    (d) => Number.isInteger(d) && d >= 0 && d <= 10,
  );
  const n = layout.personas;

  const scores = new Float64Array(11);
  for (let d = 0; d < layout.draws; d++) {
    const v = values[d]!;
    scores[v] = scores[v]! + layout.weights[d]!;
  }
  const sum = (from: number, to: number) => scores.slice(from, to + 1).reduce((a, b) => a + b, 0);
  const promoters = sum(9, 10);
  const passives = sum(7, 8);
  const detractors = sum(0, 6);
  const score = 100 * (promoters - detractors);

  const promoterReps = replicates();
  const passiveReps = replicates();
  const detractorReps = replicates();
  const scoreReps = replicates();
  resample(layout, seed, 'nps', (picks, r) => {
    let p = 0;
    let d = 0;
    for (let i = 0; i < n; i++) {
      const v = values[picks[i]!]!;
      if (v >= 9) p += 1;
      else if (v <= 6) d += 1;
    }
    promoterReps[r] = p / n;
    passiveReps[r] = (n - p - d) / n;
    detractorReps[r] = d / n;
    scoreReps[r] = (100 * (p - d)) / n;
  });

  const any = n > 0;
  const result: NpsResult = {
    type: 'nps',
    respondents: n,
    noAnswer,
    promoters: estimateOf(promoters, any ? promoterReps : undefined, share3),
    passives: estimateOf(passives, any ? passiveReps : undefined, share3),
    detractors: estimateOf(detractors, any ? detractorReps : undefined, share3),
    score: estimateOf(score, any ? scoreReps : undefined, one),
    scores: Array.from(scores, (share, s) => ({ score: s, share: share3(share) })),
  };
  const headlines: Headline[] = [
    {
      key: 'score',
      figure: 'Net Promoter Score',
      kind: 'number',
      value: score,
      replicates: scoreReps,
    },
  ];
  return { result, headlines, focus: ['score'] };
}
