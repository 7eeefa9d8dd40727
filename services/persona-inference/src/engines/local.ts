import type { PersonaAnswer } from '@chorus/contracts';
import { answerAs } from '../domain/local-reasoning';
import type { InferenceEngine, PersonaQuestion } from './engine';

/**
 * Answers without any model: reasons from the persona's attributes against
 * what the question is about (see domain/local-reasoning/). Deterministic, so
 * the same question to the same personas always gets the same answers.
 */
export class LocalEngine implements InferenceEngine {
  readonly name = 'local';

  answer(question: PersonaQuestion): Promise<PersonaAnswer> {
    return Promise.resolve(answerAs(question.questionText, question.persona, question.business));
  }
}
