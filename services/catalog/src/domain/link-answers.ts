import type { TypedAnswer, TypedQuestionSpec } from '@chorus/contracts';

/**
 * Whether a person's answer (one draw of the type's answer, as the gateway
 * read it from the page) fits the question it answers. The gateway already
 * refused, in the page's words, anything the person could get wrong; this
 * guards what is stored against any other caller.
 */
export function linkAnswerFits(spec: TypedQuestionSpec, answer: TypedAnswer): boolean {
  if (spec.type !== answer.type || answer.noAnswer !== 0) return false;
  const one = <T>(draws: readonly T[]): T | undefined =>
    draws.length === 1 ? draws[0] : undefined;
  const within = (value: number | undefined, low: number, high: number) =>
    value !== undefined && Number.isFinite(value) && value >= low && value <= high;
  const distinct = (values: readonly number[], below: number) =>
    new Set(values).size === values.length &&
    values.every((v) => Number.isInteger(v) && v >= 0 && v < below);
  switch (answer.type) {
    case 'scale':
      return spec.type === 'scale' && within(one(answer.draws), 1, spec.points);
    case 'nps':
      return within(one(answer.draws), 0, 10);
    case 'single_choice':
      return (
        spec.type === 'single_choice' &&
        within(one(answer.draws), 0, spec.options.length - (spec.noneOption ? 0 : 1))
      );
    case 'multiple_choice': {
      const ticked = one(answer.draws);
      return (
        spec.type === 'multiple_choice' &&
        ticked !== undefined &&
        distinct(ticked, spec.options.length + (spec.noneOption ? 1 : 0))
      );
    }
    case 'number':
      return spec.type === 'number' && within(one(answer.draws), spec.min, spec.max);
    case 'ranking': {
      const order = one(answer.draws);
      return (
        spec.type === 'ranking' &&
        order !== undefined &&
        order.length === spec.items.length &&
        distinct(order, spec.items.length)
      );
    }
    case 'maxdiff': {
      const tasks = one(answer.draws);
      return (
        spec.type === 'maxdiff' &&
        tasks !== undefined &&
        tasks.every(
          (t) =>
            distinct(t.shown, spec.items.length) &&
            t.shown.includes(t.best) &&
            t.shown.includes(t.worst) &&
            t.best !== t.worst,
        )
      );
    }
    case 'price_ladder':
      return (
        spec.type === 'price_ladder' &&
        within(one(answer.draws), 0, spec.prices.length) &&
        answer.buyProbability.length === spec.prices.length
      );
    case 'price_range': {
      const draw = one(answer.draws);
      return (
        spec.type === 'price_range' &&
        draw !== undefined &&
        draw.tooCheap < draw.bargain &&
        draw.bargain < draw.expensive &&
        draw.expensive < draw.tooExpensive &&
        within(draw.buyAtBargain, 0, 1) &&
        within(draw.buyAtExpensive, 0, 1)
      );
    }
  }
}
