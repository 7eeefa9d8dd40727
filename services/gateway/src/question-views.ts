import {
  aggregatedResultsSchema,
  personaResponseSchema,
  type QuestionStatus,
  questionStatuses,
  type QuestionView,
} from '@chorus/contracts';
import type { Question } from '@chorus/proto/catalog/v1/catalog';

// How the catalog's questions look to the browser. The catalog checked every
// response against the schema before storing it; parsing again here gives
// the browser the schema's types.

function statusOf(question: Question): QuestionStatus {
  return questionStatuses.find((status) => status === question.status) ?? 'pending';
}

export function toQuestionView(question: Question): QuestionView {
  const aggregated = aggregatedResultsSchema.safeParse(question.aggregatedResults);
  return {
    id: question.id,
    productId: question.productId,
    questionText: question.questionText,
    status: statusOf(question),
    createdAt: question.createdAt?.toISOString() ?? '',
    updatedAt: question.updatedAt?.toISOString() ?? '',
    aggregatedResults: aggregated.success ? aggregated.data : null,
    responses: question.responses.map((response) =>
      personaResponseSchema.parse({
        ...response,
        grounding: response.grounding ?? { personaAttributes: [], profileFields: [] },
      }),
    ),
    errorReason: question.errorReason || null,
  };
}
