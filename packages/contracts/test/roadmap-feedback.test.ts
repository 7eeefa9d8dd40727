import {
  averageRating,
  createComparisonRequest,
  feedbackMessages,
  feedbackQuestion,
  feedbackRating,
  itemFeedbackView,
  overallRanking,
  preferenceScore,
  rankByScore,
  requestFeedbackRequest,
} from '../src';

describe('a persona answer as a rating', () => {
  it.each([
    ['positive', 0.9, 5],
    ['positive', 0.75, 5],
    ['positive', 0.5, 4],
    ['neutral', 0.9, 3],
    ['negative', 0.4, 2],
    ['negative', 0.8, 1],
    ['unheard-of', 1, 3],
  ])('%s at %s confidence rates %i', (opinion, confidence, rating) => {
    expect(feedbackRating(opinion, confidence)).toBe(rating);
  });

  it.each([
    ['positive', 1, 1],
    ['positive', 0.6, 0.8],
    ['neutral', 0.9, 0.5],
    ['negative', 0.6, 0.2],
    ['negative', 2, 0],
  ])('%s at %s confidence scores %s', (opinion, confidence, score) => {
    expect(preferenceScore(opinion, confidence)).toBeCloseTo(score);
  });
});

describe('feedback views', () => {
  const response = (personaId: string, rating: number, createdAt: string) => ({
    id: `${personaId}-${createdAt}`,
    personaId,
    personaName: personaId,
    rating,
    comment: '',
    sentiment: 'neutral',
    confidence: 0.5,
    createdAt,
  });

  it('keeps each persona’s newest answer, best rated first, and averages them', () => {
    const view = itemFeedbackView('item-1', [
      response('ana', 2, '2025-02-01'),
      response('ben', 5, '2025-01-15'),
      response('ana', 4, '2025-01-01'),
    ]);
    expect(view.responses.map((r) => [r.personaId, r.rating])).toEqual([
      ['ben', 5],
      ['ana', 2],
    ]);
    expect(view.averageRating).toBe(3.5);
  });

  it('has no average before anyone answered', () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([{ rating: 4 }, { rating: 4 }, { rating: 5 }])).toBe(4.3);
  });

  it('ranks best first and keeps ties in order', () => {
    expect(
      rankByScore([
        { id: 'a', score: 0.5 },
        { id: 'b', score: 0.9 },
        { id: 'c', score: 0.5 },
      ]).map((e) => e.id),
    ).toEqual(['b', 'a', 'c']);
  });

  it('averages every persona’s scores into the overall ranking', () => {
    const ranked = overallRanking(
      [
        {
          items: [
            { itemId: 'x', title: 'X', score: 0.9, comment: '' },
            { itemId: 'y', title: 'Y', score: 0.2, comment: '' },
          ],
        },
        {
          items: [
            { itemId: 'y', title: 'Y', score: 0.8, comment: '' },
            { itemId: 'x', title: 'X', score: 0.3, comment: '' },
          ],
        },
      ],
      [
        { itemId: 'x', title: 'X' },
        { itemId: 'y', title: 'Y' },
      ],
    );
    expect(ranked.map((r) => [r.itemId, r.score])).toEqual([
      ['x', 0.6],
      ['y', 0.5],
    ]);
  });

  it('asks about the item by its title and description', () => {
    expect(feedbackQuestion({ title: 'Dark mode', description: 'A dark theme' }, 'Lantern')).toBe(
      'Lantern plans a new feature: "Dark mode" (A dark theme). How valuable would it be to you, and would it make you more likely to use or buy the product?',
    );
  });
});

describe('feedback requests', () => {
  const first = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('needs at least one persona', () => {
    expect(first(requestFeedbackRequest.safeParse({ personaIds: [] }))).toBe(
      feedbackMessages.personasRequired,
    );
    expect(requestFeedbackRequest.safeParse({ personaIds: ['p1'] }).success).toBe(true);
  });

  it('compares two items or more', () => {
    expect(first(createComparisonRequest.safeParse({ itemIds: ['a'], personaIds: ['p1'] }))).toBe(
      feedbackMessages.itemsRequired,
    );
    expect(
      createComparisonRequest.parse({ itemIds: ['a', 'b'], personaIds: ['p1'], title: ' ' }),
    ).toEqual({ itemIds: ['a', 'b'], personaIds: ['p1'], title: null, description: null });
  });
});
