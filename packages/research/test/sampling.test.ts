import { drawsFor, modeOf } from '../src';

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
