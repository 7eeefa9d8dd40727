import { drawsFor, modeOf, ratingOfDistribution } from '../src';

describe("a persona's shown opinion", () => {
  it('is the most likely opinion whatever its draws, and the draws stay counted as draws', () => {
    const distribution = { positive: 0.58, neutral: 0.3, negative: 0.12 };
    const firstDraws = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const drawn = drawsFor(distribution, seed, 'p', 20);
      expect(drawn.opinion).toBe('positive');
      expect(drawn.counts.positive + drawn.counts.neutral + drawn.counts.negative).toBe(20);
      firstDraws.add(JSON.stringify(drawn.counts));
    }
    // The draws do vary by seed: only the shown opinion stays.
    expect(firstDraws.size).toBeGreaterThan(1);
    expect(modeOf(distribution)).toBe('positive');
  });
});

describe("a persona's answer on the 1-5 rating scale", () => {
  it.each([
    [{ positive: 1, neutral: 0, negative: 0 }, 5],
    [{ positive: 0.6, neutral: 0.3, negative: 0.1 }, 4],
    [{ positive: 0.2, neutral: 0.6, negative: 0.2 }, 3],
    [{ positive: 0.1, neutral: 0.2, negative: 0.7 }, 2],
    [{ positive: 0, neutral: 0, negative: 1 }, 1],
  ])('%j rates %d', (distribution, rating) => {
    expect(ratingOfDistribution(distribution)).toBe(rating);
  });
});
