import type { TypedAnswer, TypedQuestionSpec, TypedResult } from '@chorus/contracts';
import type { Analysis } from './bootstrap';
import { analyseChoice } from './choice';
import { analyseMaxDiff } from './maxdiff';
import { analyseNps } from './nps';
import { analyseNumber } from './number';
import { analysePriceLadder } from './price-ladder';
import { analysePriceRange } from './price-range';
import { analyseRanking } from './ranking';
import { analyseScale } from './scale';
import type { AnswerOf } from './types';

function ofType<T extends TypedAnswer['type']>(
  answers: readonly TypedAnswer[],
  type: T,
): AnswerOf<T>[] {
  return answers.filter((a): a is AnswerOf<T> => a.type === type);
}

/** A typed question's figures with the headline figures its segments are compared on. */
export function analyseTyped(
  spec: TypedQuestionSpec,
  answers: readonly TypedAnswer[],
  seed: number,
): Analysis<TypedResult> {
  switch (spec.type) {
    case 'scale':
      return analyseScale(spec, ofType(answers, 'scale'), seed);
    case 'nps':
      return analyseNps(ofType(answers, 'nps'), seed);
    case 'single_choice':
      return analyseChoice(spec, ofType(answers, 'single_choice'), seed);
    case 'multiple_choice':
      return analyseChoice(spec, ofType(answers, 'multiple_choice'), seed);
    case 'number':
      return analyseNumber(spec, ofType(answers, 'number'), seed);
    case 'ranking':
      return analyseRanking(spec, ofType(answers, 'ranking'), seed);
    case 'maxdiff':
      return analyseMaxDiff(spec, ofType(answers, 'maxdiff'), seed);
    case 'price_ladder':
      return analysePriceLadder(spec, ofType(answers, 'price_ladder'), seed);
    case 'price_range':
      return analysePriceRange(spec, ofType(answers, 'price_range'), seed);
  }
}

/**
 * The figures of a typed question from every persona's (or person's) seeded
 * draws: point estimates over all draws, each persona weighted equally, with
 * 95 % intervals by the seeded bootstrap over personas and draws. Answers of
 * another type than the question's are left out; `respondents` counts the
 * personas with at least one usable draw, `noAnswer` adds up the draws
 * without a usable answer. The same seed always gives the same intervals.
 */
export function typedResultOf(
  spec: TypedQuestionSpec,
  answers: readonly TypedAnswer[],
  seed: number,
): TypedResult {
  return analyseTyped(spec, answers, seed).result;
}
