import type {
  MaxDiffTask,
  OpinionDistribution,
  SpecOf,
  TypedAnswer,
  TypedQuestionSpec,
} from '@chorus/contracts';
import { hash32, maxDiffDesign, modeOf, personaGenerator } from '@chorus/research';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { answerAs } from './local-reasoning';
import { currencyByCode } from './money';
import { readPersona, type Trait } from './persona-reading';
import { readQuestion, type Theme } from './question-themes';
import type { ModelTyped } from './typed-prompt';
import {
  drawFrom,
  drawLadder,
  drawTicks,
  gumbel,
  hashUniform,
  maxDiffPicks,
  normal,
  normalize,
  type Rng,
  round,
  softmax,
  triangular,
} from './typed-draws';
import { ladderAnswer, rangeAnswer, spendingFactors, willingnessToPay } from './willingness-to-pay';

/**
 * The local engine's typed answers, read from the persona the way its open
 * answers are: its leaning on the question (from its opinion distribution),
 * how well each option fits its motivations, lifestyle and work, and, for
 * money, its income, where it lives and how it spends. A persona's taste for
 * an option is fixed by a hash of the persona and the option, so it is the
 * same in every run; the run's seed only changes the draws.
 */

/** What the local engine answers a typed question from. */
interface TypedAsk {
  persona: PersonaProfile;
  business: BusinessContext;
  spec: TypedQuestionSpec;
  seed: number;
  draws: number;
  /** The persona's opinion distribution on the question's text. */
  distribution: OpinionDistribution;
}

/** P(positive) − P(negative): −1 certainly against, 1 certainly for. */
function leaningOf(d: OpinionDistribution): number {
  return d.positive - d.negative;
}

/**
 * A distribution over the points `first`…`last` around the point the
 * leaning points to, spread by `spread` points. A persona whose most likely
 * opinion is negative never lands above `middle`, a positive one never below
 * it, so no one who is against a thing rates it high.
 */
function pointsAround(
  first: number,
  last: number,
  centre: number,
  spread: number,
  d: OpinionDistribution,
  middle: { atMostWhenNegative: number; atLeastWhenPositive: number },
): number[] {
  const mode = modeOf(d);
  const weights: number[] = [];
  for (let point = first; point <= last; point++) {
    const allowed =
      (mode !== 'negative' || point <= middle.atMostWhenNegative) &&
      (mode !== 'positive' || point >= middle.atLeastWhenPositive);
    weights.push(allowed ? Math.exp(-((point - centre) ** 2) / (2 * spread ** 2)) : 0);
  }
  return normalize(weights).map((p) => round(p, 6));
}

/** A rating scale's distribution over its points 1…points, lowest first. */
export function scaleDistribution(
  points: number,
  d: OpinionDistribution,
  personaId: string,
): number[] {
  const middle = (points + 1) / 2;
  const half = (points - 1) / 2;
  const spread = half * (0.38 + 0.14 * hashUniform('scale-spread', personaId));
  return pointsAround(1, points, middle + leaningOf(d) * half, spread, d, {
    atMostWhenNegative: Math.floor(middle),
    atLeastWhenPositive: Math.ceil(middle),
  });
}

/**
 * A Net Promoter answer's distribution over 0…10: a neutral persona sits
 * around 6, as people who have no strong view do; one against it stays a
 * detractor (6 or less), one for it at least a passive (7 or more).
 */
export function npsDistribution(d: OpinionDistribution, personaId: string): number[] {
  const spread = 1.1 + 0.6 * hashUniform('nps-spread', personaId);
  return pointsAround(0, 10, 6 + 4 * leaningOf(d), spread, d, {
    atMostWhenNegative: 6,
    atLeastWhenPositive: 7,
  });
}

/**
 * Draws from a distribution over points, taken from the highest point down:
 * the draw that was the persona's most positive opinion draw (the same
 * uniform, lowest first) is its highest rating, so draw by draw the rating
 * agrees with the opinion.
 */
function drawPoints(probabilities: readonly number[], rng: Rng, draws: number, first: number) {
  const last = first + probabilities.length - 1;
  return drawFrom([...probabilities].reverse(), rng, draws).map((i) => last - i);
}

const stopWords = new Set(
  'the and for with that this from your you are was were has have had but not all any can our out who how why what when will would into over more most less very much many some such than then them they their there these those its his her him she about also just only per each every a an of to in on at by or as is it be we us'.split(
    ' ',
  ),
);

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (w) => w.length >= 3 && !stopWords.has(w),
  );
}

/** The same word in another form: "cooking" and "cooks", "family" and "families". */
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const n = Math.min(a.length, b.length);
  return n >= 4 && a.slice(0, Math.max(4, n - 2)) === b.slice(0, Math.max(4, n - 2));
}

/** The persona traits a theme of an option speaks to, and those it puts off. */
const themeTraits: Record<Theme, { fits: Trait[]; putsOff: Trait[] }> = {
  price: { fits: ['priceConscious'], putsOff: [] },
  technology: { fits: ['techEnthusiast'], putsOff: ['techWary'] },
  risk: { fits: ['riskAverse'], putsOff: ['adventurous'] },
  safety: { fits: ['riskAverse', 'familyFirst'], putsOff: [] },
  convenience: { fits: ['timePoor', 'wantsSimplicity'], putsOff: [] },
  health: { fits: ['healthFocused'], putsOff: [] },
  environment: { fits: ['ecoMinded'], putsOff: [] },
  quality: { fits: ['qualitySeeker', 'statusMinded'], putsOff: [] },
  privacy: { fits: ['privacyMinded', 'sceptical'], putsOff: [] },
  community: { fits: ['communityMinded', 'familyFirst'], putsOff: ['reserved'] },
  work: { fits: ['careerDriven'], putsOff: [] },
};

/**
 * How well each option fits the persona: words it shares with the persona's
 * motivations, lifestyle, occupation and personality, the persona's traits
 * its themes speak to (or put off), and the persona's own taste, a hash of
 * the persona and the option between 0 and 1.
 */
export function itemScores(items: readonly string[], persona: PersonaProfile): number[] {
  const reading = readPersona(persona);
  const own = wordsOf(
    [persona.motivations, persona.lifestyle, persona.occupation, persona.personality].join(' '),
  );
  return items.map((item) => {
    const words = [...new Set(wordsOf(item))];
    const shared = words.filter((w) => own.some((o) => sameStem(w, o))).length;
    let traits = 0;
    for (const theme of readQuestion(item).themes) {
      const { fits, putsOff } = themeTraits[theme];
      traits += fits.filter((t) => reading.traits.has(t)).length;
      traits -= putsOff.filter((t) => reading.traits.has(t)).length;
    }
    const taste = hashUniform('taste', persona.personaId, item.trim().toLowerCase());
    return round(0.8 * shared + 1.2 * traits + taste, 6);
  });
}

/**
 * A single choice's probabilities, "None of these" last when offered: a
 * softmax over the options' fit, where "None" weighs more the more the
 * persona is against the question.
 */
export function choiceProbabilities(
  spec: SpecOf<'single_choice'>,
  persona: PersonaProfile,
  d: OpinionDistribution,
): number[] {
  const scores = itemScores(spec.options, persona);
  if (spec.noneOption) scores.push(0.5 - 1.5 * leaningOf(d));
  return softmax(scores, 0.8).map((p) => round(p, 6));
}

/** A multiple choice's chance of ticking each option: options that fit are ticked more. */
function tickProbabilities(
  spec: SpecOf<'multiple_choice'>,
  persona: PersonaProfile,
  d: OpinionDistribution,
): number[] {
  const threshold = 1.3 - 0.5 * leaningOf(d);
  return itemScores(spec.options, persona).map((s) =>
    round(1 / (1 + Math.exp(-(s - threshold) / 0.6)), 6),
  );
}

/** Each draw's scores: the fit, plus Gumbel noise, so the best-fitting item is likeliest on top. */
function noisyScores(scores: readonly number[], rng: Rng): number[] {
  return scores.map((s) => s + 0.6 * gumbel(rng));
}

function rankingDraws(scores: readonly number[], rng: Rng, draws: number): number[][] {
  return Array.from({ length: draws }, () => {
    const noisy = noisyScores(scores, rng);
    return noisy.map((_, i) => i).sort((a, b) => noisy[b]! - noisy[a]!);
  });
}

/** The sets a persona is shown: the research package's balanced design, a version of its own for each persona. */
export function maxDiffSetsFor(
  spec: SpecOf<'maxdiff'>,
  seed: number,
  personaId: string,
): number[][] {
  return maxDiffDesign(spec.items.length, spec.perSet, spec.sets, hash32(`${seed}:${personaId}`));
}

function maxDiffDraws(design: number[][], scores: readonly number[], rng: Rng, draws: number) {
  return Array.from({ length: draws }, (): MaxDiffTask[] =>
    maxDiffPicks(design, noisyScores(scores, rng)),
  );
}

/** Whether a number's unit is an amount of money ("dollars a month", "EUR per visit", "spend a week"). */
function isMoney(unit: string): boolean {
  return (
    /[$£€¥₹]/.test(unit) ||
    /\b(?:dollars?|euros?|pounds?|pesos?|rupees?|yen|francs?|spend|spent|spending|pay|paid|cost|costs|price|budget|money)\b/i.test(
      unit,
    ) ||
    (unit.match(/\b[A-Z]{3}\b/g) ?? []).some((code) => currencyByCode(code) !== undefined)
  );
}

const currencyWords: Record<string, string> = {
  $: 'USD',
  dollar: 'USD',
  '€': 'EUR',
  euro: 'EUR',
  '£': 'GBP',
  pound: 'GBP',
  peso: 'MXN',
  rupee: 'INR',
  '₹': 'INR',
  yen: 'JPY',
  '¥': 'JPY',
  franc: 'CHF',
};

/** The currency a unit is counted in ("dollars a month", "EUR per visit"); US dollars when unnamed. */
function currencyOfUnit(unit: string) {
  for (const word of unit.match(/[$£€¥₹]|[A-Za-z]+/g) ?? []) {
    const named = currencyWords[word.toLowerCase().replace(/s$/, '')];
    if (named) return currencyByCode(named)!;
    if (/^[A-Z]{3}$/.test(word) && currencyByCode(word)) return currencyByCode(word)!;
  }
  return currencyByCode('USD')!;
}

/**
 * Where a persona's number centres within the range, and how widely it
 * varies: a third of the way up the range for someone typical (such answers
 * run long to the right), moved by its leaning and its own taste; an amount
 * of money by its income, where it lives and how it spends.
 */
export function numberCentre(
  spec: SpecOf<'number'>,
  persona: PersonaProfile,
  d: OpinionDistribution,
): { centre: number; spread: number; logScale: boolean } {
  const { min, max } = spec;
  const leaning = leaningOf(d);
  const taste = hashUniform('number', persona.personaId, spec.unit.toLowerCase());
  const logScale = min >= 0;
  if (!logScale) {
    const centre = (min + max) / 2 + (0.25 * leaning + 0.2 * (taste - 0.5)) * (max - min);
    return { centre: Math.min(max, Math.max(min, centre)), spread: 0.1 * (max - min), logScale };
  }
  const base = min + (max - min) / 3;
  let factor = Math.exp(0.3 * leaning);
  if (isMoney(spec.unit)) {
    const spending = spendingFactors(persona, currencyOfUnit(spec.unit));
    factor *= spending.income * spending.place * spending.habits * (0.85 + 0.3 * taste);
  } else {
    factor *= 0.7 + 0.6 * taste;
  }
  const centre = Math.min(max, Math.max(min, base * factor));
  return { centre, spread: 0.2 + 0.2 * hashUniform('number-spread', persona.personaId), logScale };
}

/** Whole numbers for a range of whole numbers at least ten wide, else two decimals. */
function numberPlaces(spec: SpecOf<'number'>): number {
  return Number.isInteger(spec.min) && Number.isInteger(spec.max) && spec.max - spec.min >= 10
    ? 0
    : 2;
}

function numberDraws(
  spec: SpecOf<'number'>,
  persona: PersonaProfile,
  d: OpinionDistribution,
  rng: Rng,
  draws: number,
) {
  const { centre, spread, logScale } = numberCentre(spec, persona, d);
  const places = numberPlaces(spec);
  return Array.from({ length: draws }, () => {
    const z = normal(rng);
    const value = logScale && centre > 0 ? centre * Math.exp(spread * z) : centre + spread * z;
    return round(Math.min(spec.max, Math.max(spec.min, value)), places);
  });
}

/**
 * How the persona leans on the offer itself, apart from its price: a price
 * question's own text is mostly about money, which its willingness to pay
 * already weighs through income and habits, and must not weigh twice.
 */
export function offerLeaning(offer: string, ask: Pick<TypedAsk, 'persona' | 'business'>): number {
  return leaningOf(
    answerAs(`Would ${offer} be useful to you?`, ask.persona, ask.business).distribution,
  );
}

/** The local engine's answer to a typed question, with the run's seeded draws. */
export function localTypedAnswer(ask: TypedAsk): TypedAnswer {
  const { persona, spec, distribution: d, draws } = ask;
  const rng = personaGenerator(ask.seed, persona.personaId);
  switch (spec.type) {
    case 'scale':
      return {
        type: 'scale',
        draws: drawPoints(scaleDistribution(spec.points, d, persona.personaId), rng, draws, 1),
        noAnswer: 0,
      };
    case 'nps':
      return {
        type: 'nps',
        draws: drawPoints(npsDistribution(d, persona.personaId), rng, draws, 0),
        noAnswer: 0,
      };
    case 'single_choice':
      return {
        type: 'single_choice',
        draws: drawFrom(choiceProbabilities(spec, persona, d), rng, draws),
        noAnswer: 0,
      };
    case 'multiple_choice':
      return {
        type: 'multiple_choice',
        draws: drawTicks(tickProbabilities(spec, persona, d), spec.noneOption, rng, draws),
        noAnswer: 0,
      };
    case 'number':
      return { type: 'number', draws: numberDraws(spec, persona, d, rng, draws), noAnswer: 0 };
    case 'ranking':
      return {
        type: 'ranking',
        draws: rankingDraws(itemScores(spec.items, persona), rng, draws),
        noAnswer: 0,
      };
    case 'maxdiff':
      return {
        type: 'maxdiff',
        draws: maxDiffDraws(
          maxDiffSetsFor(spec, ask.seed, persona.personaId),
          itemScores(spec.items, persona),
          rng,
          draws,
        ),
        noAnswer: 0,
      };
    case 'price_ladder':
      return ladderAnswer(
        willingnessToPay(persona, ask.business, spec, offerLeaning(spec.offer, ask)),
        spec.prices,
        rng,
        draws,
      );
    case 'price_range':
      return rangeAnswer(
        willingnessToPay(persona, ask.business, spec, offerLeaning(spec.offer, ask)),
        spec.likelihood,
        rng,
        draws,
      );
  }
}

/**
 * A typed answer without any usable draw: every draw counted as no answer,
 * never a value made up in its place.
 */
export function noTypedAnswer(spec: TypedQuestionSpec, draws: number): TypedAnswer {
  switch (spec.type) {
    case 'price_ladder':
      return { type: 'price_ladder', buyProbability: [], draws: [], noAnswer: draws };
    case 'price_range':
      return { type: 'price_range', draws: [], outOfOrder: 0, noAnswer: draws };
    default:
      return { type: spec.type, draws: [], noAnswer: draws } as TypedAnswer;
  }
}

/**
 * The run's draws from what a model said: points, scores and options from
 * its probabilities, ticks each by its own, a number from the triangle of
 * its low, typical and high estimates, prices by the ladder's
 * probabilities. An order, best–worst picks and four prices are one answer,
 * given again for every draw.
 */
export function typedFromModel(
  reply: ModelTyped,
  spec: TypedQuestionSpec,
  seed: number,
  personaId: string,
  draws: number,
): TypedAnswer {
  const rng = personaGenerator(seed, personaId);
  const times = <T>(make: () => T): T[] => Array.from({ length: draws }, make);
  switch (reply.type) {
    case 'scale':
      return { type: 'scale', draws: drawPoints(reply.probabilities, rng, draws, 1), noAnswer: 0 };
    case 'nps':
      return { type: 'nps', draws: drawPoints(reply.probabilities, rng, draws, 0), noAnswer: 0 };
    case 'single_choice':
      return {
        type: 'single_choice',
        draws: drawFrom(reply.probabilities, rng, draws),
        noAnswer: 0,
      };
    case 'multiple_choice':
      return {
        type: 'multiple_choice',
        draws: drawTicks(
          reply.ticks,
          spec.type === 'multiple_choice' && spec.noneOption,
          rng,
          draws,
        ),
        noAnswer: 0,
      };
    case 'number': {
      const places = spec.type === 'number' ? numberPlaces(spec) : 2;
      return {
        type: 'number',
        draws: times(() => round(triangular(reply.low, reply.typical, reply.high, rng), places)),
        noAnswer: 0,
      };
    }
    case 'ranking':
      return { type: 'ranking', draws: times(() => [...reply.order]), noAnswer: 0 };
    case 'maxdiff':
      return {
        type: 'maxdiff',
        draws: times(() => reply.tasks.map((task) => ({ ...task, shown: [...task.shown] }))),
        noAnswer: 0,
      };
    case 'price_ladder':
      return {
        type: 'price_ladder',
        buyProbability: reply.buyProbability.map((p) => round(p)),
        draws: drawLadder(reply.buyProbability, rng, draws),
        noAnswer: 0,
      };
    case 'price_range':
      return {
        type: 'price_range',
        draws: times(() => ({ ...reply.draw })),
        outOfOrder: 0,
        noAnswer: 0,
      };
  }
}
