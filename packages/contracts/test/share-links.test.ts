import {
  AGREEMENT_MIN_RESPONSES,
  bordaCount,
  distributionAgreement,
  jensenShannonDistance,
  ratingHistogram,
  rankingAgreement,
  shareAnswerProblem,
  shareMessages,
  shareResponseRequest,
  shareResponsesCsv,
  spearmanOrderCorrelation,
  thumbsSplit,
} from '../src';

describe('agreement between people and personas', () => {
  it.each([
    ['identical ratings', [0, 1, 2, 5, 2], [0, 1, 2, 5, 2], 0, 'well'],
    ['same shares, different totals', [0, 2, 4, 10, 4], [0, 1, 2, 5, 2], 0, 'well'],
    ['nothing in common', [10, 0, 0, 0, 0], [0, 0, 0, 0, 3], 1, 'poorly'],
    ['thumbs all up vs all down', [12, 0], [0, 4], 1, 'poorly'],
  ])('%s: distance %s, predicted %s', (_name, human, persona, distance, level) => {
    const agreement = distributionAgreement(human, persona);
    expect(agreement.value).toBeCloseTo(distance);
    expect(agreement.level).toBe(level);
    expect(agreement.tooFew).toBe(false);
    expect(agreement.label).toBe(
      `Your personas predicted this ${level} (${agreement.responses} responses)`,
    );
  });

  it('a distance between the extremes', () => {
    const d = jensenShannonDistance([1, 1], [1, 0]);
    expect(d).toBeGreaterThan(0.4);
    expect(d).toBeLessThan(0.8);
  });

  it.each([
    ['same order', ['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd'], 1, 'well'],
    ['reversed order', ['a', 'b', 'c', 'd'], ['d', 'c', 'b', 'a'], -1, 'poorly'],
    ['one swap', ['a', 'b', 'c', 'd'], ['b', 'a', 'c', 'd'], 0.8, 'well'],
  ])('rankings in %s correlate %s', (_name, human, persona, rho, level) => {
    expect(spearmanOrderCorrelation(human, persona)).toBeCloseTo(rho);
    const agreement = rankingAgreement(human, persona, 40);
    expect(agreement.value).toBeCloseTo(rho);
    expect(agreement.level).toBe(level);
  });

  it.each([
    ['ratings', () => distributionAgreement([0, 0, 1, 1, 1], [0, 0, 1, 1, 1])],
    ['rankings', () => rankingAgreement(['a', 'b'], ['a', 'b'], 3)],
  ])('%s from fewer than the minimum of responses are flagged as too few', (_kind, figure) => {
    const agreement = figure();
    expect(agreement.tooFew).toBe(true);
    expect(agreement.responses).toBe(3);
    expect(agreement.label).toBe(
      `Too few responses to judge (3 responses; at least ${AGREEMENT_MIN_RESPONSES} needed)`,
    );
  });

  it.each([
    [
      'no responses',
      () => distributionAgreement([0, 0, 0, 0, 0], [0, 1, 0, 0, 0]),
      'No responses yet',
    ],
    [
      'no persona prediction',
      () => distributionAgreement([0, 0, 0, 0, 11], [0, 0, 0, 0, 0]),
      'No persona predictions to compare (11 responses)',
    ],
    [
      'no persona ranking',
      () => rankingAgreement(['a', 'b'], [], 1),
      'No persona predictions to compare (1 response)',
    ],
  ])('%s has no figure', (_name, figure, label) => {
    const agreement = figure();
    expect(agreement.value).toBeNull();
    expect(agreement.label).toBe(label);
  });
});

describe('counting answers', () => {
  it('histograms ratings 1-5 and ignores anything else', () => {
    expect(ratingHistogram([1, 5, 5, 3, 0, 6, 2.5])).toEqual([1, 0, 1, 0, 2]);
    expect(thumbsSplit(['up', 'down', 'up'])).toEqual([2, 1]);
  });

  it.each([
    [[['a', 'b', 'c']], ['a', 'b', 'c'], [2, 1, 0]],
    [
      [
        ['a', 'b', 'c'],
        ['c', 'b', 'a'],
        ['b', 'a', 'c'],
      ],
      ['b', 'a', 'c'],
      [4, 3, 2],
    ],
    [[], ['a', 'b', 'c'], [0, 0, 0]],
  ])('Borda count of %j', (rankings, order, points) => {
    const result = bordaCount(rankings, ['a', 'b', 'c']);
    expect(result.map((r) => r.itemId)).toEqual(order);
    expect(result.map((r) => r.points)).toEqual(points);
  });
});

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
