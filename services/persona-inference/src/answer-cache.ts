import type { EngineAnswer } from '@chorus/contracts';
import { createHash } from 'node:crypto';
import type { InferenceEngine, PersonaQuestion } from './engines/engine';

/**
 * Persona answers kept by their run key: the engine, model, temperature,
 * prompt template, seed, question text, the persona's attributes and the
 * business profile it saw. The same run asked again is answered from here:
 * identical answers, no model call, no cost. Bounded: the least recently
 * used answers go first. One per process.
 */
export class AnswerCache {
  private readonly entries = new Map<string, EngineAnswer>();

  constructor(private readonly maxEntries: number) {}

  static key(engine: InferenceEngine, question: PersonaQuestion): string {
    return createHash('sha256')
      .update(
        JSON.stringify([
          engine.name,
          engine.model,
          engine.temperature,
          engine.promptTemplateHash,
          question.seed,
          question.questionText,
          question.persona,
          question.business,
        ]),
      )
      .digest('hex');
  }

  get(key: string): EngineAnswer | undefined {
    const found = this.entries.get(key);
    if (found) {
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(key: string, answer: EngineAnswer): void {
    if (this.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, answer);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
