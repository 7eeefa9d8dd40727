import {
  type AggregatedResults,
  costOf,
  type EngineAnswer,
  EXPECTED_OUTPUT_TOKENS,
  FIRST_RUN_SEED,
  type ModelPrice,
  type Opinion,
  type PersonaAttributeName,
  type PersonaResponse,
  personaResponseSchema,
  type RunDetails,
  type Sensitivity,
  type SensitivitySkipReason,
  type TypedQuestionSpec,
  type WordingCheck,
} from '@chorus/contracts';
import {
  aggregateResponses,
  confidenceOfDistribution,
  drawsFor,
  estimatePanel,
} from '@chorus/research';
import { checkWording } from '@chorus/research/wording';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/answers';
import type { Logger } from '@chorus/service-kit';
import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type pLimit from 'p-limit';
import { type AnswerCache, answerKey, type CachedAnswer, type TypedKey } from './answer-cache';
import { panelCoverage, panelOf, segmentsOf } from './domain/panel-coverage';
import {
  type EngineUsage,
  type FollowUpAsk,
  type FollowUpPiece,
  type InferenceEngine,
  InferenceFailed,
  type PersonaQuestion,
  type RatingMethod,
  type TypedPersonaQuestion,
} from './engines/engine';

/** A follow-up's piece of text, or its last piece: usage and cost (undefined: price unknown). */
type PricedFollowUpPiece =
  | Exclude<FollowUpPiece, { usage: EngineUsage }>
  | { usage: EngineUsage; costUsd: number | undefined };

interface AnsweredQuestion {
  responses: PersonaResponse[];
  aggregatedResults: AggregatedResults;
  run: RunDetails;
}

interface QuestionToAnswer {
  questionText: string;
  personas: PersonaProfile[];
  business: BusinessContext | undefined;
  /** 0 or absent: the first run's seed. */
  seed?: number;
  /** Also ask a neutral and a reversed framing. */
  checkWording?: boolean;
  /**
   * A typed question's settings: every persona still gives its open answer
   * to the text, and also its typed answer (`typed` of each response).
   */
  spec?: TypedQuestionSpec;
  /** How a rating scale is asked of a model; `direct` unless said. */
  ratingMethod?: RatingMethod;
}

/** A typed question's settings as answering takes them: a scale says how a model rates it. */
export function typedOptions(
  spec: TypedQuestionSpec | null,
): Pick<QuestionToAnswer, 'spec' | 'ratingMethod'> {
  if (!spec) return {};
  return spec.type === 'scale' ? { spec, ratingMethod: spec.ratingMethod } : { spec };
}

const noBusiness: BusinessContext = {
  productName: '',
  productDescription: '',
  industry: '',
  facts: [],
};

/** The attribute a grounding name refers to, so an empty one (no gender given) is not cited. */
function attributeValue(persona: PersonaProfile, name: PersonaAttributeName): unknown {
  switch (name) {
    case 'safetyScores.economic':
    case 'safetyScores.world':
    case 'safetyScores.local':
    case 'safetyScores.occupation':
      return persona.safetyScores;
    default:
      return persona[name];
  }
}

/**
 * Keeps only grounds that exist: attributes the persona has and profile
 * fields the persona was told about, each once. A model may cite more.
 */
function groundedIn(
  answer: Pick<EngineAnswer, 'grounding'>,
  persona: PersonaProfile,
  business: BusinessContext,
): EngineAnswer['grounding'] {
  const known = new Set(business.facts.map((f) => f.field));
  return {
    personaAttributes: [...new Set(answer.grounding.personaAttributes)].filter((name) => {
      const value = attributeValue(persona, name);
      return value !== undefined && value !== '' && value !== 0;
    }),
    profileFields: [...new Set(answer.grounding.profileFields)].filter((name) => known.has(name)),
  };
}

/** A version of what a persona or profile said: the first 12 hex digits of its SHA-256. */
function versionOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);
}

interface AnsweringDeps {
  engine: InferenceEngine;
  limit: pLimit.Limit;
  logger: Logger;
  cache: AnswerCache;
  /** Seeded draws per persona, for the panel's shares and intervals. */
  draws: number;
  /** USD per million tokens by model. */
  prices: Record<string, ModelPrice>;
  /**
   * The shared limit's concurrency: at most this many of one question's
   * calls are in flight, each with one listener on the question's stop.
   * Unknown: as many as the question asks.
   */
  concurrency?: number;
  /**
   * The wording check whose framings the sensitivity check asks (with a
   * model's framings when a model is configured); the rules' when absent.
   */
  wording?: (questionText: string, signal?: AbortSignal) => Promise<WordingCheck>;
}

/**
 * The framings the sensitivity check may ask, or why it cannot run: a
 * framing that did not pass the wording check's gates is never asked.
 */
function fairFramings(
  wording: WordingCheck,
): { neutral: string; reversed: string } | { skipped: SensitivitySkipReason } {
  if (wording.rewording !== 'ready') return { skipped: 'no-fair-neutral' };
  if (!wording.reversedReady) return { skipped: 'no-fair-reversed' };
  return { neutral: wording.neutral, reversed: wording.reversed };
}

interface Estimate {
  engine: InferenceEngine['name'];
  model: string;
  modelCalls: number;
  cachedAnswers: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | undefined;
}

const noUsage = (): EngineUsage & { cachedAnswers: number } => ({
  inputTokens: 0,
  outputTokens: 0,
  modelCalls: 0,
  cachedAnswers: 0,
});

/** A sample's usage for a whole panel `factor` times its size, in whole calls, tokens and answers. */
function scaleUsage(
  usage: EngineUsage & { cachedAnswers: number },
  factor: number,
): EngineUsage & { cachedAnswers: number } {
  return {
    modelCalls: Math.round(usage.modelCalls * factor),
    cachedAnswers: Math.round(usage.cachedAnswers * factor),
    inputTokens: Math.round(usage.inputTokens * factor),
    outputTokens: Math.round(usage.outputTokens * factor),
  };
}

/**
 * Answers a question as every persona at once, bounded by a limit the whole
 * process shares (so many questions together never exceed it). Each persona's
 * engine answer (a distribution) comes from the cache when the same run asked
 * it before, otherwise from the engine; the persona shows the most likely
 * opinion of it (the one its words argue), with that opinion's probability as
 * its confidence, and its draws (seeded by the run) are counted for the
 * panel's shares and intervals. Every answer is checked against the response schema,
 * and the answers are aggregated with intervals. The first persona that
 * cannot answer fails the question; the others are stopped.
 */
export class Answering {
  constructor(private readonly deps: AnsweringDeps) {}

  get engineName(): InferenceEngine['name'] {
    return this.deps.engine.name;
  }

  private price(): ModelPrice | undefined {
    const { engine, prices } = this.deps;
    return engine.name === 'local'
      ? { inputPerMillion: 0, outputPerMillion: 0 }
      : prices[engine.model];
  }

  /** The typed part of a question, when it has one: what its key and its engine call are made of. */
  private typedOf(question: QuestionToAnswer): Omit<TypedKey, 'draws'> | undefined {
    return question.spec
      ? { spec: question.spec, ratingMethod: question.ratingMethod ?? 'direct' }
      : undefined;
  }

  /**
   * What answering would take, before asking: calls, tokens and dollars,
   * typed answers included. With `scaleTo` above the personas given (a
   * market panel's sample), the sample's calls, tokens and cached answers
   * are scaled to that many personas, and the cost is the scaled tokens'.
   */
  async estimate(
    question: QuestionToAnswer,
    options: { scaleTo?: number } = {},
  ): Promise<Estimate> {
    const { engine, cache, draws } = this.deps;
    const business = question.business ?? noBusiness;
    const seed = question.seed || FIRST_RUN_SEED;
    const typed = this.typedOf(question);
    // The framings of a wording check are asked as open questions only.
    const texts = [
      { questionText: question.questionText, typed },
      ...(await this.framings(question)).map((questionText) => ({
        questionText,
        typed: undefined,
      })),
    ];
    const usage = noUsage();
    for (const text of texts) {
      for (const persona of question.personas) {
        const asked: PersonaQuestion = { questionText: text.questionText, persona, business, seed };
        const typedAsk = text.typed && { ...asked, ...text.typed, draws };
        if (await cache.has(answerKey(engine, asked, typedAsk))) {
          usage.cachedAnswers += 1;
        } else if (engine.name !== 'local') {
          usage.modelCalls += 1;
          usage.inputTokens += engine.promptTokens(asked);
          usage.outputTokens += EXPECTED_OUTPUT_TOKENS;
          const extra = typedAsk && engine.typedUsage?.(typedAsk);
          if (extra) {
            usage.modelCalls += extra.modelCalls;
            usage.inputTokens += extra.inputTokens;
            usage.outputTokens += extra.outputTokens;
          }
        }
      }
    }
    const sampled = question.personas.length;
    const scaled =
      options.scaleTo !== undefined && sampled > 0 && options.scaleTo > sampled
        ? scaleUsage(usage, options.scaleTo / sampled)
        : usage;
    return {
      engine: engine.name,
      model: engine.model,
      modelCalls: scaled.modelCalls,
      cachedAnswers: scaled.cachedAnswers,
      inputTokens: scaled.inputTokens,
      outputTokens: scaled.outputTokens,
      costUsd: costOf(scaled, this.price()),
    };
  }

  /**
   * A follow-up reply in the persona's voice, streamed as the engine writes
   * it; the last piece is its usage, priced like a question's.
   */
  async *followUp(ask: FollowUpAsk, signal?: AbortSignal): AsyncGenerator<PricedFollowUpPiece> {
    const { engine } = this.deps;
    if (!engine.followUp) {
      throw new InferenceFailed('This engine cannot hold follow-up interviews.');
    }
    for await (const piece of engine.followUp(ask, signal)) {
      yield 'usage' in piece
        ? { usage: piece.usage, costUsd: costOf(piece.usage, this.price()) }
        : piece;
    }
  }

  /** The wording check of a question: the configured one (a model's framings too), else the rules'. */
  private wordingOf(questionText: string, signal?: AbortSignal): Promise<WordingCheck> {
    return this.deps.wording
      ? this.deps.wording(questionText, signal)
      : Promise.resolve(checkWording(questionText));
  }

  /** The neutral and reversed framings asked beside the question when its wording is checked. */
  private async framings(question: QuestionToAnswer): Promise<string[]> {
    if (!question.checkWording) return [];
    const fair = fairFramings(await this.wordingOf(question.questionText));
    return 'skipped' in fair ? [] : [fair.neutral, fair.reversed];
  }

  /** Callers may have no business context (a product without a profile): then nothing is known of it. */
  async answer(
    question: QuestionToAnswer,
    options: { signal?: AbortSignal; onAnswer?: (response: PersonaResponse) => void } = {},
  ): Promise<AnsweredQuestion> {
    const { engine, draws } = this.deps;
    const business = question.business ?? noBusiness;
    const seed = question.seed || FIRST_RUN_SEED;
    const stop = new AbortController();
    // Each call in flight listens for the stop (and stops listening when it ends):
    // at most the shared limit's concurrency, however many personas are asked.
    const asks = question.personas.length * (question.checkWording ? 3 : 1);
    setMaxListeners(Math.min(asks, this.deps.concurrency ?? asks) + 10, stop.signal);
    const stopAll = () => stop.abort();
    options.signal?.addEventListener('abort', stopAll, { once: true });
    const usage = noUsage();
    try {
      const ask = (
        questionText: string,
        onAnswer?: (response: PersonaResponse) => void,
        typed?: Omit<TypedKey, 'draws'>,
      ) =>
        Promise.all(
          question.personas.map((persona) =>
            this.answerOne(
              { questionText, persona, business, seed },
              usage,
              stop,
              onAnswer,
              typed && { ...typed, draws },
            ),
          ),
        );
      const responses = await ask(question.questionText, options.onAnswer, this.typedOf(question));
      const estimate = estimatePanel(
        responses.map((r) => r.draws!),
        seed,
      );
      let sensitivity: Sensitivity | null = null;
      let sensitivitySkipped: SensitivitySkipReason | undefined;
      const fair = question.checkWording
        ? fairFramings(await this.wordingOf(question.questionText, stop.signal))
        : undefined;
      if (fair && 'skipped' in fair) sensitivitySkipped = fair.skipped;
      else if (fair) {
        const [neutral, reversed] = await Promise.all([ask(fair.neutral), ask(fair.reversed)]);
        const sharesOf = (answers: PersonaResponse[]) =>
          estimatePanel(
            answers.map((r) => r.draws!),
            seed,
          ).shares;
        sensitivity = {
          neutralText: fair.neutral,
          reversedText: fair.reversed,
          asked: estimate.shares,
          neutral: sharesOf(neutral),
          reversed: sharesOf(reversed),
        };
      }
      const run: RunDetails = {
        engine: engine.name,
        model: engine.model,
        temperature: engine.temperature,
        seed,
        draws,
        promptTemplateHash: engine.promptTemplateHash,
        profileVersion: versionOf(business),
        personaVersions: question.personas.map(({ personaId, ...attributes }) => ({
          personaId,
          personaName: attributes.name,
          version: versionOf(attributes),
        })),
        usage,
        costUsd: costOf(usage, this.price()) ?? null,
        coverage: panelCoverage(question.personas),
        panel: panelOf(question.personas),
        sensitivity,
        ...(sensitivitySkipped ? { sensitivitySkipped } : {}),
      };
      return { responses, aggregatedResults: aggregateResponses(responses, estimate), run };
    } finally {
      options.signal?.removeEventListener('abort', stopAll);
    }
  }

  /**
   * One persona's answer: its open answer to the text and, for a typed
   * question, its typed answer, asked after it (a model is shown its open
   * answer, so the two agree) and cached with it. A typed answer with draws
   * the model left unanswered is not cached, so the next run asks again.
   */
  private answerOne(
    asked: PersonaQuestion,
    usage: EngineUsage & { cachedAnswers: number },
    stop: AbortController,
    onAnswer: ((response: PersonaResponse) => void) | undefined,
    typed?: TypedKey,
  ): Promise<PersonaResponse> {
    const { engine, limit, cache, draws, logger } = this.deps;
    const { persona, business } = asked;
    const count = (spent: EngineUsage) => {
      usage.inputTokens += spent.inputTokens;
      usage.outputTokens += spent.outputTokens;
      usage.modelCalls += spent.modelCalls;
    };
    return limit(async (): Promise<PersonaResponse> => {
      if (stop.signal.aborted) throw new InferenceFailed('Answering was stopped.');
      // The engine is given a signal of this call's own, relayed from the stop
      // while the call runs: whatever listeners the engine's requests leave on it
      // go with it, and the question's stop holds one listener per call in flight.
      const own = new AbortController();
      const relay = () => own.abort();
      stop.signal.addEventListener('abort', relay, { once: true });
      try {
        const typedAsk: TypedPersonaQuestion | undefined = typed && { ...asked, ...typed };
        const key = answerKey(engine, asked, typedAsk);
        let answer: CachedAnswer | undefined = await cache.get(key);
        if (answer && typedAsk && !answer.typed) answer = undefined;
        const cached = answer !== undefined;
        if (answer) {
          usage.cachedAnswers += 1;
        } else {
          const result = await engine.answer(asked, own.signal);
          count(result.usage);
          answer = result.answer;
          if (typedAsk) {
            if (!engine.answerTyped) {
              throw new InferenceFailed('This engine cannot answer typed questions.');
            }
            const typedResult = await engine.answerTyped(typedAsk, result.answer, own.signal);
            count(typedResult.usage);
            answer = { ...answer, typed: typedResult.typed };
          }
        }
        const drawn = drawsFor(answer.distribution, asked.seed, persona.personaId, draws);
        const checked = personaResponseSchema.safeParse({
          opinion: drawn.opinion satisfies Opinion,
          confidence: confidenceOfDistribution(answer.distribution),
          safetyInfluence: answer.safetyInfluence,
          response: answer.response,
          reasoning: answer.reasoning,
          grounding: groundedIn(answer, persona, business),
          personaId: persona.personaId,
          personaName: persona.name,
          distribution: answer.distribution,
          draws: drawn.counts,
          ...(answer.typed ? { typed: answer.typed, segments: segmentsOf(persona) } : {}),
        });
        if (!checked.success) {
          logger.warn(
            { persona: persona.name, issues: checked.error.issues },
            'answer failed the response schema',
          );
          throw new InferenceFailed(`The answer for ${persona.name} could not be read.`);
        }
        if (!cached && !answer.typed?.noAnswer) await cache.set(key, answer);
        onAnswer?.(checked.data);
        return checked.data;
      } catch (error) {
        stop.abort();
        throw error;
      } finally {
        stop.signal.removeEventListener('abort', relay);
      }
    });
  }
}
