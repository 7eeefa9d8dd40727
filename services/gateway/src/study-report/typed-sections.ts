import {
  MIN_SEGMENT_SIZE,
  type QuestionSpec,
  questionTypeLabels,
  type QuestionType,
  type QuestionView,
  type SegmentCutView,
  segmentTraitLabel,
  type TypedResult,
} from '@chorus/contracts';
import { BOOTSTRAP_RESAMPLES, NONE_OF_THESE, SEGMENT_DIFFERENCE_TEST } from '@chorus/research';
import { typedAnswerWords } from './answer-words';
import type { ReportBlock, ReportSection } from './report';
import { typedFigureBlocks } from './typed-figures';
import {
  amount,
  cell,
  count,
  figure,
  likely,
  listWords,
  percent,
  periodWord,
  plainTypeName,
  price,
  pricePer,
  signed,
} from './words';

// The sections a typed question adds to a report, the same in a question's
// report and in a study's: its figures, its segment cuts, each persona's
// answer in words, and how each figure is measured, with the methods named.

/** The figures of a typed question, or a line saying there are none. */
export function typedResultSection(result: TypedResult): ReportSection {
  const from = `From ${count(result.respondents, 'persona')}${
    result.noAnswer > 0
      ? `; ${count(result.noAnswer, 'draw')} without a usable answer ${result.noAnswer === 1 ? 'was' : 'were'} left out`
      : ''
  }.`;
  return {
    heading: `${plainTypeName(result.type)} results`,
    blocks:
      result.respondents === 0
        ? [{ paragraphs: [from, 'No usable answers, so there are no figures to show.'] }]
        : [{ paragraphs: [from] }, ...typedFigureBlocks(result)],
  };
}

const quoted = (text: string) => `“${text}”`;

/** What a segment table's figure column is called for a type. */
function headlineName(type: TypedResult['type'], unit = ''): string {
  const names: Record<TypedResult['type'], string> = {
    scale: 'Average rating',
    nps: 'Net Promoter Score',
    single_choice: 'Most chosen',
    multiple_choice: 'Most picked',
    number: unit ? `Median (${unit})` : 'Median',
    ranking: 'Ranked best on average',
    maxdiff: 'Most preferred',
    price_ladder: 'Best price',
    price_range: 'Optimal price',
  };
  return names[type];
}

/** A result's headline figure in a few words, with its interval (a segment's row). */
function headlineText(result: TypedResult): string {
  if (result.respondents === 0) return 'no usable answers';
  switch (result.type) {
    case 'scale':
      return `${amount(result.mean.value)} of ${result.points.length} (${likely(result.mean, (v) => amount(v))})`;
    case 'nps':
      return cell(figure(result.score, signed));
    case 'single_choice':
    case 'multiple_choice': {
      const top = [...result.options].sort((a, b) => b.share.value - a.share.value)[0];
      return top ? `${quoted(top.label)}, ${figure(top.share, percent)}` : 'none';
    }
    case 'number':
      return figure(result.median, (v) => amount(v));
    case 'ranking': {
      const best = [...result.items].sort((a, b) => a.meanRank.value - b.meanRank.value)[0];
      return best
        ? `${quoted(best.label)}, place ${figure(best.meanRank, (v) => amount(v))}`
        : 'none';
    }
    case 'maxdiff': {
      const best = [...result.items].sort((a, b) => b.score.value - a.score.value)[0];
      return best
        ? `${quoted(best.label)}, score ${figure(best.score, (v) => signed(v * 100))}`
        : 'none';
    }
    case 'price_ladder': {
      const money = (v: number) => price(v, result.currency);
      return `${pricePer(result.bestPrice.value, result.currency, result.period)} (${likely(result.bestPrice, money)}), ${percent(result.bestDemand.value)} would buy`;
    }
    case 'price_range': {
      const money = (v: number) => price(v, result.currency);
      return result.optimalPrice
        ? `${pricePer(result.optimalPrice.value, result.currency, result.period)} (${likely(result.optimalPrice, money)})`
        : 'the curves do not cross';
    }
  }
}

/** Segments with enough respondents to compare. */
const comparable = (cut: SegmentCutView) => cut.segments.filter((s) => !s.tooFew).length;

/** A table per trait: each segment's headline figure, or "too few to say", and the differences beyond chance. */
export function segmentSection(
  type: TypedResult['type'],
  cuts: readonly SegmentCutView[],
  unit = '',
): ReportSection | null {
  if (cuts.length === 0) return null;
  return {
    heading: 'By segment',
    blocks: cuts.map((cut): ReportBlock => ({
      heading: segmentTraitLabel(cut.trait),
      table: {
        columns: ['Segment', 'Respondents', headlineName(type, unit)],
        rows: cut.segments.map((segment) => [
          segment.label,
          String(segment.respondents),
          segment.tooFew || !segment.result ? 'too few to say' : headlineText(segment.result),
        ]),
      },
      paragraphs:
        cut.notes.length > 0
          ? cut.notes.map((note) => note.note)
          : [
              comparable(cut) < 2
                ? `Too few in the segments to compare them: each needs at least ${MIN_SEGMENT_SIZE} respondents.`
                : 'No difference between these segments is beyond chance.',
            ],
    })),
  };
}

/** Each persona's typed answer in words, for a table of the panel. */
export function typedAnswerRows(question: QuestionView): string[][] {
  return question.responses.map((response) => [
    response.personaName,
    (response.typed && typedAnswerWords(response.typed, question.spec)) ?? 'No typed answer',
  ]);
}

/** The methods behind the figures of these types, named, in plain words. */
export function typedMethodParagraphs(input: {
  types: readonly QuestionType[];
  /** Whether the price range asked the likelihoods (Newton–Miller–Smith). */
  likelihood: boolean;
  /** Whether a scale was rated by semantic similarity rather than as a number. */
  semanticScale?: boolean;
  segments: boolean;
  /** Draws per persona, when known. */
  draws?: number | undefined;
}): string[] {
  const has = (...types: QuestionType[]) => types.some((t) => input.types.includes(t));
  const typed = input.types.some((t) => t !== 'opinion');
  if (!typed) return [];
  return [
    `Every range is a 95% interval by the percentile bootstrap: the personas, and each one's repeated answers${input.draws ? ` (${input.draws} draws each)` : ''}, were resampled ${BOOTSTRAP_RESAMPLES.toLocaleString('en-US')} times and the figure worked out again each time; the range holds the middle 95% of those figures, where the figure would likely fall if asked again. Each persona counts the same, whatever its number of usable draws.`,
    ...(has('scale')
      ? [
          'Rating scale: the share at each point counts every draw; the average is the mean point, and the top-two box is the share at the two highest points, the usual headline of a purchase-intent scale.',
        ]
      : []),
    ...(has('scale') && input.semanticScale
      ? [
          'Semantic-similarity rating (Maier et al. 2025): the model answered a scale in its own words, and each answer was placed on the scale by how close its meaning (its embedding) is to a sentence written for each point.',
        ]
      : []),
    ...(has('nps')
      ? [
          'Net Promoter Score (NPS): the share of promoters (9–10) minus the share of detractors (0–6), from −100 (everyone a detractor) to +100 (everyone a promoter).',
        ]
      : []),
    ...(has('single_choice', 'multiple_choice')
      ? [
          'Choices: shares of people, not of ticks: each persona counts once, weighted by how often it gave each answer.',
        ]
      : []),
    ...(has('number')
      ? [
          'Number: the median is the middle answer; half the answers lie between the lower and the upper quartile.',
        ]
      : []),
    ...(has('ranking')
      ? [
          'Ranking: the average place is the mean rank over every ranking; "put first by" is the share of rankings with the item on top.',
        ]
      : []),
    ...(has('maxdiff')
      ? [
          'Best–worst scaling (MaxDiff), by best–worst counts: each item’s score is the times it was picked as best minus the times it was picked as worst, over the times it was shown.',
        ]
      : []),
    ...(has('price_ladder')
      ? [
          'Gabor–Granger price ladder: each persona was asked, one price at a time, whether it would buy at that price. The share who would buy can only fall as the price rises; revenue per person asked is the price times that share, and the best price is the ladder price with the most revenue. The best price’s range is where the best price fell in most resamples.',
        ]
      : []),
    ...(has('price_range')
      ? [
          'Van Westendorp Price Sensitivity Meter: each persona gave four prices: too cheap, a bargain, getting expensive and too expensive. The acceptable range runs from the point of marginal cheapness ("too cheap" crosses "not a bargain") to the point of marginal expensiveness ("too expensive" crosses "not getting expensive"). The optimal price point is where "too cheap" crosses "too expensive"; the indifference price point is where "a bargain" crosses "getting expensive". Answers whose four prices did not rise in that order are set aside, as is usual.',
        ]
      : []),
    ...(has('price_range') && input.likelihood
      ? [
          'Newton–Miller–Smith extension: the likelihood to buy at each persona’s own bargain and getting-expensive prices gives an expected share buying at each price, and from it the price of most expected revenue.',
        ]
      : []),
    ...(input.segments
      ? [
          `Segments: each segment's figures are worked out from its own personas; with fewer than ${MIN_SEGMENT_SIZE} respondents it is too few to say. Two segments differ beyond chance when the 95% interval of the difference of their headline figures leaves out zero (${SEGMENT_DIFFERENCE_TEST}).`,
        ]
      : []),
  ];
}

/** Whether a question is a price range that asked the likelihoods to buy. */
export function asksLikelihood(question: QuestionView): boolean {
  return question.spec?.type === 'price_range' && question.spec.likelihood;
}

/** Whether a question is a scale rated by semantic similarity. */
export function ratesBySimilarity(question: QuestionView): boolean {
  return question.spec?.type === 'scale' && question.spec.ratingMethod === 'semantic-similarity';
}

/** The unit of a number question, for its segment column. */
export function unitOf(question: QuestionView): string {
  return question.spec?.type === 'number' ? question.spec.unit : '';
}

/** A question's segment cuts; answers stored before cuts existed have none. */
export function cutsOf(question: QuestionView): readonly SegmentCutView[] {
  return question.segmentCuts ?? [];
}

const quotedList = (labels: readonly string[]) => listWords(labels.map((l) => `“${l}”`));

/** A typed question's settings in a sentence: what the personas were shown to answer with. */
export function settingsWords(spec: QuestionSpec | null): string | null {
  if (!spec || spec.type === 'opinion') return null;
  const asked = `Asked as: ${questionTypeLabels[spec.type]}.`;
  switch (spec.type) {
    case 'scale':
      return `${asked} A ${spec.points}-point scale from “${spec.lowLabel}” (1) to “${spec.highLabel}” (${spec.points}).${spec.ratingMethod === 'semantic-similarity' ? ' Rated by semantic similarity: each persona answered in its own words, placed on the scale by their closeness to a sentence for each point.' : ''}`;
    case 'nps':
      return `${asked} A score from 0 (not at all likely) to 10 (extremely likely).`;
    case 'single_choice':
    case 'multiple_choice':
      return `${asked} ${spec.type === 'single_choice' ? 'One answer' : 'Any number of answers'} from ${quotedList([...spec.options, ...(spec.noneOption ? [NONE_OF_THESE] : [])])}.`;
    case 'number':
      return `${asked} A number of ${spec.unit}, from ${amount(spec.min)} to ${amount(spec.max)}.`;
    case 'ranking':
      return `${asked} Items to rank: ${quotedList(spec.items)}.`;
    case 'maxdiff':
      return `${asked} ${spec.items.length} items, shown ${spec.perSet} at a time in ${spec.sets} sets: ${quotedList(spec.items)}.`;
    case 'price_ladder':
      return `${asked} Offer: ${spec.offer}. Prices asked${periodWord(spec.period)}: ${listWords(spec.prices.map((p) => price(p, spec.currency)))}.`;
    case 'price_range':
      return `${asked} Offer: ${spec.offer}. Four prices${periodWord(spec.period)} in ${spec.currency}: too cheap, a bargain, getting expensive and too expensive${spec.likelihood ? ', with how likely the persona is to buy at its bargain and getting-expensive prices' : ''}.`;
  }
}
