import {
  type EngineAnswer,
  type MaxDiffTask,
  type PricePeriod,
  type PriceRangeDraw,
  type SpecOf,
  type TypedQuestionSpec,
} from '@chorus/contracts';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { NONE_OF_THESE } from '@chorus/research';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { aboutPersona, questionPrompt } from './prompt';
import { nonIncreasing, normalize } from './typed-draws';

/**
 * The prompts that ask a model for a persona's typed answer, the strict JSON
 * schema of each type's reply, and how a reply is read and checked. The
 * model describes what the persona would answer (a probability for each
 * point, option or price; a low, typical and high number; an order; picks);
 * the draws are taken from that in code.
 */

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What the model said, read: the draws are taken from it. */
export type ModelTyped =
  | { type: 'scale' | 'nps' | 'single_choice'; probabilities: number[] }
  | { type: 'multiple_choice'; ticks: number[] }
  | { type: 'number'; low: number; typical: number; high: number }
  | { type: 'ranking'; order: number[] }
  | { type: 'maxdiff'; tasks: MaxDiffTask[] }
  | { type: 'price_ladder'; buyProbability: number[] }
  | { type: 'price_range'; draw: PriceRangeDraw };

/** How far a reply's probabilities may add up from 1 before it is asked again. */
const TYPED_TOLERANCE = 0.05;

function typedSystemPrompt(persona: PersonaProfile, json: boolean): string {
  return [
    `You are ${persona.name}. Stay in character: answer as this person would, in the first person, from their own circumstances.`,
    '',
    'About you:',
    ...aboutPersona(persona),
    '',
    'How to answer:',
    '- A company is asking potential customers for honest answers about a product. You do not know who is asking and owe them nothing: do not flatter the product.',
    '- Start from neutral. Lean one way only when your own circumstances (money, age, work, family, values, how secure you feel) give you a real reason.',
    '- Stay consistent with what you already said about the question.',
    json
      ? '- Answer with JSON only, in the shape asked.'
      : '- Answer in plain text, in your own voice: no lists, no JSON, no numbers for the rating.',
  ].join('\n');
}

const periodWords: Record<PricePeriod, string> = {
  'one-off': 'paid once',
  week: 'a week',
  month: 'a month',
  year: 'a year',
};

function priceWords(price: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      maximumFractionDigits: Number.isInteger(price) ? 0 : 2,
    }).format(price);
  } catch {
    return `${currency} ${price}`;
  }
}

function listed(items: readonly string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}

/** The option texts of a choice, "None of these" last when offered. */
function choiceLabels(spec: SpecOf<'single_choice'> | SpecOf<'multiple_choice'>): string[] {
  return spec.noneOption ? [...spec.options, NONE_OF_THESE] : [...spec.options];
}

function scaleEnds(spec: SpecOf<'scale'>): string {
  const ends = `1 means "${spec.lowLabel}" and ${spec.points} means "${spec.highLabel}"`;
  const labels =
    spec.pointLabels.length === spec.points
      ? ` The points: ${spec.pointLabels.map((label, i) => `${i + 1} = "${label}"`).join(', ')}.`
      : '';
  return `${ends}.${labels}`;
}

const uncertainty = 'describe your real uncertainty rather than putting everything on one answer';

/** What the model is asked to give for the type, after it has answered the question's text. */
function typedInstruction(spec: TypedQuestionSpec, sets: readonly number[][] = []): string {
  switch (spec.type) {
    case 'scale':
      return `Now answer on a scale from 1 to ${spec.points}, where ${scaleEnds(spec)} Give the probability, from 0 to 1, that you would choose each point, adding up to 1; ${uncertainty}.`;
    case 'nps':
      return `Now answer with a score from 0 (not at all likely) to 10 (extremely likely). Give the probability, from 0 to 1, that you would give each score, adding up to 1; ${uncertainty}.`;
    case 'single_choice':
      return `Now choose one of these options:\n${listed(choiceLabels(spec))}\nGive the probability, from 0 to 1, that you would choose each option, adding up to 1; ${uncertainty}.`;
    case 'multiple_choice':
      return `Now tick every option that applies to you:\n${listed(spec.options)}\nFor each option give the probability, from 0 to 1, that you would tick it.${spec.noneOption ? ` Ticking none of them means "${NONE_OF_THESE}".` : ''}`;
    case 'number':
      return `Now answer with a number of ${spec.unit}, from ${spec.min} to ${spec.max}. Give a low, a typical and a high estimate of your answer (low ≤ typical ≤ high), each from ${spec.min} to ${spec.max}.`;
    case 'ranking':
      return `Now rank these items from the one that matters most to you to the one that matters least:\n${listed(spec.items)}\nGive every item once, most important first.`;
    case 'maxdiff':
      return `Now, for each set below, pick the item that matters most to you (best) and the one that matters least (worst): two different items of that set.\n${sets
        .map((set, i) => `set${i + 1}: ${set.map((item) => `"${spec.items[item]}"`).join(', ')}`)
        .join('\n')}`;
    case 'price_ladder':
      return `The offer: ${spec.offer}. For each of these prices, ${periodWords[spec.period]}, give the probability, from 0 to 1, that you would buy it at that price: ${spec.prices
        .map((p) => priceWords(p, spec.currency))
        .join(
          ', ',
        )}. Think of what you pay now for the same need and what your budget allows; a higher price never makes you likelier to buy.`;
    case 'price_range':
      return [
        `The offer: ${spec.offer}. Give four prices in ${spec.currency}, ${periodWords[spec.period]}:`,
        '- tooCheap: so cheap that you would doubt its quality',
        '- bargain: a bargain, good value for the money',
        '- expensive: starting to seem expensive, though you would still consider it',
        '- tooExpensive: so expensive that you would not consider buying it',
        'They rise: tooCheap ≤ bargain ≤ expensive ≤ tooExpensive.',
        ...(spec.likelihood
          ? [
              'Also give buyAtBargain and buyAtExpensive: how likely, from 0 to 1, you would be to buy it at your bargain price and at your expensive price.',
            ]
          : []),
      ].join('\n');
  }
}

/** The conversation: the persona, the question, its own answer to the question, then the typed ask. */
export function typedPrompt(
  question: {
    questionText: string;
    persona: PersonaProfile;
    business: BusinessContext;
    spec: TypedQuestionSpec;
  },
  earlier: Pick<EngineAnswer, 'response'> | undefined,
  sets: readonly number[][] = [],
): ChatMessage[] {
  return [
    { role: 'system', content: typedSystemPrompt(question.persona, true) },
    { role: 'user', content: questionPrompt(question.questionText, question.business) },
    ...(earlier ? [{ role: 'assistant' as const, content: earlier.response }] : []),
    { role: 'user', content: typedInstruction(question.spec, sets) },
  ];
}

const probability = { type: 'number', minimum: 0, maximum: 1 } as const;

function strictObject(properties: Record<string, unknown>) {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  };
}

/** A probability for each value of an enum: an array of {key, probability}. */
function probabilitiesOf(key: string, valueSchema: Record<string, unknown>) {
  return strictObject({
    probabilities: {
      type: 'array',
      items: strictObject({ [key]: valueSchema, probability }),
    },
  });
}

const points = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i);

/** The strict JSON schema of the type's reply. */
export function typedJsonSchema(
  spec: TypedQuestionSpec,
  sets: readonly number[][] = [],
): Record<string, unknown> {
  switch (spec.type) {
    case 'scale':
      return probabilitiesOf('point', { type: 'integer', enum: points(1, spec.points) });
    case 'nps':
      return probabilitiesOf('score', { type: 'integer', enum: points(0, 10) });
    case 'single_choice':
      return probabilitiesOf('option', { type: 'string', enum: choiceLabels(spec) });
    case 'multiple_choice':
      return strictObject({
        options: {
          type: 'array',
          items: strictObject({ option: { type: 'string', enum: [...spec.options] }, probability }),
        },
      });
    case 'number': {
      const value = { type: 'number', minimum: spec.min, maximum: spec.max };
      return strictObject({ low: value, typical: value, high: value });
    }
    case 'ranking':
      return strictObject({
        ranking: { type: 'array', items: { type: 'string', enum: [...spec.items] } },
      });
    case 'maxdiff':
      return strictObject({
        sets: strictObject(
          Object.fromEntries(
            sets.map((set, i) => {
              const shown = { type: 'string', enum: set.map((item) => spec.items[item]!) };
              return [`set${i + 1}`, strictObject({ best: shown, worst: shown })];
            }),
          ),
        ),
      });
    case 'price_ladder':
      return probabilitiesOf('price', { type: 'number', enum: [...spec.prices] });
    case 'price_range': {
      const price = { type: 'number', minimum: 0 };
      return strictObject({
        tooCheap: price,
        bargain: price,
        expensive: price,
        tooExpensive: price,
        ...(spec.likelihood ? { buyAtBargain: probability, buyAtExpensive: probability } : {}),
      });
    }
  }
}

const probabilityValue = z.number().min(0).max(1);

/**
 * One probability for each value, each value once, adding up to about 1:
 * the probabilities in the values' order, scaled to add up to exactly 1.
 */
function distributionOver<V extends string | number>(key: string, values: readonly V[]) {
  return z
    .object({
      probabilities: z.array(
        z.object({ [key]: z.union([z.string(), z.number()]), probability: probabilityValue }),
      ),
    })
    .transform((reply, ctx) => {
      const byValue = new Map<string | number, number>();
      for (const entry of reply.probabilities) {
        const value = entry[key] as string | number;
        if (!values.includes(value as V)) {
          ctx.addIssue({ code: 'custom', message: `${String(value)} is not one of the answers` });
          return z.NEVER;
        }
        if (byValue.has(value)) {
          ctx.addIssue({ code: 'custom', message: `${String(value)} is given twice` });
          return z.NEVER;
        }
        byValue.set(value, entry.probability as number);
      }
      const missing = values.find((v) => !byValue.has(v));
      if (missing !== undefined) {
        ctx.addIssue({ code: 'custom', message: `no probability for ${String(missing)}` });
        return z.NEVER;
      }
      const list = values.map((v) => byValue.get(v)!);
      const total = list.reduce((sum, p) => sum + p, 0);
      if (Math.abs(total - 1) > TYPED_TOLERANCE) {
        ctx.addIssue({ code: 'custom', message: 'probabilities must add up to 1' });
        return z.NEVER;
      }
      return normalize(list);
    });
}

/** The zod schema a reply of the type is checked with, read into what the draws are taken from. */
export function typedReplySchema(
  spec: TypedQuestionSpec,
  sets: readonly number[][] = [],
): z.ZodType<ModelTyped> {
  switch (spec.type) {
    case 'scale':
    case 'nps': {
      const type = spec.type;
      const values = type === 'scale' ? points(1, spec.points) : points(0, 10);
      return distributionOver(type === 'scale' ? 'point' : 'score', values).transform(
        (probabilities) => ({ type, probabilities }),
      );
    }
    case 'single_choice':
      return distributionOver('option', choiceLabels(spec)).transform((probabilities) => ({
        type: 'single_choice' as const,
        probabilities,
      }));
    case 'multiple_choice':
      return z
        .object({
          options: z.array(
            z.object({
              option: z.enum(spec.options as [string, ...string[]]),
              probability: probabilityValue,
            }),
          ),
        })
        .transform((reply, ctx) => {
          const ticks = spec.options.map((option) =>
            reply.options.filter((o) => o.option === option),
          );
          if (ticks.some((found) => found.length !== 1)) {
            ctx.addIssue({ code: 'custom', message: 'every option must be given once' });
            return z.NEVER;
          }
          return {
            type: 'multiple_choice' as const,
            ticks: ticks.map((found) => found[0]!.probability),
          };
        });
    case 'number': {
      const value = z.number().min(spec.min).max(spec.max);
      return z
        .object({ low: value, typical: value, high: value })
        .refine((n) => n.low <= n.typical && n.typical <= n.high, {
          message: 'low, typical and high must rise',
        })
        .transform((n) => ({ type: 'number' as const, ...n }));
    }
    case 'ranking':
      return z
        .object({ ranking: z.array(z.enum(spec.items as [string, ...string[]])) })
        .refine(
          (r) =>
            r.ranking.length === spec.items.length && new Set(r.ranking).size === spec.items.length,
          { message: 'every item must be ranked once' },
        )
        .transform((r) => ({
          type: 'ranking' as const,
          order: r.ranking.map((item) => spec.items.indexOf(item)),
        }));
    case 'maxdiff':
      return z
        .object({
          sets: z.record(z.string(), z.object({ best: z.string(), worst: z.string() })),
        })
        .transform((reply, ctx) => {
          const tasks: MaxDiffTask[] = [];
          for (const [i, shown] of sets.entries()) {
            const picks = reply.sets[`set${i + 1}`];
            const best = shown.find((item) => spec.items[item] === picks?.best);
            const worst = shown.find((item) => spec.items[item] === picks?.worst);
            if (best === undefined || worst === undefined || best === worst) {
              ctx.addIssue({
                code: 'custom',
                message: `set${i + 1} needs a best and a different worst from its items`,
              });
              return z.NEVER;
            }
            tasks.push({ shown: [...shown], best, worst });
          }
          return { type: 'maxdiff' as const, tasks };
        });
    case 'price_ladder':
      return distributionOverPrices(spec.prices);
    case 'price_range': {
      const price = z.number().positive();
      const likelihood = spec.likelihood ? probabilityValue : probabilityValue.optional();
      return z
        .object({
          tooCheap: price,
          bargain: price,
          expensive: price,
          tooExpensive: price,
          buyAtBargain: likelihood,
          buyAtExpensive: likelihood,
        })
        .refine(
          (r) =>
            r.tooCheap <= r.bargain &&
            r.bargain <= r.expensive &&
            r.expensive <= r.tooExpensive &&
            r.tooCheap < r.tooExpensive,
          { message: 'the four prices must rise from too cheap to too expensive' },
        )
        .transform((r) => ({
          type: 'price_range' as const,
          draw: {
            tooCheap: r.tooCheap,
            bargain: r.bargain,
            expensive: r.expensive,
            tooExpensive: r.tooExpensive,
            buyAtBargain: spec.likelihood ? (r.buyAtBargain ?? 0) : 0,
            buyAtExpensive: spec.likelihood ? (r.buyAtExpensive ?? 0) : 0,
          },
        }));
    }
  }
}

/** A probability for each ladder price, each once, made non-increasing by a running minimum. */
function distributionOverPrices(prices: readonly number[]): z.ZodType<ModelTyped> {
  return z
    .object({
      probabilities: z.array(z.object({ price: z.number(), probability: probabilityValue })),
    })
    .transform((reply, ctx) => {
      const given = prices.map((price) => reply.probabilities.filter((p) => p.price === price));
      if (
        given.some((found) => found.length !== 1) ||
        reply.probabilities.length !== prices.length
      ) {
        ctx.addIssue({ code: 'custom', message: 'every price must be given once' });
        return z.NEVER;
      }
      return {
        type: 'price_ladder' as const,
        buyProbability: nonIncreasing(given.map((found) => found[0]!.probability)),
      };
    });
}

/** A valid reply of the type, as a model would give it: for estimates of its length, and for tests. */
export function exampleTypedReply(
  spec: TypedQuestionSpec,
  sets: readonly number[][] = [],
): Record<string, unknown> {
  const spread = <V>(key: string, values: readonly V[]) => ({
    probabilities: values.map((value) => ({ [key]: value, probability: 1 / values.length })),
  });
  switch (spec.type) {
    case 'scale':
      return spread('point', points(1, spec.points));
    case 'nps':
      return spread('score', points(0, 10));
    case 'single_choice':
      return spread('option', choiceLabels(spec));
    case 'multiple_choice':
      return { options: spec.options.map((option) => ({ option, probability: 0.5 })) };
    case 'number': {
      const third = (spec.max - spec.min) / 3;
      return { low: spec.min, typical: spec.min + third, high: spec.min + 2 * third };
    }
    case 'ranking':
      return { ranking: [...spec.items] };
    case 'maxdiff':
      return {
        sets: Object.fromEntries(
          sets.map((set, i) => [
            `set${i + 1}`,
            { best: spec.items[set[0]!], worst: spec.items[set[set.length - 1]!] },
          ]),
        ),
      };
    case 'price_ladder':
      return {
        probabilities: spec.prices.map((price, i) => ({
          price,
          probability: Math.round((1 - i / spec.prices.length) * 100) / 100,
        })),
      };
    case 'price_range':
      return {
        tooCheap: 5,
        bargain: 10,
        expensive: 20,
        tooExpensive: 40,
        ...(spec.likelihood ? { buyAtBargain: 0.7, buyAtExpensive: 0.2 } : {}),
      };
  }
}

// ---------------------------------------------------------------------------
// Semantic-similarity rating (Maier et al. 2025): the persona answers in its
// own words, and the point is read from how close those words are to a
// sentence for each point.

/** The conversation for a rating in the persona's own words. */
export function ownWordsPrompt(
  question: {
    questionText: string;
    persona: PersonaProfile;
    business: BusinessContext;
    spec: SpecOf<'scale'>;
  },
  earlier: Pick<EngineAnswer, 'response'> | undefined,
): ChatMessage[] {
  const { spec } = question;
  return [
    { role: 'system', content: typedSystemPrompt(question.persona, false) },
    { role: 'user', content: questionPrompt(question.questionText, question.business) },
    ...(earlier ? [{ role: 'assistant' as const, content: earlier.response }] : []),
    {
      role: 'user',
      content: `Where do you stand, from "${spec.lowLabel}" to "${spec.highLabel}"? Say it in one or two sentences in your own words, as you would say it out loud; do not give a number.`,
    },
  ];
}

/**
 * One sentence per point, lowest first, for the answer's words to be
 * compared with: the point's label when every point has one, else the two
 * ends' labels, leanings towards them, and the middle between them.
 */
export function anchorSentences(spec: SpecOf<'scale'>): string[] {
  if (spec.pointLabels.length === spec.points) return spec.pointLabels.map((l) => `${l}.`);
  const low = spec.lowLabel;
  const high = spec.highLabel;
  const middle = `Neither "${low}" nor "${high}": somewhere in between.`;
  return spec.points === 5
    ? [`${low}.`, `Leaning towards "${low}".`, middle, `Leaning towards "${high}".`, `${high}.`]
    : [
        `${low}.`,
        `Mostly "${low}".`,
        `Slightly towards "${low}".`,
        middle,
        `Slightly towards "${high}".`,
        `Mostly "${high}".`,
        `${high}.`,
      ];
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! ** 2;
    normB += b[i]! ** 2;
  }
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}

/**
 * The distribution over the points from the answer's embedding and the
 * anchors': each point's cosine similarity less the lowest, divided by their
 * sum (all points equally likely when every similarity is the same).
 */
export function similarityDistribution(
  answer: readonly number[],
  anchors: readonly (readonly number[])[],
): number[] {
  const similarities = anchors.map((anchor) => cosine(answer, anchor));
  const lowest = Math.min(...similarities);
  return normalize(similarities.map((s) => s - lowest));
}

/** Changes whenever the typed prompts or schemas change, so cached typed answers follow. */
export function typedTemplateHash(): string {
  const scale: SpecOf<'scale'> = {
    type: 'scale',
    points: 5,
    lowLabel: 'low',
    highLabel: 'high',
    pointLabels: [],
    ratingMethod: 'direct',
  };
  const persona: PersonaProfile = {
    personaId: 'reference',
    name: 'Reference',
    age: 40,
    gender: 'gender',
    occupation: 'occupation',
    location: 'location',
    income: 'income',
    lifestyle: 'lifestyle',
    motivations: 'motivations',
    personality: 'personality',
    safetyScores: { economic: 5, world: 5, local: 5, occupation: 5 },
  };
  const business: BusinessContext = {
    productName: 'product',
    productDescription: 'description',
    industry: 'industry',
    facts: [],
  };
  const question = { questionText: 'question', persona, business, spec: scale };
  return createHash('sha256')
    .update(JSON.stringify(typedPrompt(question, { response: 'response' })))
    .update(JSON.stringify(ownWordsPrompt(question, { response: 'response' })))
    .update(JSON.stringify(anchorSentences(scale)))
    .update(JSON.stringify(typedJsonSchema(scale)))
    .digest('hex')
    .slice(0, 12);
}
