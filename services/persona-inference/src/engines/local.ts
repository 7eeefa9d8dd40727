import { createHash } from 'node:crypto';
import { answerAs } from '../domain/local-reasoning';
import type { EngineResult, InferenceEngine, PersonaQuestion } from './engine';

/** Changes whenever the local reasoning changes what it answers, so cached answers follow. */
export const LOCAL_REASONING_VERSION = 'local-reasoning 2 (distributions)';

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

  answer(question: PersonaQuestion): Promise<EngineResult> {
    const {
      opinion: _opinion,
      confidence: _confidence,
      ...answer
    } = answerAs(question.questionText, question.persona, question.business);
    return Promise.resolve({ answer, usage: { inputTokens: 0, outputTokens: 0, modelCalls: 0 } });
  }

  promptTokens(): number {
    return 0;
  }
}
