// Every kind of leading wording, in the order the check runs them. A new
// kind is one module exporting a `KindRule` plus one line here. Kinds that
// read what others found come after those kinds: social proof skips a
// crowd that is a model of the right kind of person (identity appeal), and
// loaded words skip words inside a praised choice, identity appeal or
// hypothetical.
import type { LeadingKind } from '@chorus/contracts';
import type { KindRule } from './kind';
import { agreementFraming } from './agreement-framing';
import { socialProofKind } from './social-proof';
import { identityAppeal } from './identity-appeal';
import { assumptiveWhyKind } from './assumptive-why';
import { loadedChoiceKind } from './loaded-choice';
import { doubleBarrelledKind } from './double-barrelled';
import { praiseHypotheticalKind } from './praise-hypothetical';
import { presuppositionKind } from './presupposition';
import { loadedWordsKind } from './loaded-words';

export const kindRules: readonly KindRule[] = [
  agreementFraming,
  identityAppeal,
  socialProofKind,
  assumptiveWhyKind,
  loadedChoiceKind,
  doubleBarrelledKind,
  praiseHypotheticalKind,
  presuppositionKind,
  loadedWordsKind,
];

/** The rule of one kind. */
export function ruleOf(kind: LeadingKind): KindRule {
  const rule = kindRules.find((r) => r.kind === kind);
  if (!rule) throw new Error(`No rule for the wording kind ${kind}`);
  return rule;
}
