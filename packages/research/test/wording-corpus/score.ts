import { type LeadingKind, leadingKinds, type WordingCheck } from '@chorus/contracts';
import type { CorpusQuestion } from './split';

export interface KindScore {
  kind: LeadingKind;
  /** Questions labelled with the kind. */
  labelled: number;
  /** Findings of the kind on questions labelled with it. */
  found: number;
  /** Findings of the kind on questions not labelled with it. */
  wrong: number;
  /** Questions labelled with the kind that were flagged at all (for this kind or another). */
  flagged: number;
  precision: number | null;
  recall: number | null;
}

export interface CorpusScore {
  questions: number;
  leading: number;
  leadingFlagged: number;
  neutral: number;
  neutralFlagged: number;
  /** Share of leading questions flagged. */
  recall: number;
  /** Share of neutral questions flagged. */
  falseAlarms: number;
  kinds: KindScore[];
}

/** How the check does on a set of labelled questions: overall and per kind. */
export function scoreCorpus(
  questions: readonly CorpusQuestion[],
  check: (text: string) => WordingCheck,
): CorpusScore {
  let leading = 0;
  let leadingFlagged = 0;
  let neutral = 0;
  let neutralFlagged = 0;
  const perKind = new Map(
    leadingKinds.map((kind) => [kind, { labelled: 0, found: 0, wrong: 0, flagged: 0 }]),
  );
  for (const question of questions) {
    const result = check(question.text);
    const flagged = result.leading;
    if (question.kinds.length > 0) {
      leading += 1;
      if (flagged) leadingFlagged += 1;
    } else {
      neutral += 1;
      if (flagged) neutralFlagged += 1;
    }
    const foundKinds = new Set(result.findings.map((f) => f.kind));
    for (const kind of leadingKinds) {
      const row = perKind.get(kind)!;
      const labelled = question.kinds.includes(kind);
      if (labelled) row.labelled += 1;
      if (labelled && flagged) row.flagged += 1;
      if (foundKinds.has(kind)) {
        if (labelled) row.found += 1;
        else row.wrong += 1;
      }
    }
  }
  return {
    questions: questions.length,
    leading,
    leadingFlagged,
    neutral,
    neutralFlagged,
    recall: leading === 0 ? 0 : leadingFlagged / leading,
    falseAlarms: neutral === 0 ? 0 : neutralFlagged / neutral,
    kinds: leadingKinds.map((kind) => {
      const row = perKind.get(kind)!;
      const claimed = row.found + row.wrong;
      return {
        kind,
        ...row,
        precision: claimed === 0 ? null : row.found / claimed,
        recall: row.labelled === 0 ? null : row.found / row.labelled,
      };
    }),
  };
}
