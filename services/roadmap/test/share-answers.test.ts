import { shareMessages, shareResponseRequest } from '@chorus/contracts';
import { shareAnswerProblem } from '../src/domain/share-answers';

describe('a response checked against its link', () => {
  const itemLink = {
    kind: 'item' as const,
    feedbackType: 'rating' as const,
    itemIds: ['i'],
    allowComments: false,
  };
  const compareLink = {
    kind: 'comparison' as const,
    feedbackType: 'rating' as const,
    itemIds: ['a', 'b', 'c'],
    allowComments: true,
  };
  const parse = (body: unknown) => shareResponseRequest.safeParse(body);

  it.each([
    [itemLink, { answer: { type: 'rating', rating: 4 } }, null],
    [itemLink, { answer: { type: 'thumbs', thumbs: 'up' } }, shareMessages.wrongAnswer],
    [itemLink, { answer: { type: 'rating', rating: 4 }, comment: 'hi' }, shareMessages.commentsOff],
    [compareLink, { answer: { type: 'ranking', ranking: ['c', 'a', 'b'] } }, null],
    [compareLink, { answer: { type: 'ranking', ranking: ['a', 'a', 'b'] } }, shareMessages.ranking],
    [compareLink, { answer: { type: 'ranking', ranking: ['a', 'b'] } }, shareMessages.ranking],
    [compareLink, { answer: { type: 'ranking', ranking: ['a', 'b', 'x'] } }, shareMessages.ranking],
  ])('for a %j link, %j -> %s', (link, body, problem) => {
    const parsed = parse(body);
    expect(parsed.success).toBe(true);
    expect(shareAnswerProblem(link, parsed.data!)).toBe(problem);
  });
});
