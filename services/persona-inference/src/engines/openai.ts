import { type EngineAnswer, engineAnswerSchema } from '@chorus/contracts';
import { normalizeDistribution } from '@chorus/research';
import OpenAI from 'openai';
import { type ModelJson, parseModelJson } from './model-json';
import {
  answerJsonSchema,
  followUpPrompt,
  personaPrompt,
  promptTemplateHash,
} from '../domain/prompt';
import { typedTemplateHash } from '../domain/typed-prompt';
import {
  type EngineResult,
  type FollowUpAsk,
  type FollowUpPiece,
  type EngineUsage,
  type InferenceEngine,
  InferenceFailed,
  type PersonaQuestion,
  type TypedEngineResult,
  type TypedPersonaQuestion,
  estimateTokens,
} from './engine';
import { answerTypedWithModel, expectedTypedUsage } from './openai-typed';
import {
  completeStructured,
  failureReason,
  openAIClient,
  type OpenAIEngineOptions,
} from './structured-output';

export { completeStructured, openAIClient, type OpenAIEngineOptions } from './structured-output';

/** The model's message as an answer, or what is wrong with it. */
export function parseModelAnswer(content: string | null | undefined): ModelJson<EngineAnswer> {
  const parsed = parseModelJson(content, engineAnswerSchema, 'answer');
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    value: { ...parsed.value, distribution: normalizeDistribution(parsed.value.distribution) },
  };
}

/**
 * Asks a chat-completions model (OpenAI, or any server that speaks its API)
 * to answer as the persona, with structured JSON output checked against the
 * answer schema. The SDK retries failed requests (timeouts, 429, 5xx) with
 * backoff; an answer that arrives but cannot be read is asked for again here,
 * with backoff, up to the same number of retries.
 */
export class OpenAIEngine implements InferenceEngine {
  readonly name = 'openai';
  readonly promptTemplateHash = promptTemplateHash();
  readonly typedTemplateHash = typedTemplateHash();
  private readonly client: OpenAI;

  get model(): string {
    return this.options.model;
  }

  get temperature(): number {
    return this.options.temperature;
  }

  promptTokens(question: PersonaQuestion): number {
    const messages = personaPrompt(question.questionText, question.persona, question.business);
    return (
      estimateTokens(messages.map((m) => m.content).join('\n')) +
      estimateTokens(JSON.stringify(answerJsonSchema(question.business)))
    );
  }

  constructor(private readonly options: OpenAIEngineOptions) {
    this.client = openAIClient(options);
  }

  async answer(question: PersonaQuestion, signal?: AbortSignal): Promise<EngineResult> {
    const { persona } = question;
    const { value, usage } = await completeStructured(
      this.client,
      this.options,
      {
        messages: personaPrompt(question.questionText, persona, question.business),
        seed: question.seed,
        schemaName: 'persona_answer',
        schema: answerJsonSchema(question.business),
        read: parseModelAnswer,
        logContext: { persona: persona.name },
        unusable: () =>
          `The AI service gave an unreadable answer for ${persona.name}. Please try again.`,
      },
      signal,
    );
    return { answer: value, usage };
  }

  /**
   * The persona's typed answer, asked after its open answer (which the model
   * is shown, so the two agree): one structured call, or two for a rating by
   * semantic similarity (its words, then their embeddings).
   */
  answerTyped(
    question: TypedPersonaQuestion,
    earlier: EngineAnswer,
    signal?: AbortSignal,
  ): Promise<TypedEngineResult> {
    return answerTypedWithModel(this.client, this.options, question, earlier, signal);
  }

  typedUsage(question: TypedPersonaQuestion): EngineUsage {
    return expectedTypedUsage(question);
  }

  /**
   * A follow-up reply streamed token by token (chat completions with
   * `stream: true`, usage in the last chunk). The SDK retries the request
   * before the first token; a stream that breaks after it fails with what was
   * said so far already given, so the caller can keep it as a partial reply.
   */
  async *followUp(ask: FollowUpAsk, signal?: AbortSignal): AsyncGenerator<FollowUpPiece> {
    const { model, logger } = this.options;
    const usage: EngineUsage = { inputTokens: 0, outputTokens: 0, modelCalls: 1 };
    const started = Date.now();
    let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
    try {
      stream = await this.client.chat.completions.create(
        {
          model,
          messages: followUpPrompt({
            ...ask,
            earlierAnswer: ask.earlierAnswer,
          }),
          temperature: this.options.temperature,
          seed: ask.seed,
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal },
      );
    } catch (error) {
      logger.warn({ err: error, persona: ask.persona.name }, 'follow-up request failed');
      const timedOut =
        error instanceof OpenAI.APIConnectionError &&
        Date.now() - started >= this.options.timeoutMs;
      throw new InferenceFailed(failureReason(error, timedOut));
    }
    try {
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield { text };
        if (chunk.usage) {
          usage.inputTokens = chunk.usage.prompt_tokens;
          usage.outputTokens = chunk.usage.completion_tokens;
        }
      }
    } catch (error) {
      if (error instanceof OpenAI.APIUserAbortError)
        throw new InferenceFailed('Answering was stopped.');
      logger.warn({ err: error, persona: ask.persona.name }, 'follow-up stream broke');
      throw new InferenceFailed(
        `${ask.persona.name}'s reply was cut off: the AI service stopped answering. Please retry.`,
      );
    }
    yield { usage };
  }
}
