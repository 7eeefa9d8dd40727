import { type LeadingKind, leadingKinds } from '@chorus/contracts';
import type { HardCase } from './batch-3';
import { type BatchQuestion, type CorpusQuestion, fnv1a, halfOf } from './split';

/** The kind each hard case is labelled with (see batch-3.ts; later batches follow it). */
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

/** What one evaluation batch promises, as its README paragraph states it. */
interface BatchShape {
  name: string;
  questions: readonly BatchQuestion[];
  /** The rows as written: [domain, labels, text, hard case?]. */
  rows: readonly (readonly [string, string, string, HardCase?])[];
  heldOut: readonly BatchQuestion[];
  tuning: readonly BatchQuestion[];
  /** The questions written before it, and what the titles call them ("the earlier corpus or batch 3"). */
  earlier: readonly CorpusQuestion[];
  earlierNamed: string;
  minQuestions: number;
  /** Exactly this many domains, or at least this many. */
  domains: { exactly: number } | { atLeast: number };
  minPerKind: number;
  /** How often each hard case is marked at least (unchecked when absent). */
  minPerHardCase?: number;
  /** What the batch's pinned size and fingerprint freeze it at. */
  frozen: 'measured' | 'committed';
  sizes: [number, number, number];
  fingerprint: string;
}

/** The tests every evaluation batch passes: its shape, labels, novelty and pinned contents. */
export function describeBatch(batch: BatchShape): void {
  const { questions, heldOut, tuning } = batch;
  const domainWords =
    'exactly' in batch.domains
      ? `${batch.domains.exactly} domains`
      : `at least ${batch.domains.atLeast} domains`;

  describe(batch.name, () => {
    it(`holds at least ${batch.minQuestions} questions from ${domainWords}, none of them in ${batch.earlierNamed}`, () => {
      expect(questions.length).toBeGreaterThanOrEqual(batch.minQuestions);
      const domains = new Set(questions.map((q) => q.domain));
      if ('exactly' in batch.domains) expect(domains.size).toBe(batch.domains.exactly);
      else expect(domains.size).toBeGreaterThanOrEqual(batch.domains.atLeast);
      const earlier = new Set<string>(batch.earlier.map((q) => q.domain));
      expect([...domains].filter((domain) => earlier.has(domain))).toEqual([]);
    });

    it('is about half leading and half neutral, in every domain', () => {
      const leading = questions.filter((q) => q.kinds.length > 0).length;
      expect(leading / questions.length).toBeGreaterThan(0.4);
      expect(leading / questions.length).toBeLessThan(0.6);
      for (const domain of new Set(questions.map((q) => q.domain))) {
        const inDomain = questions.filter((q) => q.domain === domain);
        const leadingInDomain = inDomain.filter((q) => q.kinds.length > 0).length;
        expect([domain, leadingInDomain / inDomain.length > 0.35]).toEqual([domain, true]);
        expect([domain, leadingInDomain / inDomain.length < 0.65]).toEqual([domain, true]);
      }
    });

    it(`labels every leading question with at least one kind, and every kind at least ${batch.minPerKind} times`, () => {
      for (const [, labels, text] of batch.rows) {
        const question = questions.find((q) => q.text === text)!;
        expect([text, question.kinds.length > 0]).toEqual([text, labels !== 'N']);
      }
      for (const kind of leadingKinds) {
        expect([
          kind,
          questions.filter((q) => q.kinds.includes(kind)).length >= batch.minPerKind,
        ]).toEqual([kind, true]);
      }
    });

    const hardTitle =
      batch.minPerHardCase === undefined
        ? 'labels each hard case with its closest kind, and has every hard case in several domains'
        : `labels each hard case with its closest kind, at least ${batch.minPerHardCase} times, in at least 6 domains`;
    it(hardTitle, () => {
      for (const q of questions) {
        if (q.hard)
          expect([q.text, q.kinds]).toEqual([
            q.text,
            expect.arrayContaining([closestKind[q.hard]]),
          ]);
      }
      for (const hard of Object.keys(closestKind) as HardCase[]) {
        const marked = questions.filter((q) => q.hard === hard);
        if (batch.minPerHardCase !== undefined)
          expect([hard, marked.length >= batch.minPerHardCase]).toEqual([hard, true]);
        const domains = new Set(marked.map((q) => q.domain));
        expect([hard, domains.size >= 6]).toEqual([hard, true]);
      }
    });

    it(`has no duplicate text and shares no text with ${batch.earlierNamed}`, () => {
      const texts = questions.map((q) => normalised(q.text));
      expect(new Set(texts).size).toBe(questions.length);
      const earlier = new Set(batch.earlier.map((q) => normalised(q.text)));
      expect(questions.filter((q) => earlier.has(normalised(q.text))).map((q) => q.text)).toEqual(
        [],
      );
    });

    it(`is split by the written rule, about half and half, and unchanged since it was ${batch.frozen}`, () => {
      for (const q of questions) expect(q.half).toBe(halfOf(q.text));
      expect(heldOut.length + tuning.length).toBe(questions.length);
      expect(heldOut.length / questions.length).toBeGreaterThan(0.4);
      expect(heldOut.length / questions.length).toBeLessThan(0.6);
      // The batch as first measured or committed, labels included: a later
      // batch goes in a new file, and this one is never edited.
      expect([questions.length, heldOut.length, tuning.length]).toEqual(batch.sizes);
      const fingerprint = fnv1a(
        questions.map((q) => `${q.domain}|${q.kinds.join('+')}|${q.text}`).join('\n'),
      );
      expect(fingerprint.toString(16)).toBe(batch.fingerprint);
    });
  });
}
