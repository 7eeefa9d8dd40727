import type { PersonaAnswer } from '@chorus/contracts';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/inference';

/** One persona asked one question, with what it is told about the product. */
export interface PersonaQuestion {
  questionText: string;
  persona: PersonaProfile;
  business: BusinessContext;
}

/**
 * Answers a question as one persona. Two engines implement it: the OpenAI
 * engine (any OpenAI-compatible server) and the local, deterministic engine.
 */
export interface InferenceEngine {
  readonly name: 'local' | 'openai';
  /**
   * The persona's answer, valid against the answer schema of
   * @chorus/contracts; throws InferenceFailed when none could be had.
   */
  answer(question: PersonaQuestion, signal?: AbortSignal): Promise<PersonaAnswer>;
}

/** No answer could be had (after retries); the message is shown to the customer. */
export class InferenceFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InferenceFailed';
  }
}
