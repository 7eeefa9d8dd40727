// The wording check's recorded figures: each evaluation batch's first sight
// and each held-out half read once after its tuning, as measured then. They
// are records, not recomputed (the rules have changed since); bench/wording.ts
// prints them beside the figures it measures.
import type { LeadingKind } from '@chorus/contracts';
import { RECORDED_3_TO_12 } from './wording-records-3-to-12';

export interface Recorded {
  batch: string;
  /** What was measured: the whole batch at first sight, or its held-out half once tuned. */
  what: 'first sight (whole batch' | 'held-out half after tuning (read once';
  measured: string;
  leading: number;
  leadingFlagged: number;
  neutral: number;
  neutralFlagged: number;
  /** Per kind, where recorded: [found, wrong findings, labelled]. */
  kinds?: Partial<Record<LeadingKind, readonly [number, number, number]>>;
}

/**
 * Each batch's first-sight figure (the whole batch, measured once with the
 * rules as they were before any rule was tuned on it), and the held-out
 * halves of batches read once after their tuning (docs/research.md). Records,
 * not recomputed: the rules have changed since.
 */
export const RECORDED: readonly Recorded[] = [
  ...RECORDED_3_TO_12,
  {
    batch: 'batch 13',
    what: 'first sight (whole batch',
    measured: '2026-11-29, rules after batch 12 and wording model retrained with batch 12 whole',
    leading: 320,
    leadingFlagged: 304,
    neutral: 288,
    neutralFlagged: 10,
    kinds: {
      'loaded-words': [50, 16, 72],
      presupposition: [47, 9, 54],
      'social-proof': [40, 9, 40],
      'agreement-framing': [41, 0, 41],
      'identity-appeal': [40, 0, 40],
      'assumptive-why': [32, 1, 40],
      'loaded-choice': [36, 4, 40],
      'double-barrelled': [38, 2, 40],
      'praise-hypothetical': [37, 0, 40],
    },
  },
  {
    batch: 'batch 13',
    what: 'held-out half after tuning (read once',
    measured: '2026-11-29',
    leading: 165,
    leadingFlagged: 153,
    neutral: 148,
    neutralFlagged: 6,
    kinds: {
      'loaded-words': [21, 5, 34],
      presupposition: [27, 6, 29],
      'social-proof': [15, 7, 15],
      'agreement-framing': [18, 0, 18],
      'identity-appeal': [18, 0, 18],
      'assumptive-why': [20, 0, 26],
      'loaded-choice': [24, 3, 27],
      'double-barrelled': [14, 3, 15],
      'praise-hypothetical': [19, 0, 21],
    },
  },
  {
    batch: 'batch 14',
    what: 'first sight (whole batch',
    measured: '2026-11-29, rules after batch 13 and wording model retrained with batch 13 whole',
    leading: 320,
    leadingFlagged: 288,
    neutral: 288,
    neutralFlagged: 21,
    kinds: {
      'loaded-words': [35, 16, 64],
      presupposition: [26, 7, 46],
      'social-proof': [37, 12, 42],
      'agreement-framing': [40, 0, 40],
      'identity-appeal': [37, 0, 42],
      'assumptive-why': [30, 1, 42],
      'loaded-choice': [33, 6, 42],
      'double-barrelled': [39, 8, 40],
      'praise-hypothetical': [42, 0, 44],
    },
  },
  {
    batch: 'batch 14',
    what: 'held-out half after tuning (read once',
    measured: '2026-11-29',
    leading: 167,
    leadingFlagged: 154,
    neutral: 141,
    neutralFlagged: 9,
    kinds: {
      'loaded-words': [29, 16, 33],
      presupposition: [13, 1, 19],
      'social-proof': [20, 2, 21],
      'agreement-framing': [21, 0, 21],
      'identity-appeal': [21, 0, 22],
      'assumptive-why': [14, 0, 19],
      'loaded-choice': [24, 4, 30],
      'double-barrelled': [18, 3, 18],
      'praise-hypothetical': [20, 0, 22],
    },
  },
  {
    batch: 'batch 15',
    what: 'first sight (whole batch',
    measured: '2026-11-29, rules after batch 14 and wording model retrained with batch 14 whole',
    leading: 320,
    leadingFlagged: 296,
    neutral: 288,
    neutralFlagged: 12,
    kinds: {
      'loaded-words': [55, 16, 62],
      presupposition: [33, 5, 47],
      'social-proof': [40, 6, 44],
      'agreement-framing': [40, 0, 40],
      'identity-appeal': [41, 0, 44],
      'assumptive-why': [35, 0, 41],
      'loaded-choice': [37, 6, 42],
      'double-barrelled': [38, 4, 40],
      'praise-hypothetical': [42, 0, 42],
    },
  },
  {
    batch: 'batch 15',
    what: 'held-out half after tuning (read once',
    measured: '2026-11-29',
    leading: 165,
    leadingFlagged: 154,
    neutral: 151,
    neutralFlagged: 4,
    kinds: {
      'loaded-words': [37, 9, 39],
      presupposition: [14, 2, 19],
      'social-proof': [25, 3, 27],
      'agreement-framing': [22, 0, 22],
      'identity-appeal': [12, 0, 13],
      'assumptive-why': [20, 0, 24],
      'loaded-choice': [18, 3, 22],
      'double-barrelled': [20, 1, 20],
      'praise-hypothetical': [24, 0, 24],
    },
  },
  {
    batch: 'batch 16',
    what: 'first sight (whole batch',
    measured: '2026-11-30, rules after batch 15 and wording model retrained with batch 15 whole',
    leading: 320,
    leadingFlagged: 281,
    neutral: 288,
    neutralFlagged: 13,
    kinds: {
      'loaded-words': [52, 16, 62],
      presupposition: [33, 8, 64],
      'social-proof': [35, 7, 40],
      'agreement-framing': [40, 0, 40],
      'identity-appeal': [34, 0, 40],
      'assumptive-why': [40, 0, 40],
      'loaded-choice': [36, 2, 40],
      'double-barrelled': [38, 3, 40],
      'praise-hypothetical': [32, 0, 40],
    },
  },
  {
    batch: 'batch 16',
    what: 'held-out half after tuning (read once',
    measured: '2026-11-30',
    leading: 154,
    leadingFlagged: 145,
    neutral: 159,
    neutralFlagged: 10,
    kinds: {
      'loaded-words': [21, 9, 26],
      presupposition: [19, 3, 30],
      'social-proof': [19, 4, 20],
      'agreement-framing': [16, 0, 16],
      'identity-appeal': [21, 0, 21],
      'assumptive-why': [22, 0, 22],
      'loaded-choice': [18, 2, 21],
      'double-barrelled': [21, 3, 22],
      'praise-hypothetical': [15, 0, 15],
    },
  },
  {
    batch: 'batch 17',
    what: 'first sight (whole batch',
    measured: '2026-11-30, rules after batch 16 and wording model retrained with batch 16 whole',
    leading: 320,
    leadingFlagged: 294,
    neutral: 288,
    neutralFlagged: 14,
    kinds: {
      'loaded-words': [51, 24, 62],
      presupposition: [48, 4, 66],
      'social-proof': [36, 6, 40],
      'agreement-framing': [40, 1, 40],
      'identity-appeal': [37, 2, 40],
      'assumptive-why': [39, 0, 40],
      'loaded-choice': [37, 0, 40],
      'double-barrelled': [39, 5, 40],
      'praise-hypothetical': [34, 2, 40],
    },
  },
  {
    batch: 'batch 17',
    what: 'held-out half after tuning (read once',
    measured: '2026-11-30',
    leading: 147,
    leadingFlagged: 138,
    neutral: 145,
    neutralFlagged: 5,
    kinds: {
      'loaded-words': [27, 10, 31],
      presupposition: [19, 1, 22],
      'social-proof': [14, 4, 16],
      'agreement-framing': [18, 1, 18],
      'identity-appeal': [15, 2, 18],
      'assumptive-why': [22, 0, 22],
      'loaded-choice': [23, 1, 24],
      'double-barrelled': [19, 2, 19],
      'praise-hypothetical': [15, 0, 19],
    },
  },
  {
    batch: 'batch 18',
    what: 'first sight (whole batch',
    measured: '2026-11-30, rules after batch 17 and wording model retrained with batch 17 whole',
    leading: 320,
    leadingFlagged: 298,
    neutral: 288,
    neutralFlagged: 12,
    kinds: {
      'loaded-words': [47, 13, 62],
      presupposition: [44, 6, 66],
      'social-proof': [37, 8, 40],
      'agreement-framing': [42, 0, 42],
      'identity-appeal': [38, 0, 40],
      'assumptive-why': [39, 2, 40],
      'loaded-choice': [38, 3, 40],
      'double-barrelled': [40, 4, 40],
      'praise-hypothetical': [37, 0, 40],
    },
  },
];
