import type { EngineAnswer } from '@chorus/contracts';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { answerAs } from '../domain/local-reasoning';
import { followUpReply } from '../domain/local-reasoning/follow-up';
import { localTypedAnswer } from '../domain/typed-answers';
import type {
  EngineResult,
  EngineUsage,
  FollowUpAsk,
  FollowUpPiece,
  InferenceEngine,
  PersonaQuestion,
  TypedEngineResult,
  TypedPersonaQuestion,
} from './engine';

/** The local engine writes its reply a few words at a time, as a model streams. */
const WORDS_PER_PIECE = 3;

/** Changes whenever the local reasoning changes what it answers, so cached answers follow. */
const LOCAL_REASONING_VERSION = 'local-reasoning 3 (most likely view, priced units)';

/** Changes whenever the local typed answers change, so cached typed answers follow. */
const TYPED_ANSWERS_VERSION = 'typed-answers 1 (leaning, fit, willingness to pay)';

const free = (): EngineUsage => ({ inputTokens: 0, outputTokens: 0, modelCalls: 0 });

/**
 * Answers without any model: reasons from the persona's attributes against
 * what the question is about (see domain/local-reasoning/). Deterministic, so
 * the same question to the same personas always gets the same distribution.
 * It costs nothing and makes no model calls.
 */
export class LocalEngine implements InferenceEngine {
  readonly name = 'local';
  readonly model = 'local';
  readonly temperature = 0;
  readonly promptTemplateHash = createHash('sha256')
    .update(LOCAL_REASONING_VERSION)
    .digest('hex')
    .slice(0, 12);
  readonly typedTemplateHash = createHash('sha256')
    .update(TYPED_ANSWERS_VERSION)
    .digest('hex')
    .slice(0, 12);

  answer(question: PersonaQuestion): Promise<EngineResult> {
    const {
      opinion: _opinion,
      confidence: _confidence,
      ...answer
    } = answerAs(question.questionText, question.persona, question.business);
    return Promise.resolve({ answer, usage: free() });
  }

  promptTokens(): number {
    return 0;
  }

  /**
   * A typed answer from the persona's reading and its leaning on the
   * question (domain/typed-answers.ts). A rating scale is always read
   * directly: there are no words of a model to compare.
   */
  answerTyped(question: TypedPersonaQuestion, earlier: EngineAnswer): Promise<TypedEngineResult> {
    const typed = localTypedAnswer({ ...question, distribution: earlier.distribution });
    return Promise.resolve({ typed, usage: free() });
  }

  typedUsage(): EngineUsage {
    return free();
  }

  /** A reply from the persona's reasons, given a few words at a time. */
  async *followUp(ask: FollowUpAsk, signal?: AbortSignal): AsyncGenerator<FollowUpPiece> {
    const words = followUpReply(ask).split(/(?<= )/);
    for (let i = 0; i < words.length; i += WORDS_PER_PIECE) {
      if (signal?.aborted) return;
      yield { text: words.slice(i, i + WORDS_PER_PIECE).join('') };
      await sleep(this.pieceDelayMs);
    }
    yield { usage: free() };
  }

  constructor(private readonly pieceDelayMs = 15) {}
}
