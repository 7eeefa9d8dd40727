import type { LeadingKind, WordingCheck } from '@chorus/contracts';
import { checkWording as legacyCheck, type WordingProblemKind } from './legacy';

const kindOf: Record<WordingProblemKind, LeadingKind> = {
  leading: 'agreement-framing',
  loaded: 'loaded-words',
  'double-barrelled': 'double-barrelled',
  presumptive: 'presupposition',
  absolute: 'loaded-words',
};

/** The wording check of a survey question (see @chorus/contracts WordingCheck). */
export function checkWording(text: string): WordingCheck {
  const check = legacyCheck(text);
  return {
    leading: check.leading,
    findings: check.findings.map((finding) => ({ ...finding, kind: kindOf[finding.kind] })),
    neutral: check.neutral,
    reversed: check.reversed,
  };
}
