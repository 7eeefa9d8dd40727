import {
  type AggregatedResults,
  aggregateResponses,
  type PersonaAnswer,
  type PersonaAttributeName,
  type PersonaResponse,
  personaResponseSchema,
} from '@chorus/contracts';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/inference';
import type { Logger } from '@chorus/service-kit';
import type pLimit from 'p-limit';
import { type InferenceEngine, InferenceFailed } from './engines/engine';

export interface AnsweredQuestion {
  responses: PersonaResponse[];
  aggregatedResults: AggregatedResults;
}

const noBusiness: BusinessContext = {
  productName: '',
  productDescription: '',
  industry: '',
  facts: [],
};

/** The attribute a grounding name refers to, so an empty one (no gender given) is not cited. */
function attributeValue(persona: PersonaProfile, name: PersonaAttributeName): unknown {
  switch (name) {
    case 'safetyScores.economic':
    case 'safetyScores.world':
    case 'safetyScores.local':
    case 'safetyScores.occupation':
      return persona.safetyScores;
    default:
      return persona[name];
  }
}

/**
 * Keeps only grounds that exist: attributes the persona has and profile
 * fields the persona was told about, each once. A model may cite more.
 */
export function groundedIn(
  answer: PersonaAnswer,
  persona: PersonaProfile,
  business: BusinessContext,
): PersonaAnswer['grounding'] {
  const known = new Set(business.facts.map((f) => f.field));
  return {
    personaAttributes: [...new Set(answer.grounding.personaAttributes)].filter((name) => {
      const value = attributeValue(persona, name);
      return value !== undefined && value !== '' && value !== 0;
    }),
    profileFields: [...new Set(answer.grounding.profileFields)].filter((name) => known.has(name)),
  };
}

/**
 * Answers a question as every persona at once, bounded by a limit the whole
 * process shares (so many questions together never exceed it), checks every
 * answer against the response schema and aggregates them. The first persona
 * that cannot answer fails the question; the others are stopped.
 */
export class Answering {
  constructor(
    private readonly deps: {
      engine: InferenceEngine;
      limit: pLimit.Limit;
      logger: Logger;
    },
  ) {}

  get engineName(): InferenceEngine['name'] {
    return this.deps.engine.name;
  }

  /** Callers may have no business context (a product without a profile): then nothing is known of it. */
  async answer(
    question: {
      questionText: string;
      personas: PersonaProfile[];
      business: BusinessContext | undefined;
    },
    signal?: AbortSignal,
  ): Promise<AnsweredQuestion> {
    const { engine, limit } = this.deps;
    const business = question.business ?? noBusiness;
    const stop = new AbortController();
    const stopAll = () => stop.abort();
    signal?.addEventListener('abort', stopAll, { once: true });
    try {
      const responses = await Promise.all(
        question.personas.map((persona) =>
          limit(async (): Promise<PersonaResponse> => {
            if (stop.signal.aborted) throw new InferenceFailed('Answering was stopped.');
            try {
              const answer = await engine.answer(
                { questionText: question.questionText, persona, business },
                stop.signal,
              );
              const checked = personaResponseSchema.safeParse({
                ...answer,
                grounding: groundedIn(answer, persona, business),
                personaId: persona.personaId,
                personaName: persona.name,
              });
              if (!checked.success) {
                this.deps.logger.warn(
                  { persona: persona.name, issues: checked.error.issues },
                  'answer failed the response schema',
                );
                throw new InferenceFailed(`The answer for ${persona.name} could not be read.`);
              }
              return checked.data;
            } catch (error) {
              stop.abort();
              throw error;
            }
          }),
        ),
      );
      return { responses, aggregatedResults: aggregateResponses(responses) };
    } finally {
      signal?.removeEventListener('abort', stopAll);
    }
  }
}
