import { type LeadingKind, leadingKinds } from '@chorus/contracts';
import type { HardCase } from './wording-corpus/batch-3';
import { batch5Rows } from './wording-corpus/batch-5';
import {
  batch3,
  batch4,
  batch5,
  batch5HeldOutHalf,
  batch5TuningHalf,
  corpus,
  fnv1a,
  halfOf,
} from './wording-corpus/split';

/** The kind each hard case is labelled with (see batch-3.ts; batches 4 and 5 follow it). */
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

describe('wording batch 5', () => {
  it('holds at least 400 questions from 8 domains none of the earlier corpus, batch 3 or batch 4 has', () => {
    expect(batch5.length).toBeGreaterThanOrEqual(400);
    const domains = new Set(batch5.map((q) => q.domain));
    expect(domains.size).toBe(8);
    const earlier = new Set<string>([...corpus, ...batch3, ...batch4].map((q) => q.domain));
    expect([...domains].filter((domain) => earlier.has(domain))).toEqual([]);
  });

  it('is about half leading and half neutral, in every domain', () => {
    const leading = batch5.filter((q) => q.kinds.length > 0).length;
    expect(leading / batch5.length).toBeGreaterThan(0.4);
    expect(leading / batch5.length).toBeLessThan(0.6);
    for (const domain of new Set(batch5.map((q) => q.domain))) {
      const inDomain = batch5.filter((q) => q.domain === domain);
      const leadingInDomain = inDomain.filter((q) => q.kinds.length > 0).length;
      expect([domain, leadingInDomain / inDomain.length > 0.35]).toEqual([domain, true]);
      expect([domain, leadingInDomain / inDomain.length < 0.65]).toEqual([domain, true]);
    }
  });

  it('labels every leading question with at least one kind, and every kind at least 30 times', () => {
    for (const [, labels, text] of batch5Rows) {
      const question = batch5.find((q) => q.text === text)!;
      expect([text, question.kinds.length > 0]).toEqual([text, labels !== 'N']);
    }
    for (const kind of leadingKinds) {
      expect([kind, batch5.filter((q) => q.kinds.includes(kind)).length >= 30]).toEqual([
        kind,
        true,
      ]);
    }
  });

  it('labels each hard case with its closest kind, at least 12 times, in at least 6 domains', () => {
    for (const q of batch5) {
      if (q.hard)
        expect([q.text, q.kinds]).toEqual([q.text, expect.arrayContaining([closestKind[q.hard]])]);
    }
    for (const hard of Object.keys(closestKind) as HardCase[]) {
      const marked = batch5.filter((q) => q.hard === hard);
      expect([hard, marked.length >= 12]).toEqual([hard, true]);
      const domains = new Set(marked.map((q) => q.domain));
      expect([hard, domains.size >= 6]).toEqual([hard, true]);
    }
  });

  it('has no duplicate text and shares no text with the earlier corpus or batches 3 and 4', () => {
    const texts = batch5.map((q) => normalised(q.text));
    expect(new Set(texts).size).toBe(batch5.length);
    const earlier = new Set([...corpus, ...batch3, ...batch4].map((q) => normalised(q.text)));
    expect(batch5.filter((q) => earlier.has(normalised(q.text))).map((q) => q.text)).toEqual([]);
  });

  it('is split by the written rule, about half and half, and unchanged since it was committed', () => {
    for (const q of batch5) expect(q.half).toBe(halfOf(q.text));
    expect(batch5HeldOutHalf.length + batch5TuningHalf.length).toBe(batch5.length);
    expect(batch5HeldOutHalf.length / batch5.length).toBeGreaterThan(0.4);
    expect(batch5HeldOutHalf.length / batch5.length).toBeLessThan(0.6);
    // The batch as committed before any rule saw it, labels included: a later
    // batch goes in a new file, and this one is never edited.
    expect([batch5.length, batch5HeldOutHalf.length, batch5TuningHalf.length]).toEqual([
      514, 248, 266,
    ]);
    const fingerprint = fnv1a(
      batch5.map((q) => `${q.domain}|${q.kinds.join('+')}|${q.text}`).join('\n'),
    );
    expect(fingerprint.toString(16)).toBe('e1ca1805');
  });
});
