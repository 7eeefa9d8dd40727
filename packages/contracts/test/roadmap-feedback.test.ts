import {
  averageRating,
  createComparisonRequest,
  feedbackMessages,
  itemFeedbackView,
  requestFeedbackRequest,
} from '../src';

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
