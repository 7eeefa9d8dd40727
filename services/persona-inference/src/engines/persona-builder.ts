import {
  customTraitFields,
  type CustomTraitField,
  type CustomTraits,
  givenFields,
  MAX_PERSONA_AGE,
  MIN_PERSONA_AGE,
  maxTraitLength,
  type PersonaSourceFacts,
  type SafetyScores,
} from '@chorus/contracts';
import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { setMaxListeners } from 'node:events';
import type OpenAI from 'openai';
import pLimit from 'p-limit';
import { z } from 'zod';
import { aboutPersona } from '../domain/prompt';
import { closestTemplates, composePersona, withGivenTraits } from '../domain/persona-building';
import { type EngineUsage, InferenceFailed } from './engine';
import { parseModelJson } from './model-json';
import { completeStructured, openAIClient, type OpenAIEngineOptions } from './openai';

/** A persona built from one source: its traits, safety scores, and which traits the source stated. */
interface BuiltPersona {
  traits: CustomTraits;
  safetyScores: SafetyScores;
  givenFields: CustomTraitField[];
}

/**
 * Builds personas of a business's own customers: the local builder composes
 * them from the closest templates; the OpenAI builder asks a model for the
 * template's fields as structured output.
 */
export interface PersonaBuilder {
  /** "local" or "openai:<model>", stored with every persona it builds. */
  readonly builtBy: string;
  /** Throws InferenceFailed, with the reason, when no valid persona could be had. */
  build(
    source: PersonaSourceFacts,
    templates: readonly PersonaProfile[],
    signal?: AbortSignal,
  ): Promise<{ built: BuiltPersona; usage: EngineUsage }>;
}

export class LocalPersonaBuilder implements PersonaBuilder {
  readonly builtBy = 'local';

  build(source: PersonaSourceFacts, templates: readonly PersonaProfile[]) {
    const composed = composePersona(source, templates);
    return Promise.resolve({
      built: { ...composed, givenFields: givenFields(source.given) },
      usage: { inputTokens: 0, outputTokens: 0, modelCalls: 0 },
    });
  }
}

const text = (max: number) => z.string().trim().min(1).max(max);
const score = z.number().min(0).max(10);

/** What the model must give: a template's fields, safety scores, and the traits it read in the source. */
const modelPersona = z.object({
  name: text(200),
  age: z.number().int().min(MIN_PERSONA_AGE).max(MAX_PERSONA_AGE),
  gender: z.string().trim().max(50).nullable(),
  occupation: text(200),
  location: text(200),
  income: text(200),
  lifestyle: text(2000),
  motivations: text(2000),
  personality: text(2000),
  safetyScores: z.object({ economic: score, world: score, local: score, occupation: score }),
  statedFields: z.array(z.enum(customTraitFields)),
});

/** The strict JSON schema of the structured output (every property required, no others). */
function personaJsonSchema() {
  const string = { type: 'string' };
  const number = { type: 'number', minimum: 0, maximum: 10 };
  return {
    type: 'object',
    additionalProperties: false,
    required: [...customTraitFields, 'safetyScores', 'statedFields'],
    properties: {
      name: string,
      age: { type: 'integer', minimum: MIN_PERSONA_AGE, maximum: MAX_PERSONA_AGE },
      gender: { type: ['string', 'null'] },
      occupation: string,
      location: string,
      income: string,
      lifestyle: string,
      motivations: string,
      personality: string,
      safetyScores: {
        type: 'object',
        additionalProperties: false,
        required: ['economic', 'world', 'local', 'occupation'],
        properties: { economic: number, world: number, local: number, occupation: number },
      },
      statedFields: { type: 'array', items: { type: 'string', enum: [...customTraitFields] } },
    },
  };
}

/** The messages asking a model to build one persona. */
function buildPrompt(source: PersonaSourceFacts, examples: readonly PersonaProfile[]) {
  const stated = givenFields(source.given).map((field) => `- ${field}: ${source.given[field]}`);
  return [
    {
      role: 'system' as const,
      content: [
        'You turn what a business knows about one of its real customers into a persona for market research, with the same fields as the example personas.',
        '- Keep every fact the source states exactly; fill the rest with what is most plausible for this customer, consistent with the stated facts. Invent nothing extreme.',
        '- Every filled-in trait must fit the stated ones: an income in the currency of the place they live, in line with their job and their spending habits (someone who keeps spending tight earns modestly and is price-sensitive); a life that matches their job and place. The example personas show the format only: do not copy their lives.',
        "- Use the source's own words (notes, interview, description) in lifestyle, motivations and personality.",
        '- Safety scores are how secure the customer feels, each from 0 to 10 (10 = completely secure): economic, the wider world, the local area, their job or business.',
        `- income as people say it, e.g. "€2,400/month"; lifestyle, motivations and personality a sentence or two each; at most ${maxTraitLength('lifestyle')} characters.`,
        '- statedFields: the fields the source itself states (not the ones you filled in).',
        '- Answer with JSON only.',
      ].join('\n'),
    },
    {
      role: 'user' as const,
      content: [
        'The source:',
        source.text,
        ...(stated.length > 0 ? ['', 'Facts read from it:', ...stated] : []),
        '',
        'Example personas:',
        ...examples.flatMap((example) => ['', `${example.name}:`, ...aboutPersona(example)]),
      ].join('\n'),
    },
  ];
}

/** The model's message as a persona, or what is wrong with it. */
export function parseModelPersona(
  content: string | null | undefined,
): { ok: true; persona: z.output<typeof modelPersona> } | { ok: false; problem: string } {
  const parsed = parseModelJson(content, modelPersona, 'persona');
  return parsed.ok ? { ok: true, persona: parsed.value } : parsed;
}

/** The builder reaches the model as the answering engine does. */
type OpenAIPersonaBuilderOptions = OpenAIEngineOptions;

/**
 * A chat-completions model fills the template's fields as strict structured
 * output, checked against the persona schema; an invalid persona is asked for
 * again with backoff, up to the retries, then refused with the reason. Stated
 * traits are kept as the source says them whatever the model wrote.
 */
export class OpenAIPersonaBuilder implements PersonaBuilder {
  private readonly client: OpenAI;

  get builtBy(): string {
    return `openai:${this.options.model}`;
  }

  constructor(private readonly options: OpenAIPersonaBuilderOptions) {
    this.client = openAIClient(options);
  }

  async build(
    source: PersonaSourceFacts,
    templates: readonly PersonaProfile[],
    signal?: AbortSignal,
  ): Promise<{ built: BuiltPersona; usage: EngineUsage }> {
    const { value, usage } = await completeStructured(
      this.client,
      this.options,
      {
        messages: buildPrompt(source, closestTemplates(source.given, templates)),
        schemaName: 'customer_persona',
        schema: personaJsonSchema(),
        read: (content) => {
          const parsed = parseModelPersona(content);
          return parsed.ok ? { ok: true, value: parsed.persona } : parsed;
        },
        logContext: {},
        unusable: (problem) =>
          `The AI service gave an unusable persona (${problem}). Please try again.`,
      },
      signal,
    );
    const { safetyScores, statedFields, ...traits } = value;
    const stated = new Set<CustomTraitField>([...givenFields(source.given), ...statedFields]);
    return {
      built: {
        traits: withGivenTraits(traits, source.given),
        safetyScores,
        givenFields: customTraitFields.filter((field) => stated.has(field)),
      },
      usage,
    };
  }
}

/** Model calls of one build running at once (100 rows at 500 ms a call: 7 rounds, about 3.5 s). */
const BUILD_CONCURRENCY = 16;

type BuildOutcome = { ok: true; built: BuiltPersona } | { ok: false; failure: string };

/** Every source built, a bounded number at a time; a failed one says why and the rest go on. */
export async function buildAll(
  builder: PersonaBuilder,
  sources: readonly PersonaSourceFacts[],
  templates: readonly PersonaProfile[],
  options: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<{ outcomes: BuildOutcome[]; usage: EngineUsage }> {
  const concurrency = options.concurrency ?? BUILD_CONCURRENCY;
  const limit = pLimit(concurrency);
  // One listener per call in flight (see below), more than the default ten.
  if (options.signal) setMaxListeners(concurrency + 10, options.signal);
  const usage: EngineUsage = { inputTokens: 0, outputTokens: 0, modelCalls: 0 };
  const outcomes = await Promise.all(
    sources.map((source) =>
      limit(async (): Promise<BuildOutcome> => {
        // Each call listens to a signal of its own, so the request's signal holds
        // one listener per call in flight, not every listener of every call made.
        const own = new AbortController();
        const stop = () => own.abort();
        options.signal?.addEventListener('abort', stop, { once: true });
        try {
          const result = await builder.build(source, templates, own.signal);
          usage.inputTokens += result.usage.inputTokens;
          usage.outputTokens += result.usage.outputTokens;
          usage.modelCalls += result.usage.modelCalls;
          return { ok: true, built: result.built };
        } catch (error) {
          if (error instanceof InferenceFailed) return { ok: false, failure: error.message };
          throw error;
        } finally {
          options.signal?.removeEventListener('abort', stop);
        }
      }),
    ),
  );
  return { outcomes, usage };
}
