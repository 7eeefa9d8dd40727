import { leadingKinds } from '@chorus/contracts';
import { checkWording } from '../src/wording';
import { scoreCorpus } from './wording-corpus/score';
import { corpus, fnv1a, halfOf, heldOutHalf, tuningHalf } from './wording-corpus/split';

describe('the wording corpus', () => {
  it('holds at least 300 labelled questions from 6 domains, every kind at least 20 times', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    expect(new Set(corpus.map((q) => q.domain)).size).toBeGreaterThanOrEqual(6);
    for (const kind of leadingKinds) {
      expect(corpus.filter((q) => q.kinds.includes(kind)).length).toBeGreaterThanOrEqual(20);
    }
    expect(corpus.filter((q) => q.kinds.length === 0).length).toBeGreaterThanOrEqual(120);
    expect(new Set(corpus.map((q) => q.text)).size).toBe(corpus.length);
  });

  it('is split by the written rule: FNV-1a of the text, odd held out', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
    for (const q of corpus) expect(q.half).toBe(halfOf(q.text));
    expect(heldOutHalf.length + tuningHalf.length).toBe(corpus.length);
    expect(heldOutHalf.length).toBeGreaterThan(corpus.length * 0.35);
  });

  it('on the held-out half: at least 90% of leading questions flagged, at most 10% of neutral ones', () => {
    const score = scoreCorpus(heldOutHalf, checkWording);
    expect(score.recall).toBeGreaterThanOrEqual(0.9);
    expect(score.falseAlarms).toBeLessThanOrEqual(0.1);
  });

  it('every rewording offered for a corpus question passes the check itself', () => {
    for (const q of corpus) {
      const check = checkWording(q.text);
      if (check.rewording === 'ready')
        expect([q.text, checkWording(check.neutral).findings]).toEqual([q.text, []]);
      if (check.reversedReady) {
        expect([q.text, checkWording(check.reversed).findings]).toEqual([q.text, []]);
        expect(check.reversed).toMatch(/\?$/);
      }
    }
  });
});
