import { type EngineAnswer, engineAnswerSchema, estimateTokens } from '@chorus/contracts';
import { normalizeDistribution } from '@chorus/research';
import type { Logger } from '@chorus/service-kit';
import OpenAI from 'openai';
import { type ModelJson, parseModelJson } from './model-json';
import {
  answerJsonSchema,
  followUpPrompt,
  personaPrompt,
  promptTemplateHash,
} from '../domain/prompt';
import {
  type EngineResult,
  type FollowUpAsk,
  type FollowUpPiece,
  type EngineUsage,
  type InferenceEngine,
  InferenceFailed,
  type PersonaQuestion,
} from './engine';

export interface OpenAIEngineOptions {
  apiKey: string;
  /** Any OpenAI-compatible server; the OpenAI API when absent. */
  baseURL?: string;
  model: string;
  /** Sampling temperature of the model's text (the opinion is drawn in code from its distribution). */
  temperature: number;
  /** Per request; a slower answer counts as a failed attempt. */
  timeoutMs: number;
  /** Further attempts after a failed request or an unreadable answer. */
  retries: number;
  logger: Logger;
  /** First pause before trying again after an unreadable answer; doubles each time. */
  backoffMs?: number;
}

/** The model's message as an answer, or what is wrong with it. */
export function parseModelAnswer(content: string | null | undefined): ModelJson<EngineAnswer> {
  const parsed = parseModelJson(content, engineAnswerSchema, 'answer');
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    value: { ...parsed.value, distribution: normalizeDistribution(parsed.value.distribution) },
  };
}

/** The SDK's client for these options (its own retries are the options' retries). */
export function openAIClient(options: OpenAIEngineOptions): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    maxRetries: options.retries,
  });
}

/** One request for structured output: the prompt, the JSON schema, and how to read the reply. */
export interface StructuredRequest<T> {
  messages: OpenAI.Chat.ChatCompletionMessageParam[];
  seed?: number;
  schemaName: string;
  schema: Record<string, unknown>;
  read: (content: string | null | undefined) => ModelJson<T>;
  /** Said in every log line of this request. */
  logContext: Record<string, unknown>;
  /** What the customer reads when no attempt gave a usable reply. */
  unusable: (problem: string) => string;
}

/**
 * Strict structured output, read and checked: a reply that fails its schema
 * is asked for again with backoff, up to the retries, then refused with
 * `unusable`; a request that fails (the SDK has already retried what is worth
 * retrying) is refused with the reason. Usage counts every call made.
 */
export async function completeStructured<T>(
  client: OpenAI,
  options: OpenAIEngineOptions,
  request: StructuredRequest<T>,
  signal?: AbortSignal,
): Promise<{ value: T; usage: EngineUsage }> {
  const { model, retries, logger } = options;
  let delay = options.backoffMs ?? 250;
  const usage: EngineUsage = { inputTokens: 0, outputTokens: 0, modelCalls: 0 };
  for (let attempt = 1; ; attempt++) {
    let content: string | null | undefined;
    const started = Date.now();
    try {
      const completion = await client.chat.completions.create(
        {
          model,
          messages: request.messages,
          temperature: options.temperature,
          ...(request.seed === undefined ? {} : { seed: request.seed }),
          response_format: {
            type: 'json_schema',
            json_schema: { name: request.schemaName, strict: true, schema: request.schema },
          },
        },
        { signal },
      );
      usage.modelCalls += 1;
      usage.inputTokens += completion.usage?.prompt_tokens ?? 0;
      usage.outputTokens += completion.usage?.completion_tokens ?? 0;
      const message = completion.choices[0]?.message;
      content = message?.refusal ? undefined : message?.content;
    } catch (error) {
      logger.warn({ err: error, ...request.logContext, attempt }, 'model request failed');
      // A connection that failed only after the whole timeout timed out, whatever
      // the fetch implementation called its abort.
      const timedOut =
        error instanceof OpenAI.APIConnectionError && Date.now() - started >= options.timeoutMs;
      throw new InferenceFailed(failureReason(error, timedOut));
    }
    const parsed = request.read(content);
    if (parsed.ok) return { value: parsed.value, usage };
    logger.warn(
      { ...request.logContext, attempt, problem: parsed.problem },
      `model reply failed the ${request.schemaName} schema`,
    );
    if (attempt > retries) throw new InferenceFailed(request.unusable(parsed.problem));
    await pause(delay, signal);
    delay *= 2;
  }
}

/** What the customer reads when the model could not be reached. */
export function failureReason(error: unknown, timedOut: boolean): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError || timedOut) {
    return 'The AI service did not answer in time. Please try again.';
  }
  if (error instanceof OpenAI.APIUserAbortError) return 'Answering was stopped.';
  if (error instanceof OpenAI.RateLimitError) {
    return 'The AI service is busy right now. Please try again in a moment.';
  }
  if (
    error instanceof OpenAI.AuthenticationError ||
    error instanceof OpenAI.PermissionDeniedError
  ) {
    return 'The AI service refused our credentials. Please contact support.';
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return 'The AI service could not be reached. Please try again.';
  }
  if (error instanceof OpenAI.APIError) {
    return `The AI service failed (status ${error.status ?? 'unknown'}). Please try again.`;
  }
  return 'The AI service failed. Please try again.';
}

export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new InferenceFailed('Answering was stopped.'));
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new InferenceFailed('Answering was stopped.'));
      },
      { once: true },
    );
  });
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
