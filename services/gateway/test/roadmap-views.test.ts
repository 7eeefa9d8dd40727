import { itemFeedbackView } from '../src/roadmap-views';

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
    expect(itemFeedbackView('item-1', []).averageRating).toBeNull();
    const ratings = [
      response('ana', 4, '2025-01-03'),
      response('ben', 4, '2025-01-02'),
      response('cy', 5, '2025-01-01'),
    ];
    expect(itemFeedbackView('item-1', ratings).averageRating).toBe(4.3);
  });
});
