// A share link's answer: ShareAnswer of @chorus/contracts and
// roadmap.v1.ShareAnswer, both ways.
import type { ShareAnswer } from '@chorus/contracts';
import type { ShareAnswer as ShareAnswerMessage } from '@chorus/proto/roadmap/v1/sharing';

export function shareAnswerToMessage(answer: ShareAnswer): ShareAnswerMessage {
  switch (answer.type) {
    case 'rating':
      return { answer: { $case: 'rating', value: answer.rating } };
    case 'thumbs':
      return { answer: { $case: 'thumbs', value: answer.thumbs } };
    case 'text':
      return { answer: { $case: 'text', value: answer.text } };
    case 'ranking':
      return { answer: { $case: 'ranking', value: { itemIds: answer.ranking } } };
  }
}

/**
 * A share answer as its message holds it, in the contracts' shape but not
 * yet checked: the reader validates it (shareAnswer) where it came from a
 * respondent. Undefined when the message holds no answer.
 */
export function shareAnswerFromMessage(
  message: ShareAnswerMessage | undefined,
): Record<string, unknown> | undefined {
  const answer = message?.answer;
  if (!answer) return undefined;
  switch (answer.$case) {
    case 'rating':
      return { type: 'rating', rating: answer.value };
    case 'thumbs':
      return { type: 'thumbs', thumbs: answer.value };
    case 'text':
      return { type: 'text', text: answer.value };
    case 'ranking':
      return { type: 'ranking', ranking: answer.value.itemIds };
  }
}
