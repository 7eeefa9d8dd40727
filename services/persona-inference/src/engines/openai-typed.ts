import { type EngineAnswer, type SpecOf } from '@chorus/contracts';
import OpenAI from 'openai';
import { maxDiffSetsFor, noTypedAnswer, typedFromModel } from '../domain/typed-answers';
import {
  anchorSentences,
  exampleTypedReply,
  ownWordsPrompt,
  similarityDistribution,
  typedJsonSchema,
  typedPrompt,
  typedReplySchema,
} from '../domain/typed-prompt';
import {
  type EngineUsage,
  InferenceFailed,
  type TypedEngineResult,
  type TypedPersonaQuestion,
  estimateTokens,
} from './engine';
import { parseModelJson } from './model-json';
import {
  completeStructured,
  failureReason,
  type OpenAIEngineOptions,
  pause,
  UnusableReply,
} from './structured-output';

const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

/**
 * A reply that breaks the type's schema is asked for once more; after that
 * the persona's draws count as no answer rather than holding up the
 * question or standing in for a value.
 */
const TYPED_SCHEMA_RETRIES = 1;

/** Roughly what the persona's earlier answer adds to a typed prompt, for estimates. */
const EARLIER_ANSWER_TOKENS = 90;
/** A rating in the persona's own words: a sentence or two. */
const OWN_WORDS_TOKENS = 60;

/** The sets a persona is shown in a best–worst question (none for other types). */
function setsOf(question: TypedPersonaQuestion): number[][] {
  const { spec } = question;
  return spec.type === 'maxdiff'
    ? maxDiffSetsFor(spec, question.seed, question.persona.personaId)
    : [];
}

/**
 * A persona's typed answer from the model: one call with strict structured
 * output whose schema fits the type, the draws then taken in code from what
 * it gave. A rating scale asked by semantic similarity goes through the
 * persona's own words instead.
 */
export async function answerTypedWithModel(
  client: OpenAI,
  options: OpenAIEngineOptions,
  question: TypedPersonaQuestion,
  earlier: EngineAnswer,
  signal?: AbortSignal,
): Promise<TypedEngineResult> {
  const { spec, persona } = question;
  if (spec.type === 'scale' && question.ratingMethod === 'semantic-similarity') {
    return semanticScale(client, options, { ...question, spec }, earlier, signal);
  }
  const sets = setsOf(question);
  const replySchema = typedReplySchema(spec, sets);
  try {
    const { value, usage } = await completeStructured(
      client,
      options,
      {
        messages: typedPrompt(question, earlier, sets),
        seed: question.seed,
        schemaName: `typed_${spec.type}`,
        schema: typedJsonSchema(spec, sets),
        read: (content) => parseModelJson(content, replySchema, spec.type),
        logContext: { persona: persona.name, type: spec.type },
        unusable: (problem) =>
          `${persona.name}'s ${spec.type} answer could not be read: ${problem}`,
        schemaRetries: TYPED_SCHEMA_RETRIES,
      },
      signal,
    );
    return {
      typed: typedFromModel(value, spec, question.seed, persona.personaId, question.draws),
      usage,
    };
  } catch (error) {
    if (!(error instanceof UnusableReply)) throw error;
    options.logger.warn(
      { persona: persona.name, type: spec.type },
      'typed answer unreadable after a retry; its draws count as no answer',
    );
    return { typed: noTypedAnswer(spec, question.draws), usage: error.usage };
  }
}

/** The request failed (the SDK has retried what is worth retrying): the reason, for the customer. */
function unreachable(
  error: unknown,
  started: number,
  options: OpenAIEngineOptions,
  context: Record<string, unknown>,
): InferenceFailed {
  options.logger.warn({ err: error, ...context }, 'model request failed');
  const timedOut =
    error instanceof OpenAI.APIConnectionError && Date.now() - started >= options.timeoutMs;
  return new InferenceFailed(failureReason(error, timedOut));
}

/** The persona's rating in its own words: plain text, asked once more when empty or refused. */
async function ownWords(
  client: OpenAI,
  options: OpenAIEngineOptions,
  question: TypedPersonaQuestion & { spec: SpecOf<'scale'> },
  earlier: EngineAnswer,
  usage: EngineUsage,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const context = { persona: question.persona.name, type: 'scale', method: 'semantic-similarity' };
  for (let attempt = 1; attempt <= 1 + TYPED_SCHEMA_RETRIES; attempt++) {
    if (attempt > 1) await pause(options.backoffMs ?? 250, signal);
    const started = Date.now();
    let completion: OpenAI.Chat.ChatCompletion;
    try {
      completion = await client.chat.completions.create(
        {
          model: options.model,
          messages: ownWordsPrompt(question, earlier),
          temperature: options.temperature,
          seed: question.seed,
        },
        { signal },
      );
    } catch (error) {
      throw unreachable(error, started, options, context);
    }
    usage.modelCalls += 1;
    usage.inputTokens += completion.usage?.prompt_tokens ?? 0;
    usage.outputTokens += completion.usage?.completion_tokens ?? 0;
    const message = completion.choices[0]?.message;
    const text = message?.refusal ? undefined : message?.content?.trim();
    if (text) return text;
    options.logger.warn({ ...context, attempt }, 'rating in own words was empty');
  }
  return undefined;
}

/**
 * Semantic-similarity rating (Maier et al. 2025): the persona's words and a
 * sentence for each point are embedded in one request, and the points'
 * probabilities are their cosine similarities to the words, less the lowest,
 * over their sum.
 */
async function semanticScale(
  client: OpenAI,
  options: OpenAIEngineOptions,
  question: TypedPersonaQuestion & { spec: SpecOf<'scale'> },
  earlier: EngineAnswer,
  signal?: AbortSignal,
): Promise<TypedEngineResult> {
  const { spec, persona } = question;
  const usage: EngineUsage = { inputTokens: 0, outputTokens: 0, modelCalls: 0 };
  const unanswered = () => ({ typed: noTypedAnswer(spec, question.draws), usage });
  const words = await ownWords(client, options, question, earlier, usage, signal);
  if (words === undefined) return unanswered();
  const anchors = anchorSentences(spec);
  const started = Date.now();
  let embedded: OpenAI.CreateEmbeddingResponse;
  try {
    embedded = await client.embeddings.create(
      {
        model: options.embeddingModel ?? DEFAULT_EMBEDDING_MODEL,
        input: [words, ...anchors],
        encoding_format: 'float',
      },
      { signal },
    );
  } catch (error) {
    throw unreachable(error, started, options, { persona: persona.name, type: 'embeddings' });
  }
  usage.modelCalls += 1;
  usage.inputTokens += embedded.usage?.prompt_tokens ?? 0;
  const vectors = [...embedded.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
  const width = vectors[0]?.length ?? 0;
  if (
    vectors.length !== anchors.length + 1 ||
    width === 0 ||
    vectors.some(
      (v) => !Array.isArray(v) || v.length !== width || v.some((x) => !Number.isFinite(x)),
    )
  ) {
    options.logger.warn(
      { persona: persona.name, vectors: vectors.length, expected: anchors.length + 1 },
      'embeddings unreadable; the rating counts as no answer',
    );
    return unanswered();
  }
  const probabilities = similarityDistribution(vectors[0]!, vectors.slice(1));
  return {
    typed: typedFromModel(
      { type: 'scale', probabilities },
      spec,
      question.seed,
      persona.personaId,
      question.draws,
    ),
    usage,
  };
}

/** What a typed answer is expected to take: calls, prompt and reply tokens. */
export function expectedTypedUsage(question: TypedPersonaQuestion): EngineUsage {
  const { spec } = question;
  const earlier = { response: '' };
  if (spec.type === 'scale' && question.ratingMethod === 'semantic-similarity') {
    const prompt = ownWordsPrompt({ ...question, spec }, earlier);
    return {
      modelCalls: 2,
      inputTokens:
        estimateTokens(prompt.map((m) => m.content).join('\n')) +
        EARLIER_ANSWER_TOKENS +
        OWN_WORDS_TOKENS +
        estimateTokens(anchorSentences(spec).join('\n')),
      outputTokens: OWN_WORDS_TOKENS,
    };
  }
  const sets = setsOf(question);
  const prompt = typedPrompt(question, earlier, sets);
  return {
    modelCalls: 1,
    inputTokens:
      estimateTokens(prompt.map((m) => m.content).join('\n')) +
      estimateTokens(JSON.stringify(typedJsonSchema(spec, sets))) +
      EARLIER_ANSWER_TOKENS,
    outputTokens: estimateTokens(JSON.stringify(exampleTypedReply(spec, sets))),
  };
}
