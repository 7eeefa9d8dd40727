// The neutral and reversed framings a wording check offers: only rewordings
// that pass every gate. When none does, the check offers none and says
// instead which words to remove or change, and why.
import type { LeadingKind, WordingEdit, WordingFinding } from '@chorus/contracts';
import { neutralCandidates } from '../reword';
import { gate, type Framing } from './gates';
import { reverseCandidates } from './reverse';
import { referentOf, withReferents } from './referents';

interface Framings {
  neutral: string;
  rewording: 'ready' | 'edit-yourself';
  edits: WordingEdit[];
  reversed: string;
  reversedReady: boolean;
}

/** The first candidate that passes every gate, if any. */
function firstPassing(
  original: string,
  candidates: readonly string[],
  framing: Framing,
): string | undefined {
  return candidates.find((candidate) => gate(original, candidate, framing).length === 0);
}

/** What to do about each kind of leading wording, in plain words. */
const advice: Record<LeadingKind, { change: WordingEdit['change']; how: string }> = {
  'loaded-words': { change: 'remove', how: 'Remove these words and name the thing plainly.' },
  presupposition: {
    change: 'replace',
    how: 'Ask first whether it applies to them, or add "if at all".',
  },
  'social-proof': { change: 'remove', how: 'Remove what others do or think.' },
  'agreement-framing': {
    change: 'replace',
    how: 'Ask it so that yes and no are equally easy to say, for example "Do you agree or disagree that…".',
  },
  'identity-appeal': { change: 'remove', how: 'Remove what it tells people about themselves.' },
  'assumptive-why': {
    change: 'replace',
    how: 'Ask what they think of it rather than why it is good or bad.',
  },
  'loaded-choice': {
    change: 'replace',
    how: 'Describe both sides of the choice in plain words, and offer answers on every side.',
  },
  'double-barrelled': {
    change: 'replace',
    how: 'Ask about one thing at a time: make it two questions.',
  },
  'praise-hypothetical': {
    change: 'remove',
    how: 'Remove the praise and describe the offer plainly.',
  },
};

const MAX_WHY = 500;
const clip = (text: string) => (text.length <= MAX_WHY ? text : `${text.slice(0, MAX_WHY - 1)}…`);

/** Which words to remove or change, and why, when no rewording can be offered. */
function editsFor(text: string, findings: readonly WordingFinding[]): WordingEdit[] {
  const edits: WordingEdit[] = findings.map((f) => ({
    phrase: f.phrase,
    change: advice[f.kind].change,
    why: clip(`${f.why} ${advice[f.kind].how}`),
  }));
  // A pronoun whose sentence goes is named instead: "it" → "our planner".
  const removed = findings.filter((f) => advice[f.kind].change === 'remove');
  if (removed.length > 0) {
    const kept = removed.reduce((rest, f) => rest.replace(f.phrase, ''), text);
    const pronoun = /\b(it|them|they)\b/i.exec(kept);
    const named = pronoun && withReferents(text, kept) ? referentOf(text, kept) : undefined;
    if (pronoun && named)
      edits.push({
        phrase: pronoun[1]!,
        change: 'replace',
        suggestion: clip(named),
        why: `Once those words go, "${pronoun[1]}" no longer says what it stands for: name it instead.`,
      });
  }
  return edits.slice(0, 20);
}

/**
 * The framings of a question: a neutral rewording (the question as written
 * when nothing leads) and the same ask the other way round, each offered
 * only when it passes the gates; otherwise the question as written, marked
 * not ready, with the edits to make by hand.
 */
export function framingsOf(
  text: string,
  asWritten: string,
  findings: readonly WordingFinding[],
): Framings {
  const leading = findings.length > 0;
  const neutral = leading ? firstPassing(text, neutralCandidates(text), 'neutral') : asWritten;
  if (neutral === undefined)
    return {
      neutral: asWritten,
      rewording: 'edit-yourself',
      edits: editsFor(text, findings),
      reversed: asWritten,
      reversedReady: false,
    };
  const reversed = firstPassing(neutral, reverseCandidates(neutral), 'reversed');
  return {
    neutral,
    rewording: 'ready',
    edits: [],
    reversed: reversed ?? asWritten,
    reversedReady: reversed !== undefined,
  };
}
