import type { PeopleVsPersonas, TypedAnswer, TypedQuestionSpec } from '@chorus/contracts';
import { jensenShannonDistance } from './agreement';
import { ksFromCounts, ksTwoSample } from './ks';
import { distanceLevel, ofOne } from './levels';

/**
 * How close real people's answers to a typed question are to the personas':
 * the Jensen–Shannon distance between the two answer distributions over the
 * type's categories (the table of levels the share links and calibration
 * use), and, where the answers are ordered (scales, NPS, numbers, price
 * ladders and ranges), the two-sample Kolmogorov–Smirnov statistic. Each
 * respondent weighs the same: a persona's draws count as its shares.
 */

/** Bins of a continuous answer, shared by both sides. */
const BINS = 8;

type Counts = number[];

/** Adds a respondent's draws to the counts, each respondent weighing 1 in all. */
function addShares(counts: Counts, categories: readonly number[]) {
  if (categories.length === 0) return;
  for (const c of categories) counts[c] = (counts[c] ?? 0) + 1 / categories.length;
}

function binOf(value: number, low: number, high: number): number {
  if (high <= low) return 0;
  return Math.min(BINS - 1, Math.max(0, Math.floor(((value - low) / (high - low)) * BINS)));
}

/** The categories each answer falls in, and the values of ordered answers. */
function categoriesOf(
  answer: TypedAnswer,
  range: { low: number; high: number },
): { categories: number[]; values: number[] } {
  switch (answer.type) {
    case 'scale':
      return { categories: answer.draws.map((d) => d - 1), values: answer.draws };
    case 'nps':
      return { categories: answer.draws, values: answer.draws };
    case 'single_choice':
      return { categories: answer.draws, values: [] };
    case 'multiple_choice':
      return { categories: answer.draws.flat(), values: [] };
    case 'number':
      return {
        categories: answer.draws.map((v) => binOf(v, range.low, range.high)),
        values: answer.draws,
      };
    case 'ranking':
      return { categories: answer.draws.flatMap((order) => order.slice(0, 1)), values: [] };
    case 'maxdiff':
      return { categories: answer.draws.flatMap((tasks) => tasks.map((t) => t.best)), values: [] };
    case 'price_ladder':
      return { categories: answer.draws, values: answer.draws };
    case 'price_range': {
      const middles = answer.draws.map((d) => (d.bargain + d.expensive) / 2);
      return {
        categories: middles.map((v) => binOf(v, range.low, range.high)),
        values: middles,
      };
    }
  }
}

function categoryCount(spec: TypedQuestionSpec): number {
  switch (spec.type) {
    case 'scale':
      return spec.points;
    case 'nps':
      return 11;
    case 'single_choice':
    case 'multiple_choice':
      return spec.options.length + (spec.noneOption ? 1 : 0);
    case 'ranking':
    case 'maxdiff':
      return spec.items.length;
    case 'price_ladder':
      return spec.prices.length + 1;
    case 'number':
    case 'price_range':
      return BINS;
  }
}

function rangeOf(spec: TypedQuestionSpec, answers: readonly TypedAnswer[]) {
  if (spec.type === 'number') return { low: spec.min, high: spec.max };
  const middles = answers.flatMap((a) =>
    a.type === 'price_range' ? a.draws.map((d) => (d.bargain + d.expensive) / 2) : [],
  );
  if (middles.length === 0) return { low: 0, high: 1 };
  return { low: Math.min(...middles), high: Math.max(...middles) };
}

const ordered = new Set<TypedQuestionSpec['type']>([
  'scale',
  'nps',
  'number',
  'price_ladder',
  'price_range',
]);

export function peopleVsPersonas(
  spec: TypedQuestionSpec,
  people: readonly TypedAnswer[],
  personas: readonly TypedAnswer[],
): PeopleVsPersonas {
  const mine = (answers: readonly TypedAnswer[]) =>
    answers.filter((a) => a.type === spec.type && a.draws.length > 0);
  const side = { people: mine(people), personas: mine(personas) };
  if (side.people.length === 0 || side.personas.length === 0) {
    return {
      distance: null,
      ks: null,
      level: 'not yet',
      text:
        side.people.length === 0
          ? 'No one has answered yet: the comparison shows once people answer.'
          : 'The personas have not answered yet.',
    };
  }
  const range = rangeOf(spec, [...side.people, ...side.personas]);
  const size = categoryCount(spec);
  const counts = (answers: readonly TypedAnswer[]) => {
    const c: Counts = Array.from({ length: size }, () => 0);
    const values: number[] = [];
    for (const answer of answers) {
      const read = categoriesOf(answer, range);
      addShares(c, read.categories);
      values.push(...read.values);
    }
    return { c, values };
  };
  const a = counts(side.people);
  const b = counts(side.personas);
  const distance = Math.round(jensenShannonDistance(a.c, b.c) * 1000) / 1000;
  let ks: number | null = null;
  if (ordered.has(spec.type)) {
    const d =
      spec.type === 'number' || spec.type === 'price_range'
        ? ksTwoSample(a.values, b.values).d
        : ksFromCounts(a.c, b.c).d;
    ks = Math.round(d * 1000) / 1000;
  }
  const level = distanceLevel(distance);
  return {
    distance,
    ks,
    level: level.level,
    text: `The personas' answers are ${level.words}: ${ofOne(distance)} apart, from ${side.people.length} ${side.people.length === 1 ? 'person' : 'people'}.`,
  };
}
