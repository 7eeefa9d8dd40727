import {
  leadingKindLabels,
  leadingKinds,
  type WordingCheck,
  type WordingJudge,
  wordingJudgeSchema,
} from '@chorus/contracts';
import { checkWording, gateRewording } from '@chorus/research/wording';
import type { Logger } from '@chorus/service-kit';
import { createHash } from 'node:crypto';
import type OpenAI from 'openai';
import type { RedisClientType } from 'redis';
import { z } from 'zod';
import { InferenceFailed } from '../engines/engine';
import { parseModelJson } from '../engines/model-json';
import { completeStructured, openAIClient, type OpenAIEngineOptions } from '../engines/openai';

/**
 * A model's verdict on a question's wording, beside the rules of
 * @chorus/research: asked as strict structured output, checked with zod,
 * cached by model and text like answers. The rules alone decide when no
 * model is configured; a verdict that cannot be had is left out, never the
 * rules' result.
 */
export interface WordingJudgeService {
  /** The verdict, or undefined when the model gave none usable. */
  judge(questionText: string, signal?: AbortSignal): Promise<WordingJudge | undefined>;
}

/** Verdicts kept by their key (model, prompt and text). */
export interface VerdictCache {
  get(key: string): Promise<WordingJudge | undefined>;
  set(key: string, verdict: WordingJudge): Promise<void>;
}

/** In this process, bounded: the least recently used verdicts go first. */
export class MemoryVerdictCache implements VerdictCache {
  private readonly entries = new Map<string, WordingJudge>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): Promise<WordingJudge | undefined> {
    const found = this.entries.get(key);
    if (found) {
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return Promise.resolve(found);
  }

  set(key: string, verdict: WordingJudge): Promise<void> {
    if (this.maxEntries <= 0) return Promise.resolve();
    this.entries.delete(key);
    this.entries.set(key, verdict);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return Promise.resolve();
  }
}

/** Shared by every inference process; Redis being down costs a model call, never a verdict. */
export class RedisVerdictCache implements VerdictCache {
  constructor(
    private readonly deps: { redis: RedisClientType; ttlSeconds: number; logger: Logger },
  ) {}

  private static entry(key: string): string {
    return `chorus:inference:wording:${key}`;
  }

  async get(key: string): Promise<WordingJudge | undefined> {
    try {
      const stored = await this.deps.redis.get(RedisVerdictCache.entry(key));
      if (!stored) return undefined;
      const parsed = wordingJudgeSchema.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : undefined;
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'wording verdict cache read failed; asking the model');
      return undefined;
    }
  }

  async set(key: string, verdict: WordingJudge): Promise<void> {
    try {
      await this.deps.redis.set(RedisVerdictCache.entry(key), JSON.stringify(verdict), {
        expiration: { type: 'EX', value: this.deps.ttlSeconds },
      });
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'wording verdict cache write failed');
    }
  }
}

const kindList = leadingKinds.map((kind) => `- ${kind}: ${leadingKindLabels[kind]}`).join('\n');

/** The messages asking a model to judge one question's wording. */
function judgePrompt(questionText: string) {
  return [
    {
      role: 'system' as const,
      content: [
        'You review survey questions for market research before they are asked, as a survey methodologist would.',
        'A question is leading when its wording pushes people towards an answer. The kinds:',
        kindList,
        'A question that assumes nothing (about price, satisfaction or habits, or a "how" or "why" that takes no judgement for granted) is not leading, even when it uses words like "best" or "love" in a neutral sense.',
        'Also write two framings of the same question. neutral: the question with only the leading words removed or made plain, asking the same thing about the same offer, named in full (the question as written when it is not leading). reversed: the same ask framed the other way round, for example "How likely…" as "How unlikely…" or "Would you buy…" as "Would you decide against buying…", itself not leading. Each is one question ending in "?" that repeats nothing and leaves no pronoun without what it stands for.',
        'Answer with JSON only: leading (true or false), kinds (the kinds present, empty when not leading), reason (one plain sentence a product manager understands), neutral and reversed.',
      ].join('\n'),
    },
    { role: 'user' as const, content: `The question:\n${questionText}` },
  ];
}

/** The prompt's version: a new prompt is a new verdict. */
const judgePromptHash = createHash('sha256')
  .update(JSON.stringify(judgePrompt('')))
  .digest('hex')
  .slice(0, 12);

/** The strict JSON schema of the verdict (every property required, no others). */
function verdictJsonSchema() {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['leading', 'kinds', 'reason', 'neutral', 'reversed'],
    properties: {
      leading: { type: 'boolean' },
      kinds: { type: 'array', items: { type: 'string', enum: [...leadingKinds] } },
      reason: { type: 'string' },
      neutral: { type: 'string' },
      reversed: { type: 'string' },
    },
  };
}

/** What the model must give; kinds and leading must agree. */
const modelVerdict = wordingJudgeSchema
  .omit({ model: true, framings: true })
  .extend({
    reason: z.string().trim().min(1).max(1_000),
    // Framings that are missing or too long are left out: the rules' stand.
    neutral: z.string().trim().max(1_000).optional().catch(undefined),
    reversed: z.string().trim().max(1_000).optional().catch(undefined),
  })
  .refine((v) => v.leading === v.kinds.length > 0, {
    message: 'kinds must be listed exactly when the question is leading',
    path: ['kinds'],
  });

/** The key of one verdict: the model, the prompt and the text. */
function verdictKey(model: string, questionText: string): string {
  return createHash('sha256')
    .update(JSON.stringify(['wording', model, judgePromptHash, questionText]))
    .digest('hex');
}

export class OpenAIWordingJudge implements WordingJudgeService {
  private readonly client: OpenAI;

  constructor(
    private readonly options: OpenAIEngineOptions,
    private readonly cache: VerdictCache,
  ) {
    this.client = openAIClient(options);
  }

  async judge(questionText: string, signal?: AbortSignal): Promise<WordingJudge | undefined> {
    const key = verdictKey(this.options.model, questionText);
    const cached = await this.cache.get(key);
    if (cached) return cached;
    try {
      const { value } = await completeStructured(
        this.client,
        { ...this.options, temperature: 0 },
        {
          messages: judgePrompt(questionText),
          schemaName: 'wording_verdict',
          schema: verdictJsonSchema(),
          read: (content) => parseModelJson(content, modelVerdict, 'verdict'),
          logContext: { judge: 'wording' },
          unusable: (problem) => `The AI service gave an unusable wording verdict (${problem}).`,
        },
        signal,
      );
      const verdict: WordingJudge = {
        leading: value.leading,
        kinds: [...new Set(value.kinds)],
        reason: value.reason,
        model: this.options.model,
        ...(value.neutral && value.reversed
          ? { framings: { neutral: value.neutral, reversed: value.reversed } }
          : {}),
      };
      await this.cache.set(key, verdict);
      return verdict;
    } catch (error) {
      if (!(error instanceof InferenceFailed)) throw error;
      this.options.logger.warn({ problem: error.message }, 'wording verdict left out');
      return undefined;
    }
  }
}

/**
 * The check's framings with the model's where they pass the gates of a
 * rewording (the same gates the rules' pass): the model's neutral wording
 * when it passes, else the rules'; the model's reversed framing of the
 * neutral wording chosen when it passes, else the rules' when it still fits.
 */
function withModelFramings(
  questionText: string,
  rules: WordingCheck,
  framings: NonNullable<WordingJudge['framings']>,
  leading: boolean,
): Pick<WordingCheck, 'neutral' | 'rewording' | 'edits' | 'reversed' | 'reversedReady'> {
  const asked = questionText.trim();
  const modelNeutral =
    leading && framings.neutral !== asked && gateRewording(asked, framings.neutral).length === 0;
  const neutral = modelNeutral
    ? { neutral: framings.neutral, rewording: 'ready' as const, edits: [] }
    : { neutral: rules.neutral, rewording: rules.rewording, edits: rules.edits };
  if (neutral.rewording !== 'ready')
    return { ...neutral, reversed: rules.reversed, reversedReady: false };
  const fits = (reversed: string) =>
    reversed !== neutral.neutral &&
    gateRewording(neutral.neutral, reversed, 'reversed').length === 0;
  if (fits(framings.reversed))
    return { ...neutral, reversed: framings.reversed, reversedReady: true };
  if (rules.reversedReady && fits(rules.reversed))
    return { ...neutral, reversed: rules.reversed, reversedReady: true };
  return { ...neutral, reversed: asked, reversedReady: false };
}

/**
 * The rules' check with the model's verdict: leading when either says so;
 * the verdict (its kinds included, found by the rules or not) is reported
 * as the judge, and the model's framings are used where they pass the gates.
 */
export async function checkWordingWithJudge(
  questionText: string,
  judge: WordingJudgeService | undefined,
  signal?: AbortSignal,
): Promise<WordingCheck> {
  const rules = checkWording(questionText);
  const verdict = judge ? await judge.judge(questionText, signal) : undefined;
  if (!verdict) return rules;
  const { framings, ...reported } = verdict;
  const leading = rules.leading || verdict.leading;
  return {
    ...rules,
    ...(framings ? withModelFramings(questionText, rules, framings, leading) : {}),
    leading,
    judge: reported,
  };
}
