import {
  type GivenTraits,
  MAX_ANSWER_TEXT,
  MAX_PANEL_SIZE,
  maxCustomerRows,
  type ModelPrice,
} from '@chorus/contracts';
import type { PersonaInferenceServiceService } from '@chorus/proto/inference/v1/inference';
import type { GivenTraits as GivenTraitsMessage } from '@chorus/proto/inference/v1/panels';
import { type AsyncServiceImplementation, InvalidArgument, Unavailable } from '@chorus/service-kit';
import { checkOptions } from '@chorus/research/wording';
import {
  personaResponseToMessage,
  runDetailsToMessage,
  specFromMessage,
} from '@chorus/service-kit/wire';
import { type Answering, typedOptions } from './answering';
import { checkWordingWithJudge, type WordingJudgeService } from './domain/wording-judge';
import { InferenceFailed } from './engines/engine';
import { estimatePanelBuild, type PanelBuilder } from './engines/panel-builder';
import { buildAll, type PersonaBuilder } from './engines/persona-builder';

/** A follow-up message's length at most. */
const MAX_FOLLOW_UP_LENGTH = 1_000;

const noBusinessContext = { productName: '', productDescription: '', industry: '', facts: [] };

/** Personas asked in one Answer call at most; more would hold the shared limit too long. */
const MAX_PERSONAS_PER_CALL = 100;

function checkPersonas(personas: { personaId: string; name: string }[]): void {
  if (personas.length === 0) throw new InvalidArgument('at least one persona is required');
  if (personas.length > MAX_PERSONAS_PER_CALL) {
    throw new InvalidArgument(`at most ${MAX_PERSONAS_PER_CALL} personas per call`);
  }
  if (personas.some((p) => !p.personaId || !p.name.trim())) {
    throw new InvalidArgument('every persona needs a personaId and a name');
  }
}

/** A source's stated traits: the fields that are set and not blank. */
function givenOf(message: GivenTraitsMessage | undefined): GivenTraits {
  const given: GivenTraits = {};
  for (const [field, value] of Object.entries(message ?? {})) {
    if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) {
      (given as Record<string, unknown>)[field] = value;
    }
  }
  return given;
}

/** gRPC handlers: the single-shot Answer call, and the estimates before asking or building. */
export function inferenceHandlers(deps: {
  answering: Answering;
  builder: PersonaBuilder;
  /** A model's verdict on the wording, when a model is configured. */
  judge?: WordingJudgeService;
  /** The market panel builder and the prices its estimate is priced with. */
  panels: { builder: PanelBuilder; prices: Record<string, ModelPrice> };
}): AsyncServiceImplementation<typeof PersonaInferenceServiceService> {
  return {
    async estimatePanelBuild(request) {
      if (!Number.isInteger(request.size) || request.size < 1 || request.size > MAX_PANEL_SIZE) {
        throw new InvalidArgument(`size must be between 1 and ${MAX_PANEL_SIZE}`);
      }
      const estimate = estimatePanelBuild(deps.panels.builder, deps.panels.prices, request.size);
      return {
        ...estimate,
        hasPrice: estimate.costUsd !== undefined,
        costUsd: estimate.costUsd ?? 0,
      };
    },

    async buildPersonas(request, { signal }) {
      if (request.sources.length === 0)
        throw new InvalidArgument('at least one source is required');
      if (request.sources.length > maxCustomerRows) {
        throw new InvalidArgument(`at most ${maxCustomerRows} sources per call`);
      }
      if (request.templates.length === 0) {
        throw new InvalidArgument('at least one template is required');
      }
      const sources = request.sources.map((source) => ({
        text: source.text,
        given: givenOf(source.given),
      }));
      const { outcomes, usage } = await buildAll(deps.builder, sources, request.templates, {
        signal,
      });
      return {
        personas: outcomes.map((outcome) =>
          outcome.ok
            ? {
                persona: {
                  personaId: '',
                  ...outcome.built.traits,
                  gender: outcome.built.traits.gender ?? '',
                  safetyScores: outcome.built.safetyScores,
                },
                givenFields: outcome.built.givenFields,
                failure: '',
              }
            : { givenFields: [], failure: outcome.failure },
        ),
        builtBy: deps.builder.builtBy,
        ...usage,
      };
    },

    async answer(request, { signal }) {
      const questionText = request.questionText.trim();
      if (!questionText) throw new InvalidArgument('questionText is required');
      if (questionText.length > MAX_ANSWER_TEXT) {
        throw new InvalidArgument(`questionText must be at most ${MAX_ANSWER_TEXT} characters`);
      }
      checkPersonas(request.personas);
      try {
        const answered = await deps.answering.answer(
          {
            questionText,
            personas: request.personas,
            business: request.business,
            seed: request.seed,
          },
          { signal },
        );
        return {
          responses: answered.responses.map(personaResponseToMessage),
          aggregatedResults: answered.aggregatedResults,
          engine: deps.answering.engineName,
          runDetails: runDetailsToMessage(answered.run),
        };
      } catch (error) {
        if (error instanceof InferenceFailed) throw new Unavailable(error.message);
        throw error;
      }
    },

    async *followUp(request, { signal }) {
      const message = request.message.trim();
      if (!message) throw new InvalidArgument('message is required');
      if (message.length > MAX_FOLLOW_UP_LENGTH) {
        throw new InvalidArgument(`message must be at most ${MAX_FOLLOW_UP_LENGTH} characters`);
      }
      if (!request.persona?.personaId || !request.persona.name.trim()) {
        throw new InvalidArgument('a persona with a personaId and a name is required');
      }
      if (!request.earlierAnswer)
        throw new InvalidArgument("the persona's earlier answer is required");
      try {
        for await (const piece of deps.answering.followUp(
          {
            questionText: request.questionText,
            persona: request.persona,
            business: request.business ?? noBusinessContext,
            earlierAnswer: request.earlierAnswer,
            turns: request.turns,
            message,
            seed: request.seed || 1,
          },
          signal,
        )) {
          if ('text' in piece) {
            yield { text: piece.text, done: false, inputTokens: 0, outputTokens: 0 };
          } else {
            yield {
              text: '',
              done: true,
              inputTokens: piece.usage.inputTokens,
              outputTokens: piece.usage.outputTokens,
              modelCalls: piece.usage.modelCalls,
              costUsd: piece.costUsd,
            };
          }
        }
      } catch (error) {
        if (error instanceof InferenceFailed) throw new Unavailable(error.message);
        throw error;
      }
    },

    async estimate(request, { signal }) {
      const questionText = request.questionText.trim();
      if (!questionText) throw new InvalidArgument('questionText is required');
      if (questionText.length > MAX_ANSWER_TEXT) {
        throw new InvalidArgument(`questionText must be at most ${MAX_ANSWER_TEXT} characters`);
      }
      if (request.personas.length > MAX_PERSONAS_PER_CALL * 10) {
        throw new InvalidArgument(`at most ${MAX_PERSONAS_PER_CALL * 10} personas`);
      }
      if (
        request.scaleTo !== undefined &&
        (request.scaleTo < 0 || request.scaleTo > MAX_PANEL_SIZE)
      ) {
        throw new InvalidArgument(`scaleTo must be between 0 and ${MAX_PANEL_SIZE}`);
      }
      const spec = specFromMessage(request.spec);
      const estimate = await deps.answering.estimate(
        {
          questionText,
          personas: request.personas,
          business: request.business,
          seed: request.seed,
          checkWording: request.checkWording,
          ...typedOptions(spec),
        },
        { scaleTo: request.scaleTo || undefined },
      );
      return {
        ...estimate,
        hasPrice: estimate.costUsd !== undefined,
        costUsd: estimate.costUsd ?? 0,
        wording: await checkWordingWithJudge(questionText, deps.judge, signal),
        optionFindings: spec ? checkOptions(spec) : [],
      };
    },
  };
}
