import type { z } from 'zod';

export type ModelJson<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * A model's message read as JSON of the given shape, or what is wrong with it
 * in a few words (the reason a retry is asked for, and the one given up with).
 */
export function parseModelJson<S extends z.ZodType>(
  content: string | null | undefined,
  schema: S,
  what: string,
): ModelJson<z.output<S>> {
  if (!content?.trim()) return { ok: false, problem: 'empty answer' };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `${issue?.path.join('.') || what}: ${issue?.message ?? ''}` };
  }
  return { ok: true, value: parsed.data };
}
