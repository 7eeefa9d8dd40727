import { type LeadingKind, leadingKinds } from '@chorus/contracts';
import { batch3Rows, type HardCase } from './wording-corpus/batch-3';
import {
  batch3,
  batch3HeldOutHalf,
  batch3TuningHalf,
  corpus,
  fnv1a,
  halfOf,
} from './wording-corpus/split';

/** The kind each hard case is labelled with (see batch-3.ts). */
const closestKind: Record<HardCase, LeadingKind> = {
  'merit-why': 'assumptive-why',
  'frightening-choice': 'loaded-choice',
  'relief-hypothetical': 'praise-hypothetical',
  'premise-then-negative': 'agreement-framing',
  'presupposed-experience': 'presupposition',
};

/** Case, curly quotes and spacing do not make a question new. */
const normalised = (text: string) =>
  text.toLowerCase().replace(/[‘’]/g, "'").replace(/\s+/g, ' ').trim();

describe('wording batch 3', () => {
  it('holds at least 300 questions from at least 6 domains the earlier corpus does not have', () => {
    expect(batch3.length).toBeGreaterThanOrEqual(300);
    const domains = new Set(batch3.map((q) => q.domain));
    expect(domains.size).toBeGreaterThanOrEqual(6);
    const earlier = new Set<string>(corpus.map((q) => q.domain));
    expect([...domains].filter((domain) => earlier.has(domain))).toEqual([]);
  });

  it('is about half leading and half neutral, in every domain', () => {
    const leading = batch3.filter((q) => q.kinds.length > 0).length;
    expect(leading / batch3.length).toBeGreaterThan(0.4);
    expect(leading / batch3.length).toBeLessThan(0.6);
    for (const domain of new Set(batch3.map((q) => q.domain))) {
      const inDomain = batch3.filter((q) => q.domain === domain);
      const leadingInDomain = inDomain.filter((q) => q.kinds.length > 0).length;
      expect([domain, leadingInDomain / inDomain.length > 0.35]).toEqual([domain, true]);
      expect([domain, leadingInDomain / inDomain.length < 0.65]).toEqual([domain, true]);
    }
  });

  it('labels every leading question with at least one kind, and every kind at least 20 times', () => {
    for (const [, labels, text] of batch3Rows) {
      const question = batch3.find((q) => q.text === text)!;
      expect([text, question.kinds.length > 0]).toEqual([text, labels !== 'N']);
    }
    for (const kind of leadingKinds) {
      expect([kind, batch3.filter((q) => q.kinds.includes(kind)).length >= 20]).toEqual([
        kind,
        true,
      ]);
    }
  });

  it('labels each hard case with its closest kind, and has every hard case in several domains', () => {
    for (const q of batch3) {
      if (q.hard)
        expect([q.text, q.kinds]).toEqual([q.text, expect.arrayContaining([closestKind[q.hard]])]);
    }
    for (const hard of Object.keys(closestKind) as HardCase[]) {
      const domains = new Set(batch3.filter((q) => q.hard === hard).map((q) => q.domain));
      expect([hard, domains.size >= 6]).toEqual([hard, true]);
    }
  });

  it('has no duplicate text and shares no text with the earlier corpus', () => {
    const texts = batch3.map((q) => normalised(q.text));
    expect(new Set(texts).size).toBe(batch3.length);
    const earlier = new Set(corpus.map((q) => normalised(q.text)));
    expect(batch3.filter((q) => earlier.has(normalised(q.text))).map((q) => q.text)).toEqual([]);
  });

  it('is split by the written rule, about half and half, and unchanged since it was measured', () => {
    for (const q of batch3) expect(q.half).toBe(halfOf(q.text));
    expect(batch3HeldOutHalf.length + batch3TuningHalf.length).toBe(batch3.length);
    expect(batch3HeldOutHalf.length / batch3.length).toBeGreaterThan(0.4);
    expect(batch3HeldOutHalf.length / batch3.length).toBeLessThan(0.6);
    // The batch as measured on first sight, labels included: a later batch
    // goes in a new file, and this one is never edited.
    expect([batch3.length, batch3HeldOutHalf.length, batch3TuningHalf.length]).toEqual([
      438, 223, 215,
    ]);
    const fingerprint = fnv1a(
      batch3.map((q) => `${q.domain}|${q.kinds.join('+')}|${q.text}`).join('\n'),
    );
    expect(fingerprint.toString(16)).toBe('c6892bbd');
  });
});
