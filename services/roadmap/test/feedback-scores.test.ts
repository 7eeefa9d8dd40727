import {
  feedbackQuestion,
  feedbackRating,
  overallRanking,
  preferenceScore,
  rankByScore,
} from '../src/domain/feedback-scores';

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

describe('rankings and the question asked', () => {
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
