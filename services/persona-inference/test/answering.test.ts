import type { PersonaAnswer } from '@chorus/contracts';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import pLimit from 'p-limit';
import { Answering } from '../src/answering';
import { type InferenceEngine, InferenceFailed, type PersonaQuestion } from '../src/engines/engine';
import { business, everyPersona, personas } from './fixtures';

const answerOf = (opinion: PersonaAnswer['opinion']): PersonaAnswer => ({
  opinion,
  confidence: 0.6,
  safetyInfluence: 'low',
  response: 'I think so.',
  reasoning: 'Because.',
  grounding: { personaAttributes: ['income'], profileFields: ['pricingModels'] },
});

/** An engine whose answers the test releases by hand, so concurrency can be watched. */
class HeldEngine implements InferenceEngine {
  readonly name = 'local';
  readonly waiting: { persona: string; release: (answer: PersonaAnswer | Error) => void }[] = [];
  inFlight = 0;
  maxInFlight = 0;
  aborted = 0;

  answer(question: PersonaQuestion, signal?: AbortSignal): Promise<PersonaAnswer> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return new Promise<PersonaAnswer>((resolve, reject) => {
      let settled = false;
      const settle = () => {
        if (settled) return false;
        settled = true;
        this.inFlight -= 1;
        return true;
      };
      signal?.addEventListener('abort', () => {
        if (!settle()) return;
        this.aborted += 1;
        reject(new InferenceFailed('stopped'));
      });
      this.waiting.push({
        persona: question.persona.name,
        release: (outcome) => {
          if (!settle()) return;
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
        },
      });
    });
  }
}

const until = (condition: () => boolean) =>
  eventually(condition, { intervalMs: 1, timeoutMs: 5_000 });

describe('Answering', () => {
  it('answers every persona, at most the limit at once, and aggregates', async () => {
    const engine = new HeldEngine();
    const answering = new Answering({ engine, limit: pLimit(3), logger: testLogger() });
    const pending = answering.answer({
      questionText: 'Is it worth it?',
      personas: everyPersona,
      business,
    });
    let released = 0;
    while (released < everyPersona.length) {
      await until(() => engine.waiting.length > 0);
      expect(engine.inFlight).toBeLessThanOrEqual(3);
      engine.waiting.shift()!.release(answerOf(released % 2 === 0 ? 'positive' : 'negative'));
      released += 1;
    }
    const result = await pending;
    expect(engine.maxInFlight).toBe(3);
    expect(result.responses.map((r) => r.personaName)).toEqual(everyPersona.map((p) => p.name));
    expect(result.responses.map((r) => r.personaId)).toEqual(everyPersona.map((p) => p.personaId));
    expect(result.aggregatedResults.positive + result.aggregatedResults.negative).toBe(100);
  });

  it('shares one limit between questions answered at the same time', async () => {
    const engine = new HeldEngine();
    const answering = new Answering({ engine, limit: pLimit(4), logger: testLogger() });
    const questions = [0, 1, 2].map(() =>
      answering.answer({ questionText: 'Is it worth it?', personas: everyPersona, business }),
    );
    for (let i = 0; i < everyPersona.length * 3; i++) {
      await until(() => engine.waiting.length > 0);
      engine.waiting.shift()!.release(answerOf('neutral'));
    }
    await Promise.all(questions);
    expect(engine.maxInFlight).toBe(4);
  });

  it('fails the question with the reason of the first persona that fails, and stops the rest', async () => {
    const engine = new HeldEngine();
    const answering = new Answering({ engine, limit: pLimit(3), logger: testLogger() });
    const pending = answering.answer({
      questionText: 'Is it worth it?',
      personas: everyPersona,
      business,
    });
    await until(() => engine.waiting.length === 3);
    engine.waiting.shift()!.release(new InferenceFailed('The AI service did not answer in time.'));
    await expect(pending).rejects.toThrow('The AI service did not answer in time.');
    // The two in flight are stopped; the queued ones never start.
    await until(() => engine.aborted === 2);
    expect(engine.inFlight).toBe(0);
  });

  it('keeps only grounds that exist, and refuses an answer that breaks the schema', async () => {
    const engine: InferenceEngine = {
      name: 'openai',
      answer: async ({ persona }) => ({
        ...answerOf('positive'),
        confidence: persona.name === 'Marcus Johnson' ? 2 : 0.5,
        grounding: {
          personaAttributes: ['gender', 'income', 'income'],
          profileFields: ['pricingModels', 'marketShare'],
        },
      }),
    };
    const answering = new Answering({ engine, limit: pLimit(2), logger: testLogger() });
    const { responses } = await answering.answer({
      questionText: 'Is it worth it?',
      personas: [{ ...personas.rosa, gender: '' }],
      business,
    });
    expect(responses[0]!.grounding).toEqual({
      personaAttributes: ['income'],
      profileFields: ['pricingModels'],
    });
    await expect(
      answering.answer({ questionText: 'Is it worth it?', personas: [personas.marcus], business }),
    ).rejects.toThrow('The answer for Marcus Johnson could not be read.');
  });
});
