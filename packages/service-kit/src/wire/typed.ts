// A typed question's settings, answers and figures (@chorus/contracts'
// typed-questions.ts) and their proto messages, both ways.
import {
  CUSTOM_TRAIT_PREFIX,
  type Estimate,
  type PersonaResponse,
  type PricePeriod,
  pricePeriods,
  type SegmentCutView,
  type SegmentTrait,
  segmentTraits,
  type QuestionSpec,
  type TypedAnswer,
  type TypedDrift,
  type TypedQuestionSpec,
  type TypedResult,
} from '@chorus/contracts';
import type {
  Estimate as EstimateMessage,
  SegmentCut as SegmentCutMessage,
  TypedDrift as TypedDriftMessage,
  TypedResult as TypedResultMessage,
} from '@chorus/proto/catalog/v1/questions';
import type { PersonaResponse as PersonaResponseMessage } from '@chorus/proto/inference/v1/answers';
import type {
  QuestionSpec as QuestionSpecMessage,
  TypedAnswer as TypedAnswerMessage,
} from '@chorus/proto/inference/v1/typed';

type Case = NonNullable<QuestionSpecMessage['spec']>['$case'];

const caseOf = {
  scale: 'scale',
  nps: 'nps',
  single_choice: 'singleChoice',
  multiple_choice: 'multipleChoice',
  number: 'number',
  ranking: 'ranking',
  maxdiff: 'maxdiff',
  price_ladder: 'priceLadder',
  price_range: 'priceRange',
} as const satisfies Record<TypedQuestionSpec['type'], Case>;

const periodOf = (value: string): PricePeriod =>
  (pricePeriods as readonly string[]).includes(value) ? (value as PricePeriod) : 'month';

/** An open opinion question travels without settings. */
export function specToMessage(
  spec: QuestionSpec | null | undefined,
): QuestionSpecMessage | undefined {
  if (!spec || spec.type === 'opinion') return undefined;
  switch (spec.type) {
    case 'scale':
      return {
        spec: {
          $case: 'scale',
          value: {
            points: spec.points,
            lowLabel: spec.lowLabel,
            highLabel: spec.highLabel,
            pointLabels: spec.pointLabels,
            ratingMethod: spec.ratingMethod,
          },
        },
      };
    case 'nps':
      return { spec: { $case: 'nps', value: {} } };
    case 'single_choice':
    case 'multiple_choice':
      return {
        spec: {
          $case: caseOf[spec.type],
          value: { options: spec.options, noneOption: spec.noneOption },
        },
      };
    case 'number':
      return {
        spec: { $case: 'number', value: { unit: spec.unit, min: spec.min, max: spec.max } },
      };
    case 'ranking':
      return { spec: { $case: 'ranking', value: { items: spec.items } } };
    case 'maxdiff':
      return {
        spec: {
          $case: 'maxdiff',
          value: { items: spec.items, perSet: spec.perSet, sets: spec.sets },
        },
      };
    case 'price_ladder':
      return {
        spec: {
          $case: 'priceLadder',
          value: {
            offer: spec.offer,
            currency: spec.currency,
            period: spec.period,
            prices: spec.prices,
          },
        },
      };
    case 'price_range':
      return {
        spec: {
          $case: 'priceRange',
          value: {
            offer: spec.offer,
            currency: spec.currency,
            period: spec.period,
            likelihood: spec.likelihood,
          },
        },
      };
  }
}

/** The settings a message carries, or null for the open opinion question. */
export function specFromMessage(
  message: QuestionSpecMessage | undefined,
): TypedQuestionSpec | null {
  const spec = message?.spec;
  switch (spec?.$case) {
    case undefined:
      return null;
    case 'scale':
      return {
        type: 'scale',
        points: spec.value.points === 7 ? 7 : 5,
        lowLabel: spec.value.lowLabel,
        highLabel: spec.value.highLabel,
        pointLabels: spec.value.pointLabels,
        ratingMethod:
          spec.value.ratingMethod === 'semantic-similarity' ? 'semantic-similarity' : 'direct',
      };
    case 'nps':
      return { type: 'nps' };
    case 'singleChoice':
      return { type: 'single_choice', ...spec.value };
    case 'multipleChoice':
      return { type: 'multiple_choice', ...spec.value };
    case 'number':
      return { type: 'number', ...spec.value };
    case 'ranking':
      return { type: 'ranking', items: spec.value.items };
    case 'maxdiff':
      return { type: 'maxdiff', ...spec.value };
    case 'priceLadder':
      return { type: 'price_ladder', ...spec.value, period: periodOf(spec.value.period) };
    case 'priceRange':
      return { type: 'price_range', ...spec.value, period: periodOf(spec.value.period) };
  }
}

export function typedAnswerToMessage(answer: TypedAnswer): TypedAnswerMessage {
  const { noAnswer } = answer;
  switch (answer.type) {
    case 'scale':
    case 'nps':
    case 'single_choice':
      return { noAnswer, answer: { $case: caseOf[answer.type], value: { draws: answer.draws } } };
    case 'multiple_choice':
    case 'ranking':
      return {
        noAnswer,
        answer: {
          $case: caseOf[answer.type],
          value: { draws: answer.draws.map((values) => ({ values })) },
        },
      };
    case 'number':
      return { noAnswer, answer: { $case: 'number', value: { draws: answer.draws } } };
    case 'maxdiff':
      return {
        noAnswer,
        answer: {
          $case: 'maxdiff',
          value: { draws: answer.draws.map((tasks) => ({ tasks })) },
        },
      };
    case 'price_ladder':
      return {
        noAnswer,
        answer: {
          $case: 'priceLadder',
          value: { buyProbability: answer.buyProbability, draws: answer.draws },
        },
      };
    case 'price_range':
      return {
        noAnswer,
        answer: {
          $case: 'priceRange',
          value: { draws: answer.draws, outOfOrder: answer.outOfOrder },
        },
      };
  }
}

export function typedAnswerFromMessage(
  message: TypedAnswerMessage | undefined,
): TypedAnswer | undefined {
  const answer = message?.answer;
  if (!message || !answer) return undefined;
  const { noAnswer } = message;
  switch (answer.$case) {
    case 'scale':
      return { type: 'scale', draws: answer.value.draws, noAnswer };
    case 'nps':
      return { type: 'nps', draws: answer.value.draws, noAnswer };
    case 'singleChoice':
      return { type: 'single_choice', draws: answer.value.draws, noAnswer };
    case 'multipleChoice':
      return {
        type: 'multiple_choice',
        draws: answer.value.draws.map((d) => d.values),
        noAnswer,
      };
    case 'ranking':
      return { type: 'ranking', draws: answer.value.draws.map((d) => d.values), noAnswer };
    case 'number':
      return { type: 'number', draws: answer.value.draws, noAnswer };
    case 'maxdiff':
      return { type: 'maxdiff', draws: answer.value.draws.map((d) => d.tasks), noAnswer };
    case 'priceLadder':
      return {
        type: 'price_ladder',
        buyProbability: answer.value.buyProbability,
        draws: answer.value.draws,
        noAnswer,
      };
    case 'priceRange':
      return {
        type: 'price_range',
        draws: answer.value.draws,
        outOfOrder: answer.value.outOfOrder,
        noAnswer,
      };
  }
}

const noEstimate: Estimate = { value: 0, low: 0, high: 0 };
const est = (message: EstimateMessage | undefined): Estimate => message ?? noEstimate;
const maybe = (message: EstimateMessage | undefined): Estimate | null => message ?? null;
const orUndefined = (estimate: Estimate | null): EstimateMessage | undefined =>
  estimate ?? undefined;

export function typedResultToMessage(result: TypedResult): TypedResultMessage {
  const { respondents, noAnswer } = result;
  const base = { respondents, noAnswer };
  switch (result.type) {
    case 'scale':
      return {
        ...base,
        result: {
          $case: 'scale',
          value: { points: result.points, mean: result.mean, topTwoBox: result.topTwoBox },
        },
      };
    case 'nps':
      return {
        ...base,
        result: {
          $case: 'nps',
          value: {
            promoters: result.promoters,
            passives: result.passives,
            detractors: result.detractors,
            score: result.score,
            scores: result.scores,
          },
        },
      };
    case 'single_choice':
    case 'multiple_choice':
      return {
        ...base,
        result: { $case: caseOf[result.type], value: { options: result.options } },
      };
    case 'number':
      return {
        ...base,
        result: {
          $case: 'number',
          value: {
            unit: result.unit,
            median: result.median,
            lowerQuartile: result.lowerQuartile,
            upperQuartile: result.upperQuartile,
            histogram: result.histogram,
          },
        },
      };
    case 'ranking':
      return { ...base, result: { $case: 'ranking', value: { items: result.items } } };
    case 'maxdiff':
      return { ...base, result: { $case: 'maxdiff', value: { items: result.items } } };
    case 'price_ladder':
      return {
        ...base,
        result: {
          $case: 'priceLadder',
          value: {
            currency: result.currency,
            period: result.period,
            points: result.points,
            bestPrice: result.bestPrice,
            bestDemand: result.bestDemand,
            summary: result.summary,
          },
        },
      };
    case 'price_range':
      return {
        ...base,
        result: {
          $case: 'priceRange',
          value: {
            currency: result.currency,
            period: result.period,
            outOfOrder: result.outOfOrder,
            curves: result.curves,
            marginalCheapness: orUndefined(result.marginalCheapness),
            marginalExpensiveness: orUndefined(result.marginalExpensiveness),
            optimalPrice: orUndefined(result.optimalPrice),
            indifferencePrice: orUndefined(result.indifferencePrice),
            likelihood: result.likelihood ?? undefined,
            summary: result.summary,
          },
        },
      };
  }
}

export function typedResultFromMessage(
  message: TypedResultMessage | undefined,
): TypedResult | null {
  const result = message?.result;
  if (!message || !result) return null;
  const { respondents, noAnswer } = message;
  const base = { respondents, noAnswer };
  switch (result.$case) {
    case 'scale':
      return {
        type: 'scale',
        ...base,
        points: result.value.points.map((p) => ({ ...p, share: est(p.share) })),
        mean: est(result.value.mean),
        topTwoBox: est(result.value.topTwoBox),
      };
    case 'nps':
      return {
        type: 'nps',
        ...base,
        promoters: est(result.value.promoters),
        passives: est(result.value.passives),
        detractors: est(result.value.detractors),
        score: est(result.value.score),
        scores: result.value.scores,
      };
    case 'singleChoice':
    case 'multipleChoice':
      return {
        type: result.$case === 'singleChoice' ? 'single_choice' : 'multiple_choice',
        ...base,
        options: result.value.options.map((o) => ({ label: o.label, share: est(o.share) })),
      };
    case 'number':
      return {
        type: 'number',
        ...base,
        unit: result.value.unit,
        median: est(result.value.median),
        lowerQuartile: est(result.value.lowerQuartile),
        upperQuartile: est(result.value.upperQuartile),
        histogram: result.value.histogram,
      };
    case 'ranking':
      return {
        type: 'ranking',
        ...base,
        items: result.value.items.map((i) => ({
          label: i.label,
          meanRank: est(i.meanRank),
          firstShare: est(i.firstShare),
        })),
      };
    case 'maxdiff':
      return {
        type: 'maxdiff',
        ...base,
        items: result.value.items.map((i) => ({ ...i, score: est(i.score) })),
      };
    case 'priceLadder':
      return {
        type: 'price_ladder',
        ...base,
        currency: result.value.currency,
        period: periodOf(result.value.period),
        points: result.value.points.map((p) => ({
          price: p.price,
          demand: est(p.demand),
          revenue: est(p.revenue),
        })),
        bestPrice: est(result.value.bestPrice),
        bestDemand: est(result.value.bestDemand),
        summary: result.value.summary,
      };
    case 'priceRange':
      return {
        type: 'price_range',
        ...base,
        currency: result.value.currency,
        period: periodOf(result.value.period),
        outOfOrder: result.value.outOfOrder,
        curves: result.value.curves,
        marginalCheapness: maybe(result.value.marginalCheapness),
        marginalExpensiveness: maybe(result.value.marginalExpensiveness),
        optimalPrice: maybe(result.value.optimalPrice),
        indifferencePrice: maybe(result.value.indifferencePrice),
        likelihood: result.value.likelihood ?? null,
        summary: result.value.summary,
      };
  }
}

/** A stored persona answer as its message: the typed draws in their own message. */
export function personaResponseToMessage(response: PersonaResponse): PersonaResponseMessage {
  const { typed, segments, ...rest } = response;
  return {
    ...rest,
    typed: typed ? typedAnswerToMessage(typed) : undefined,
    segments: segments ? { labels: segments } : undefined,
  };
}

/** A persona answer message in the shape the response schema checks. */
export function personaResponseFromMessage(
  message: PersonaResponseMessage,
): Omit<PersonaResponse, 'typed'> & { typed?: TypedAnswer } {
  const { typed, segments, ...rest } = message;
  return {
    ...rest,
    ...(segments ? { segments: segments.labels } : {}),
    opinion: rest.opinion as PersonaResponse['opinion'],
    safetyInfluence: rest.safetyInfluence as PersonaResponse['safetyInfluence'],
    grounding: (rest.grounding ?? {
      personaAttributes: [],
      profileFields: [],
    }) as PersonaResponse['grounding'],
    typed: typedAnswerFromMessage(typed),
  };
}

export function segmentCutToMessage(cut: SegmentCutView): SegmentCutMessage {
  return {
    trait: cut.trait,
    segments: cut.segments.map((segment) => ({
      label: segment.label,
      respondents: segment.respondents,
      tooFew: segment.tooFew,
      result: segment.result ? typedResultToMessage(segment.result) : undefined,
    })),
    notes: cut.notes.map((note) => ({ ...note, segments: [...note.segments] })),
  };
}

export function segmentCutFromMessage(message: SegmentCutMessage): SegmentCutView | null {
  const trait: SegmentTrait | undefined = message.trait.startsWith(CUSTOM_TRAIT_PREFIX)
    ? (message.trait as SegmentTrait)
    : segmentTraits.find((t) => t === message.trait);
  if (!trait) return null;
  return {
    trait,
    segments: message.segments.map((segment) => ({
      label: segment.label,
      respondents: segment.respondents,
      tooFew: segment.tooFew,
      result: typedResultFromMessage(segment.result),
    })),
    notes: message.notes.map((note) => ({
      figure: note.figure,
      segments: [note.segments[0] ?? '', note.segments[1] ?? ''],
      difference: est(note.difference),
      test: note.test,
      note: note.note,
    })),
  };
}

export function typedDriftToMessage(drift: TypedDrift): TypedDriftMessage {
  return { ...drift };
}

export function typedDriftFromMessage(message: TypedDriftMessage | undefined): TypedDrift | null {
  if (!message) return null;
  return {
    figure: message.figure,
    previous: est(message.previous),
    current: est(message.current),
    drifted: message.drifted,
    text: message.text,
  };
}
