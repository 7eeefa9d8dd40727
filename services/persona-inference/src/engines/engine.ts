import type { EngineAnswer, TypedAnswer, TypedQuestionSpec } from '@chorus/contracts';
import type {
  BusinessContext,
  ConversationTurn,
  PersonaProfile,
  PersonaResponse,
} from '@chorus/proto/inference/v1/answers';

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

/** A rough token count of text (about four characters a token in English). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface EngineResult {
  answer: EngineAnswer;
  usage: EngineUsage;
}

/**
 * How a rating scale is asked: `direct` asks the model for its probability
 * of each point; `semantic-similarity` lets it answer in its own words and
 * reads the point from how close the words are to a sentence for each point
 * (Maier et al. 2025).
 */
export type RatingMethod = 'direct' | 'semantic-similarity';

/** One persona asked a typed question, beside its open answer to the question's text. */
export interface TypedPersonaQuestion extends PersonaQuestion {
  spec: TypedQuestionSpec;
  ratingMethod: RatingMethod;
  /** Seeded draws to take, with the persona's generator of the run. */
  draws: number;
}

export interface TypedEngineResult {
  typed: TypedAnswer;
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
  /** The same for typed answers: their prompts, or the local rules. */
  readonly typedTemplateHash?: string;
  /**
   * The persona's answer, valid against the engine answer schema of
   * @chorus/contracts; throws InferenceFailed when none could be had.
   */
  answer(question: PersonaQuestion, signal?: AbortSignal): Promise<EngineResult>;
  /** The prompt's size in tokens, for estimates before asking (0 for the local engine). */
  promptTokens(question: PersonaQuestion): number;
  /**
   * The persona's typed answer, its draws taken with the persona's generator
   * of the run; `earlier` is its open answer to the same text, so the two
   * agree. A reply that cannot be read is counted in `noAnswer`, never
   * invented; throws InferenceFailed only when the model cannot be reached.
   */
  answerTyped?(
    question: TypedPersonaQuestion,
    earlier: EngineAnswer,
    signal?: AbortSignal,
  ): Promise<TypedEngineResult>;
  /** What the typed answer is expected to take, for estimates before asking. */
  typedUsage?(question: TypedPersonaQuestion): EngineUsage;
  followUp?: FollowUpEngine['followUp'];
}

/** A follow-up message to one persona, with what it remembers. */
export interface FollowUpAsk {
  questionText: string;
  persona: PersonaProfile;
  business: BusinessContext;
  /** What the persona answered to the question. */
  earlierAnswer: PersonaResponse;
  /** The conversation before this message, oldest first. */
  turns: ConversationTurn[];
  message: string;
  seed: number;
}

/** A piece of a streamed reply, or, last, what the reply cost. */
export type FollowUpPiece = { text: string } | { usage: EngineUsage };

/** Follow-up interviews: a reply in the persona's voice, streamed as it is written. */
interface FollowUpEngine {
  /** Throws InferenceFailed (after any pieces already given) when no whole reply could be had. */
  followUp(ask: FollowUpAsk, signal?: AbortSignal): AsyncGenerator<FollowUpPiece>;
}

/** No answer could be had (after retries); the message is shown to the customer. */
export class InferenceFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InferenceFailed';
  }
}
