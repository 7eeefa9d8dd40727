import {
  type Estimate,
  opinions,
  type PersonaResponse,
  type QuestionSpec,
  type QuestionType,
  type QuestionView,
  toCsv,
  type TypedAnswer,
  type TypedResult,
} from '@chorus/contracts';
import { NONE_OF_THESE } from '@chorus/research';
import { price } from './study-report/words';

// The answers of questions and studies as CSV for a spreadsheet or a
// statistics package: long format, one row per persona, question and draw
// (and per shown set or ladder price where a draw holds several), so every
// figure of a report can be worked out again; and every figure of the
// results with its 95 % interval. Written by the contracts' one CSV writer,
// so a label that looks like a formula stays text.

export const csvExportMessages = {
  notReady: 'The answers can be exported once the question is answered.',
  studyNotReady: 'The answers can be exported once every question of the study is answered.',
} as const;

/** What a draw without a usable answer says in each of its answer columns. */
const NO_ANSWER = 'no answer';
/** What a price-range draw set aside for prices out of order says in each of its answer columns. */
const OUT_OF_ORDER = 'out of order';

const leadColumns = [
  'question_id',
  'question_text',
  'question_type',
  'persona_id',
  'persona_name',
  'draw',
] as const;

/** The answer columns of each type, and their order when a study mixes types. */
const answerColumns = [
  'value',
  'options',
  'order',
  'shown',
  'best',
  'worst',
  'price',
  'would_buy',
  'too_cheap',
  'bargain',
  'expensive',
  'too_expensive',
  'buy_at_bargain',
  'buy_at_expensive',
] as const;
type AnswerColumn = (typeof answerColumns)[number];

const columnsOfType: Record<QuestionType, readonly AnswerColumn[]> = {
  opinion: ['value'],
  scale: ['value'],
  nps: ['value'],
  single_choice: ['value'],
  number: ['value'],
  multiple_choice: ['options'],
  ranking: ['order'],
  maxdiff: ['shown', 'best', 'worst'],
  price_ladder: ['price', 'would_buy'],
  price_range: [
    'too_cheap',
    'bargain',
    'expensive',
    'too_expensive',
    'buy_at_bargain',
    'buy_at_expensive',
  ],
};

type Cell = string | number;
type AnswerCells = Partial<Record<AnswerColumn, Cell>>;

/** Every answer column of a type holding the same mark. */
function marked(type: QuestionType, mark: string): AnswerCells {
  return Object.fromEntries(columnsOfType[type].map((column) => [column, mark]));
}

/** An option's, item's or choice's label by its index; "None of these" past the list. */
function labelOf(labels: readonly string[] | undefined, index: number): string {
  if (!labels) return String(index);
  return labels[index] ?? NONE_OF_THESE;
}

function labelsOf(spec: QuestionSpec | null): readonly string[] | undefined {
  if (!spec) return undefined;
  if (spec.type === 'single_choice' || spec.type === 'multiple_choice') return spec.options;
  if (spec.type === 'ranking' || spec.type === 'maxdiff') return spec.items;
  return undefined;
}

/** A typed answer's draws, each as the rows it makes (several for a best–worst set or a ladder). */
function typedDraws(answer: TypedAnswer, spec: QuestionSpec | null): AnswerCells[][] {
  const labels = labelsOf(spec);
  switch (answer.type) {
    case 'scale':
    case 'nps':
    case 'number':
      return answer.draws.map((value) => [{ value }]);
    case 'single_choice':
      return answer.draws.map((pick) => [{ value: labelOf(labels, pick) }]);
    case 'multiple_choice':
      return answer.draws.map((picks) => [
        {
          options:
            picks.length === 0 ? NONE_OF_THESE : picks.map((i) => labelOf(labels, i)).join('; '),
        },
      ]);
    case 'ranking':
      return answer.draws.map((order) => [
        { order: order.map((i) => labelOf(labels, i)).join(' > ') },
      ]);
    case 'maxdiff':
      return answer.draws.map((tasks) =>
        tasks.map((task) => ({
          shown: task.shown.map((i) => labelOf(labels, i)).join('; '),
          best: labelOf(labels, task.best),
          worst: labelOf(labels, task.worst),
        })),
      );
    case 'price_ladder': {
      const prices = spec?.type === 'price_ladder' ? spec.prices : [];
      // A draw k buys at the ladder's k lowest prices.
      return answer.draws.map((k) =>
        prices.map((p, j) => ({ price: p, would_buy: j < k ? 'yes' : 'no' })),
      );
    }
    case 'price_range': {
      const likelihood = spec?.type === 'price_range' && spec.likelihood;
      return answer.draws.map((d) => [
        {
          too_cheap: d.tooCheap,
          bargain: d.bargain,
          expensive: d.expensive,
          too_expensive: d.tooExpensive,
          // Not asked: the stored 0 is no answer, so the cell stays empty.
          buy_at_bargain: likelihood ? d.buyAtBargain : '',
          buy_at_expensive: likelihood ? d.buyAtExpensive : '',
        },
      ]);
    }
  }
}

/** An open opinion answer's draws, one opinion each; answers stored before draws have their one opinion. */
function opinionDraws(response: PersonaResponse): AnswerCells[][] {
  const counts = response.draws;
  if (!counts) return [[{ value: response.opinion }]];
  return opinions.flatMap((opinion) =>
    Array.from({ length: counts[opinion] }, () => [{ value: opinion }]),
  );
}

/** One persona's rows of one question: its draws in order, then the draws without an answer. */
function responseRows(question: QuestionView, response: PersonaResponse): AnswerCells[][] {
  const typed = response.typed;
  if (!typed) {
    return question.type === 'opinion'
      ? opinionDraws(response)
      : [[marked(question.type, NO_ANSWER)]];
  }
  const rows = typedDraws(typed, question.spec);
  const setAside = typed.type === 'price_range' ? typed.outOfOrder : 0;
  return [
    ...rows,
    ...Array.from({ length: setAside }, () => [marked(typed.type, OUT_OF_ORDER)]),
    ...Array.from({ length: typed.noAnswer }, () => [marked(typed.type, NO_ANSWER)]),
  ];
}

/**
 * Long format: one row per persona, question and draw, the answer in the
 * columns of the question's type (a study's file has the columns of all its
 * types, empty where a type has none).
 */
export function answersCsv(questions: readonly QuestionView[]): string {
  const present = new Set(questions.flatMap((q) => columnsOfType[q.type]));
  const columns = answerColumns.filter((c) => present.has(c));
  const rows: Cell[][] = [[...leadColumns, ...columns]];
  for (const question of questions) {
    for (const response of question.responses) {
      responseRows(question, response).forEach((draw, index) => {
        for (const cells of draw) {
          rows.push([
            question.id,
            question.questionText,
            question.type,
            response.personaId,
            response.personaName,
            index + 1,
            ...columns.map((column) => cells[column] ?? ''),
          ]);
        }
      });
    }
  }
  return toCsv(rows);
}

// ---------------------------------------------------------------------------
// Summary: every figure with its interval.

interface Figure {
  figure: string;
  value: number;
  low?: number;
  high?: number;
}

const withRange = (figure: string, e: Estimate): Figure => ({ figure, ...e });

function typedFigures(result: TypedResult): Figure[] {
  const counts: Figure[] = [
    { figure: 'respondents', value: result.respondents },
    { figure: 'draws without an answer', value: result.noAnswer },
  ];
  switch (result.type) {
    case 'scale':
      return [
        ...counts,
        ...result.points.map((p) =>
          withRange(
            `share: ${p.label && p.label !== String(p.point) ? `${p.point} ${p.label}` : p.point}`,
            p.share,
          ),
        ),
        withRange('mean rating', result.mean),
        withRange('top-two box', result.topTwoBox),
      ];
    case 'nps':
      return [
        ...counts,
        withRange('promoters', result.promoters),
        withRange('passives', result.passives),
        withRange('detractors', result.detractors),
        withRange('nps score', result.score),
      ];
    case 'single_choice':
    case 'multiple_choice':
      return [...counts, ...result.options.map((o) => withRange(`share: ${o.label}`, o.share))];
    case 'number':
      return [
        ...counts,
        withRange(`median (${result.unit})`, result.median),
        withRange(`lower quartile (${result.unit})`, result.lowerQuartile),
        withRange(`upper quartile (${result.unit})`, result.upperQuartile),
      ];
    case 'ranking':
      return [
        ...counts,
        ...result.items.flatMap((item) => [
          withRange(`mean rank: ${item.label}`, item.meanRank),
          withRange(`share first: ${item.label}`, item.firstShare),
        ]),
      ];
    case 'maxdiff':
      return [
        ...counts,
        ...result.items.flatMap((item) => [
          withRange(`best-worst score: ${item.label}`, item.score),
          { figure: `share picked best: ${item.label}`, value: item.bestShare },
          { figure: `share picked worst: ${item.label}`, value: item.worstShare },
        ]),
      ];
    case 'price_ladder': {
      const money = (v: number) => price(v, result.currency);
      return [
        ...counts,
        ...result.points.flatMap((p) => [
          withRange(`demand at ${money(p.price)}`, p.demand),
          withRange(`revenue per person at ${money(p.price)}`, p.revenue),
        ]),
        withRange('best price', result.bestPrice),
        withRange('demand at best price', result.bestDemand),
      ];
    }
    case 'price_range': {
      const points: [string, Estimate | null][] = [
        ['marginal cheapness', result.marginalCheapness],
        ['optimal price', result.optimalPrice],
        ['indifference price', result.indifferencePrice],
        ['marginal expensiveness', result.marginalExpensiveness],
      ];
      return [
        ...counts,
        { figure: 'draws out of order', value: result.outOfOrder },
        ...points.flatMap(([name, e]) => (e ? [withRange(name, e)] : [])),
        ...(result.likelihood
          ? [{ figure: 'newton-miller-smith best price', value: result.likelihood.bestPrice }]
          : []),
      ];
    }
  }
}

/** An open opinion question's shares (as fractions, like every share here) with their intervals. */
function opinionFigures(question: QuestionView): Figure[] {
  const estimate = question.analysis?.estimate;
  const results = question.aggregatedResults;
  const label = (o: string) => `share: ${o[0]!.toUpperCase()}${o.slice(1)}`;
  if (estimate) {
    return opinions.map((o) => ({
      figure: label(o),
      value: estimate.shares[o] / 100,
      low: estimate.intervals[o].low / 100,
      high: estimate.intervals[o].high / 100,
    }));
  }
  return results ? opinions.map((o) => ({ figure: label(o), value: results[o] / 100 })) : [];
}

/** One row per figure of each question's results: its value and 95 % interval (shares as fractions of 1). */
export function summaryCsv(questions: readonly QuestionView[]): string {
  const rows: Cell[][] = [['question_id', 'question_text', 'figure', 'value', 'low', 'high']];
  for (const question of questions) {
    const figures = question.typedResult
      ? typedFigures(question.typedResult)
      : opinionFigures(question);
    for (const f of figures) {
      rows.push([question.id, question.questionText, f.figure, f.value, f.low ?? '', f.high ?? '']);
    }
  }
  return toCsv(rows);
}
