import {
  type ShareAnswer,
  type ShareFeedbackType,
  type ShareKind,
  shareMessages,
  type ShareResponseRequest,
} from '@chorus/contracts';

/**
 * The checks that need the link: the answer is of the link's kind, a ranking
 * names every item exactly once, comments only where allowed. Null when fine.
 */
export function shareAnswerProblem(
  link: {
    kind: ShareKind;
    feedbackType: ShareFeedbackType;
    itemIds: string[];
    allowComments: boolean;
  },
  response: ShareResponseRequest,
): string | null {
  const expected = link.kind === 'comparison' ? 'ranking' : link.feedbackType;
  if (response.answer.type !== expected) return shareMessages.wrongAnswer;
  if (response.answer.type === 'ranking') {
    const ranking = response.answer.ranking;
    const wanted = new Set(link.itemIds);
    if (
      ranking.length !== wanted.size ||
      new Set(ranking).size !== ranking.length ||
      ranking.some((id) => !wanted.has(id))
    ) {
      return shareMessages.ranking;
    }
  }
  if (response.comment && !link.allowComments) return shareMessages.commentsOff;
  return null;
}

/** Positive, neutral or negative, as the persona answers are labelled. */
export function answerSentiment(answer: ShareAnswer): 'positive' | 'neutral' | 'negative' | null {
  if (answer.type === 'rating') {
    return answer.rating >= 4 ? 'positive' : answer.rating <= 2 ? 'negative' : 'neutral';
  }
  if (answer.type === 'thumbs') return answer.thumbs === 'up' ? 'positive' : 'negative';
  return null;
}
