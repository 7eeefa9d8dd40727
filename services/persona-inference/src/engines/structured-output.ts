import type { Logger } from '@chorus/service-kit';
import OpenAI from 'openai';
import type { ModelJson } from './model-json';
import { type EngineUsage, InferenceFailed } from './engine';

/**
 * Reaching an OpenAI-compatible model: the client, strict structured output
 * read and checked with retries, and the reasons a customer reads when the
 * model cannot be reached. Every engine that asks a model goes through here.
 */

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
  /** The embeddings model of the semantic-similarity rating; text-embedding-3-small when absent. */
  embeddingModel?: string;
}

/** Every attempt gave a reply that broke its schema: what was paid for them comes with it. */
export class UnusableReply extends InferenceFailed {
  constructor(
    message: string,
    readonly usage: EngineUsage,
  ) {
    super(message);
    this.name = 'UnusableReply';
  }
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
interface StructuredRequest<T> {
  messages: OpenAI.Chat.ChatCompletionMessageParam[];
  seed?: number;
  schemaName: string;
  schema: Record<string, unknown>;
  read: (content: string | null | undefined) => ModelJson<T>;
  /** Said in every log line of this request. */
  logContext: Record<string, unknown>;
  /** What the customer reads when no attempt gave a usable reply. */
  unusable: (problem: string) => string;
  /** Further attempts after a reply that breaks the schema; the options' retries when absent. */
  schemaRetries?: number;
}

/**
 * Strict structured output, read and checked: a reply that fails its schema
 * is asked for again with backoff, up to the retries, then refused with
 * `unusable` (an UnusableReply); a request that fails (the SDK has already retried what is worth
 * retrying) is refused with the reason. Usage counts every call made.
 */
export async function completeStructured<T>(
  client: OpenAI,
  options: OpenAIEngineOptions,
  request: StructuredRequest<T>,
  signal?: AbortSignal,
): Promise<{ value: T; usage: EngineUsage }> {
  const { model, logger } = options;
  const retries = request.schemaRetries ?? options.retries;
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
    if (attempt > retries) throw new UnusableReply(request.unusable(parsed.problem), usage);
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

/** Waits `ms`, or rejects as soon as the signal aborts; its abort listener goes when the wait ends. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new InferenceFailed('Answering was stopped.'));
      return;
    }
    const stopped = () => {
      clearTimeout(timer);
      reject(new InferenceFailed('Answering was stopped.'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stopped);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stopped, { once: true });
  });
}
