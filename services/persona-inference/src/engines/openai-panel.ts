import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { setMaxListeners } from 'node:events';
import type OpenAI from 'openai';
import type pLimit from 'p-limit';
import { z } from 'zod';
import { panelPersonas } from '../domain/panel-personas';
import { type EngineUsage, InferenceFailed, estimateTokens } from './engine';
import { type ModelJson, parseModelJson } from './model-json';
import type {
  BuiltPanelBatch,
  PanelBatch,
  PanelBuilder,
  PanelBuildEstimate,
} from './panel-builder';
import {
  completeStructured,
  openAIClient,
  type OpenAIEngineOptions,
  UnusableReply,
} from './structured-output';

/**
 * A market panel's personas with their lives written by a model: the
 * members of a batch are asked 20 to a call, each call giving the fixed
 * facts of its members (worked out in code, as the local builder does) and
 * asking, as strict structured output (`panel_personas`), for each member's
 * name, lifestyle, motivations and personality. Nothing else is taken from
 * the model: age, sex, occupation, place, income and the frame's traits are
 * the facts. A reply that fails its check (its schema, or a member missing,
 * twice or not asked for) is asked for once more, then the batch fails with
 * the reason. A request that fails is retried by the OpenAI SDK with
 * backoff (`maxRetries`: INFERENCE_RETRIES, 2 by default), honouring a
 * 429's retry-after; every call takes a slot of the process's shared limit.
 */

/** Members written by one model call. */
const PANEL_CALL_SIZE = 20;
const PANEL_SCHEMA_NAME = 'panel_personas';
/** Further asks after a reply that fails its check, before the batch fails. */
const PANEL_SCHEMA_RETRIES = 1;
/** A call writes twenty lives: it may take this long, or INFERENCE_TIMEOUT_MS when that is longer. */
const PANEL_CALL_TIMEOUT_MS = 120_000;
/** Tokens the model writes per persona (a name and three short paragraphs), for estimates. */
const PANEL_OUTPUT_TOKENS_PER_PERSONA = 160;
/** Tokens of one member's facts in the prompt, for estimates. */
const PANEL_INPUT_TOKENS_PER_MEMBER = 90;

const text = (max: number) => z.string().trim().min(1).max(max);

const modelPanel = z.object({
  personas: z.array(
    z.object({
      index: z.number().int(),
      name: text(120),
      lifestyle: text(1_000),
      motivations: text(1_000),
      personality: text(1_000),
    }),
  ),
});

type ModelPanelPersona = z.output<typeof modelPanel>['personas'][number];

/** The strict JSON schema of the structured output (every property required, no others). */
function panelPersonasJsonSchema() {
  const string = { type: 'string' };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['personas'],
    properties: {
      personas: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['index', 'name', 'lifestyle', 'motivations', 'personality'],
          properties: {
            index: { type: 'integer' },
            name: string,
            lifestyle: string,
            motivations: string,
            personality: string,
          },
        },
      },
    },
  };
}

const systemPrompt = [
  "You write the people of a market research panel drawn to match a country's population.",
  "Each member's facts are fixed: age, sex, occupation, where they live, their household, education and household income. Keep every fact as given and contradict none; write only what the facts leave open.",
  'For each member give:',
  '- index: the member number as given',
  '- name: a first and a last name that fit the country, the sex and the age',
  '- lifestyle: one or two sentences on their everyday life: home, work, free time',
  '- motivations: one or two sentences on what they want and what worries them',
  '- personality: one sentence on how they come across and how they decide what to buy',
  'Make them as different from each other as real people are; no stereotypes, nothing extreme.',
  'Answer with JSON only: one persona per member, every member once.',
].join('\n');

/** A member's facts as the prompt gives them, from the persona composed in code. */
function memberFacts(profile: PersonaProfile): string {
  const traits = Object.entries(profile.customTraits?.labels ?? {})
    .map(([trait, level]) => `${trait}: ${level}`)
    .join('; ');
  return [
    `Member ${profile.personaId}: ${profile.gender}, ${profile.age}.`,
    `Occupation: ${profile.occupation}.`,
    `Lives in: ${profile.location}.`,
    `Household income: ${profile.income}.`,
    ...(traits ? [`Traits: ${traits}.`] : []),
  ].join(' ');
}

/** The messages asking a model to write one call's members. */
function panelPrompt(country: string, profiles: readonly PersonaProfile[]) {
  return [
    { role: 'system' as const, content: systemPrompt },
    {
      role: 'user' as const,
      content: [`Country: ${country}.`, '', ...profiles.map(memberFacts)].join('\n'),
    },
  ];
}

/**
 * The model's message as one persona per member asked, or what is wrong
 * with it: its schema, or a member missing, given twice or not asked for.
 */
function readPanelReply(
  content: string | null | undefined,
  indexes: readonly number[],
): ModelJson<Map<number, ModelPanelPersona>> {
  const parsed = parseModelJson(content, modelPanel, 'personas');
  if (!parsed.ok) return parsed;
  const asked = new Set(indexes);
  const given = new Map<number, ModelPanelPersona>();
  for (const persona of parsed.value.personas) {
    if (!asked.has(persona.index)) {
      return { ok: false, problem: `member ${persona.index} was not asked for` };
    }
    if (given.has(persona.index)) {
      return { ok: false, problem: `member ${persona.index} is given twice` };
    }
    given.set(persona.index, persona);
  }
  const missing = indexes.find((index) => !given.has(index));
  if (missing !== undefined) return { ok: false, problem: `member ${missing} is missing` };
  return { ok: true, value: given };
}

/** The builder reaches the model as the answering engine does, with a longer timeout per call. */
type OpenAIPanelBuilderOptions = OpenAIEngineOptions;

export class OpenAIPanelBuilder implements PanelBuilder {
  readonly engine = 'openai';
  private readonly client: OpenAI;
  private readonly options: OpenAIEngineOptions;

  get model(): string {
    return this.options.model;
  }

  get builtBy(): string {
    return `openai:${this.options.model}`;
  }

  constructor(
    options: OpenAIPanelBuilderOptions,
    /** The process's shared limit: every model call takes a slot. */
    private readonly limit: pLimit.Limit,
  ) {
    this.options = { ...options, timeoutMs: Math.max(options.timeoutMs, PANEL_CALL_TIMEOUT_MS) };
    this.client = openAIClient(this.options);
  }

  estimate(size: number): PanelBuildEstimate {
    const calls = Math.ceil(Math.max(0, size) / PANEL_CALL_SIZE);
    const perCall =
      estimateTokens(systemPrompt) + estimateTokens(JSON.stringify(panelPersonasJsonSchema()));
    return {
      modelCalls: calls,
      inputTokens: calls * perCall + size * PANEL_INPUT_TOKENS_PER_MEMBER,
      outputTokens: size * PANEL_OUTPUT_TOKENS_PER_PERSONA,
    };
  }

  /**
   * The batch's members written 20 to a call, the calls at once (each in a
   * slot of the shared limit); the first call that fails stops the others
   * and fails the batch with its reason.
   */
  async build(batch: PanelBatch, signal?: AbortSignal): Promise<BuiltPanelBatch> {
    const profiles = panelPersonas(batch.frame, batch.members, batch.seed);
    const calls: PersonaProfile[][] = [];
    for (let start = 0; start < profiles.length; start += PANEL_CALL_SIZE) {
      calls.push(profiles.slice(start, start + PANEL_CALL_SIZE));
    }
    const usage: EngineUsage = { inputTokens: 0, outputTokens: 0, modelCalls: 0 };
    const stop = new AbortController();
    // One listener per call in flight, each removed when its call ends.
    setMaxListeners(calls.length + 10, stop.signal);
    const stopAll = () => stop.abort();
    signal?.addEventListener('abort', stopAll, { once: true });
    try {
      const written = await Promise.all(
        calls.map((call) => this.limit(() => this.write(batch.frame.name, call, usage, stop))),
      );
      const byIndex = new Map(written.flatMap((call) => [...call]));
      return {
        personas: batch.members.map((member, i) => {
          const prose = byIndex.get(member.index)!;
          return {
            index: member.index,
            profile: {
              ...profiles[i]!,
              name: prose.name,
              lifestyle: prose.lifestyle,
              motivations: prose.motivations,
              personality: prose.personality,
            },
          };
        }),
        usage,
      };
    } finally {
      signal?.removeEventListener('abort', stopAll);
    }
  }

  /** One call's members written; usage counted whatever the outcome. */
  private async write(
    country: string,
    profiles: readonly PersonaProfile[],
    usage: EngineUsage,
    stop: AbortController,
  ): Promise<Map<number, ModelPanelPersona>> {
    if (stop.signal.aborted) throw new InferenceFailed('Building the panel was stopped.');
    // The SDK leaves a listener on the signal of every request: the call's own
    // signal takes them, relayed from the batch's stop while the call runs.
    const own = new AbortController();
    const relay = () => own.abort();
    stop.signal.addEventListener('abort', relay, { once: true });
    const indexes = profiles.map((profile) => Number(profile.personaId));
    try {
      const { value, usage: spent } = await completeStructured(
        this.client,
        this.options,
        {
          messages: panelPrompt(country, profiles),
          schemaName: PANEL_SCHEMA_NAME,
          schema: panelPersonasJsonSchema(),
          read: (content) => readPanelReply(content, indexes),
          logContext: { members: `${indexes[0]}-${indexes.at(-1)}` },
          unusable: (problem) =>
            `The AI service wrote unusable personas for this panel (${problem}). Please try again.`,
          schemaRetries: PANEL_SCHEMA_RETRIES,
        },
        own.signal,
      );
      addUsage(usage, spent);
      return value;
    } catch (error) {
      if (error instanceof UnusableReply) addUsage(usage, error.usage);
      stop.abort();
      throw error;
    } finally {
      stop.signal.removeEventListener('abort', relay);
    }
  }
}

function addUsage(total: EngineUsage, spent: EngineUsage): void {
  total.inputTokens += spent.inputTokens;
  total.outputTokens += spent.outputTokens;
  total.modelCalls += spent.modelCalls;
}
