import { shareAnswerProblem, shareMessages, shareResponseRequest, shareResponsesCsv } from '../src';

describe('a response', () => {
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

describe('CSV export of responses', () => {
  it('writes one row per response, titles for rankings, formulas kept as text', () => {
    const csv = shareResponsesCsv(
      [
        {
          createdAt: '2026-01-02T03:04:05.000Z',
          name: '=HYPERLINK("x")',
          email: '',
          answer: { type: 'ranking', ranking: ['b', 'a'] },
          comment: 'Line one\nline, two',
          sentiment: '',
        },
      ],
      new Map([
        ['a', 'Alpha'],
        ['b', 'Beta'],
      ]),
    );
    expect(csv.split('\r\n')[0]).toBe('Submitted At,Name,E-mail,Answer,Comment,Sentiment');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain('1. Beta; 2. Alpha');
    expect(csv).toContain('"Line one\nline, two"');
  });
});
