import type { EngineAnswer } from '@chorus/contracts';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/inference';

/** One persona asked one question, with what it is told about the product. */
export interface PersonaQuestion {
  questionText: string;
  persona: PersonaProfile;
  business: BusinessContext;
  /** The run's seed; the OpenAI engine passes it to the model. */
  seed: number;
}

/** What the model calls of one answer took, retries included, from the API's usage field. */
export interface EngineUsage {
  inputTokens: number;
  outputTokens: number;
  modelCalls: number;
}

export interface EngineResult {
  answer: EngineAnswer;
  usage: EngineUsage;
}

/**
 * Answers a question as one persona: the probabilities of each opinion, the
 * answer in the persona's voice, the reasoning and its grounds. Two engines
 * implement it: the OpenAI engine (any OpenAI-compatible server) and the
 * local, deterministic engine.
 */
export interface InferenceEngine {
  readonly name: 'local' | 'openai';
  /** The model named in run details and priced ("local" for the local engine). */
  readonly model: string;
  readonly temperature: number;
  /** The prompt template's identity: a change to it makes earlier cached answers stale. */
  readonly promptTemplateHash: string;
  /**
   * The persona's answer, valid against the engine answer schema of
   * @chorus/contracts; throws InferenceFailed when none could be had.
   */
  answer(question: PersonaQuestion, signal?: AbortSignal): Promise<EngineResult>;
  /** The prompt's size in tokens, for estimates before asking (0 for the local engine). */
  promptTokens(question: PersonaQuestion): number;
}

/** No answer could be had (after retries); the message is shown to the customer. */
export class InferenceFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InferenceFailed';
  }
}
