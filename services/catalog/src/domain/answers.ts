import {
  aggregatedResultsSchema,
  type AggregatedResults,
  type PersonaResponse,
  personaResponseSchema,
} from '@chorus/contracts';
import type {
  AggregatedResults as ProtoAggregatedResults,
  PersonaResponse as ProtoPersonaResponse,
} from '@chorus/proto/inference/v1/answers';
import { personaResponseFromMessage } from '@chorus/service-kit/wire';

/**
 * Inference's answers, checked against the one response schema before they
 * are stored: the whole answer is refused if any part of it is malformed.
 */
export function checkedAnswer(
  responses: ProtoPersonaResponse[],
  aggregated: ProtoAggregatedResults | undefined,
):
  | { ok: true; responses: PersonaResponse[]; aggregated: AggregatedResults }
  | { ok: false; problem: string } {
  if (responses.length === 0) return { ok: false, problem: 'no responses' };
  const checked = checkedResponses(responses);
  if (!checked.ok) return checked;
  const results = aggregatedResultsSchema.safeParse(aggregated);
  if (!results.success) {
    return { ok: false, problem: `aggregated results: ${results.error.issues[0]?.message ?? ''}` };
  }
  return { ok: true, responses: checked.responses, aggregated: results.data };
}

/** Responses checked one by one against the response schema, each persona once. */
export function checkedResponses(
  responses: ProtoPersonaResponse[],
): { ok: true; responses: PersonaResponse[] } | { ok: false; problem: string } {
  const checked: PersonaResponse[] = [];
  for (const [index, response] of responses.entries()) {
    const parsed = personaResponseSchema.safeParse(personaResponseFromMessage(response));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        ok: false,
        problem: `response ${index + 1}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
      };
    }
    if (checked.some((c) => c.personaId === parsed.data.personaId)) {
      return {
        ok: false,
        problem: `response ${index + 1}: persona ${parsed.data.personaId} twice`,
      };
    }
    checked.push(parsed.data);
  }
  return { ok: true, responses: checked };
}
