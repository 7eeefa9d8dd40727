import { type LeadingKind, leadingKinds } from '@chorus/contracts';
import type { HardCase } from './wording-corpus/batch-3';
import { batch4Rows } from './wording-corpus/batch-4';
import {
  batch3,
  batch4,
  batch4HeldOutHalf,
  batch4TuningHalf,
  corpus,
  fnv1a,
  halfOf,
} from './wording-corpus/split';

/** The kind each hard case is labelled with (see batch-3.ts; batch 4 follows it). */
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

describe('wording batch 4', () => {
  it('holds at least 360 questions from 8 domains neither the earlier corpus nor batch 3 has', () => {
    expect(batch4.length).toBeGreaterThanOrEqual(360);
    const domains = new Set(batch4.map((q) => q.domain));
    expect(domains.size).toBe(8);
    const earlier = new Set<string>([...corpus, ...batch3].map((q) => q.domain));
    expect([...domains].filter((domain) => earlier.has(domain))).toEqual([]);
  });

  it('is about half leading and half neutral, in every domain', () => {
    const leading = batch4.filter((q) => q.kinds.length > 0).length;
    expect(leading / batch4.length).toBeGreaterThan(0.4);
    expect(leading / batch4.length).toBeLessThan(0.6);
    for (const domain of new Set(batch4.map((q) => q.domain))) {
      const inDomain = batch4.filter((q) => q.domain === domain);
      const leadingInDomain = inDomain.filter((q) => q.kinds.length > 0).length;
      expect([domain, leadingInDomain / inDomain.length > 0.35]).toEqual([domain, true]);
      expect([domain, leadingInDomain / inDomain.length < 0.65]).toEqual([domain, true]);
    }
  });

  it('labels every leading question with at least one kind, and every kind at least 26 times', () => {
    for (const [, labels, text] of batch4Rows) {
      const question = batch4.find((q) => q.text === text)!;
      expect([text, question.kinds.length > 0]).toEqual([text, labels !== 'N']);
    }
    for (const kind of leadingKinds) {
      expect([kind, batch4.filter((q) => q.kinds.includes(kind)).length >= 26]).toEqual([
        kind,
        true,
      ]);
    }
  });

  it('labels each hard case with its closest kind, at least 10 times, in several domains', () => {
    for (const q of batch4) {
      if (q.hard)
        expect([q.text, q.kinds]).toEqual([q.text, expect.arrayContaining([closestKind[q.hard]])]);
    }
    for (const hard of Object.keys(closestKind) as HardCase[]) {
      const marked = batch4.filter((q) => q.hard === hard);
      expect([hard, marked.length >= 10]).toEqual([hard, true]);
      const domains = new Set(marked.map((q) => q.domain));
      expect([hard, domains.size >= 6]).toEqual([hard, true]);
    }
  });

  it('has no duplicate text and shares no text with the earlier corpus or batch 3', () => {
    const texts = batch4.map((q) => normalised(q.text));
    expect(new Set(texts).size).toBe(batch4.length);
    const earlier = new Set([...corpus, ...batch3].map((q) => normalised(q.text)));
    expect(batch4.filter((q) => earlier.has(normalised(q.text))).map((q) => q.text)).toEqual([]);
  });

  it('is split by the written rule, about half and half, and unchanged since it was committed', () => {
    for (const q of batch4) expect(q.half).toBe(halfOf(q.text));
    expect(batch4HeldOutHalf.length + batch4TuningHalf.length).toBe(batch4.length);
    expect(batch4HeldOutHalf.length / batch4.length).toBeGreaterThan(0.4);
    expect(batch4HeldOutHalf.length / batch4.length).toBeLessThan(0.6);
    // The batch as committed before any rule saw it, labels included: a later
    // batch goes in a new file, and this one is never edited.
    expect([batch4.length, batch4HeldOutHalf.length, batch4TuningHalf.length]).toEqual([
      468, 239, 229,
    ]);
    const fingerprint = fnv1a(
      batch4.map((q) => `${q.domain}|${q.kinds.join('+')}|${q.text}`).join('\n'),
    );
    expect(fingerprint.toString(16)).toBe('3f042736');
  });
});
