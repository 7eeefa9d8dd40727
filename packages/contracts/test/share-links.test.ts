import { shareMessages, shareResponseRequest } from '../src';

describe('a response', () => {
  const parse = (body: unknown) => shareResponseRequest.safeParse(body);

  it.each([
    [{ answer: { type: 'rating', rating: 0 } }, shareMessages.rating],
    [{ answer: { type: 'rating', rating: 3.5 } }, shareMessages.rating],
    [{ answer: { type: 'thumbs', thumbs: 'sideways' } }, shareMessages.thumbs],
    [{ answer: { type: 'text', text: '  ' } }, shareMessages.text],
    [
      { answer: { type: 'rating', rating: 4 }, comment: 'x'.repeat(2001) },
      shareMessages.commentTooLong,
    ],
    [{ answer: { type: 'rating', rating: 4 }, email: 'not-mail' }, shareMessages.email],
    [{ answer: { type: 'vote' } }, shareMessages.wrongAnswer],
  ])('a body is refused with its reason (%#)', (body, message) => {
    const parsed = parse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
