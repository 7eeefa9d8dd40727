// What every rule of the wording check reads a sentence with: where a
// finding sits, where the question proper starts, and whether a word
// praises or runs down.
import type { LeadingKind } from '@chorus/contracts';
import {
  auxiliaries,
  everyAnswerPattern,
  hedgePattern,
  openingFillers,
  whWords,
} from '../lexicon/question-words';
import { scaleWords, valence } from '../lexicon/valence';
import { screenWords } from '../lexicon/presumed';
import type { Sentence, Token } from '../text';

/** Where a kind of leading wording sits in the analysed text. */
export interface Hit {
  kind: LeadingKind;
  start: number;
  end: number;
}

export const NEGATION = new Set(["n't", 'not', 'nt']);
export const OFFER_DETERMINERS = new Set(['our', 'this', 'these', 'us', 'we']);
export const MODALS = new Set(['would', 'could', 'might', 'should', "'d"]);

const isWord = (t: Token | undefined) => t !== undefined && /[a-z0-9]/i.test(t.text);
export const span = (kind: LeadingKind, from: Token, to: Token): Hit => ({
  kind,
  start: from.start,
  end: to.end,
});

/** The first real word of a clause (skipping "So,", "And", "Honestly,"). */
export function firstWord(tokens: readonly Token[], from = 0): number {
  let i = from;
  while (i < tokens.length && (!isWord(tokens[i]) || openingFillers.has(tokens[i]!.lower))) {
    i += 1;
  }
  return i;
}

/** Where the question proper starts: after a leading clause ending in a comma, if any. */
export function questionStart(tokens: Token[]): number {
  const first = firstWord(tokens);
  const opener = tokens[first];
  if (opener && (auxiliaries.has(opener.lower) || whWords.has(opener.lower))) return first;
  for (let i = first; i < tokens.length - 1; i += 1) {
    if ([',', ':', ';', '—', '–', '-'].includes(tokens[i]!.text)) {
      const next = firstWord(tokens, i + 1);
      const word = tokens[next];
      if (word && (auxiliaries.has(word.lower) || whWords.has(word.lower))) return next;
    }
  }
  return first;
}

/** A sentence that asks: it ends in "?" or opens like a question. */
export function isQuestion(s: Sentence): boolean {
  if (s.tokens.at(-1)?.text === '?') return true;
  const first = s.tokens[firstWord(s.tokens)];
  return first !== undefined && (auxiliaries.has(first.lower) || whWords.has(first.lower));
}

export const hedged = (s: Sentence) => hedgePattern.test(s.text);

/** Whether a screen ("if", "whether", "ever", "unless") stands among the tokens: the occasion is not taken for granted. */
export const screened = (t: readonly Token[]) => t.some((y) => screenWords.has(y.lower));

/** A verb in the past or a past participle: "used", "visited", "moved". */
export const pastForm = (y: Token) =>
  y.pos === 'VERB' && y.lemma !== y.lower && !/(?:ing|s)$/.test(y.lower);

/**
 * Whether the question's ask leaves every answer open: hedged ("if any",
 * "if at all"), ending on every answer ("or neither", "or a mix"), a list
 * of three or more options ("stay the same, get bigger, or get smaller"),
 * or, after a premise, a choice between alternatives.
 * A fact stated before such an ask informs; it does not push.
 */
export function asksFreely(sentences: readonly Sentence[]): boolean {
  const ask = sentences.at(-1);
  if (!ask) return false;
  const commas = ask.tokens.filter((t) => t.text === ',');
  const or = ask.tokens.findLastIndex((t) => t.lower === 'or');
  const listed =
    commas.length > 0 &&
    or > commas.at(-1)!.i &&
    (commas.length >= 2 || ask.tokens[or - 1]?.text !== ',');
  // After a premise, an ask between alternatives ("a call or an email?") is about them, not the crowd.
  const between = sentences.length > 1 && or > 0;
  return hedged(ask) || everyAnswerPattern.test(ask.text) || listed || between;
}

/** Whether a word praises or runs down (its valence, and whether it can carry weight alone). */
export const strongly = (t: Token, threshold: number) => {
  if (scaleWords.has(t.lower) || scaleWords.has(t.lemma)) return false;
  return Math.abs(valence(t.lower)) >= threshold || Math.abs(valence(t.lemma)) >= threshold;
};

/** A verb the tagger read as a noun, between a plural subject and its object: "…parents trust Ms Ode…". */
export function verbReadAsNoun(t: readonly Token[], k: number): boolean {
  const [before, x, after] = [t[k - 1], t[k], t[k + 1]];
  return (
    x?.pos === 'NOUN' &&
    before?.pos === 'NOUN' &&
    before.lower !== before.lemma &&
    ['PROPN', 'PRON', 'DET', 'ADJ'].includes(after?.pos ?? '')
  );
}

/** An adjective the tagger reads as a noun after "so", closing its clause: "…so patient with…", "…so patient?". */
export const adjectiveReadAsNoun = (next: Token | undefined, after: Token | undefined) =>
  next?.pos === 'NOUN' && ['ADP', 'PUNCT'].includes(after?.pos ?? '');

/**
 * Answers listed from one side of a scale to the other, commas before the
 * "or": "very good, good, fair, poor or very poor". Gives the first and last
 * token of the list when the grades (by `rate`) run both ways.
 */
export function sideToSideList(
  t: readonly Token[],
  rate: (x: Token) => number,
): { first: number; last: number } | undefined {
  const or = t.findLastIndex((y) => y.lower === 'or');
  if (or < 3) return undefined;
  const grade = (y: Token | undefined) => y !== undefined && ['ADJ', 'ADV'].includes(y.pos);
  let first = or;
  while (first > 0 && (grade(t[first - 1]) || t[first - 1]!.text === ',')) first -= 1;
  let last = or;
  while (grade(t[last + 1])) last += 1;
  const list = t.slice(first, last + 1);
  if (last === or || !list.some((y) => y.text === ',')) return undefined;
  const signs = new Set(list.map((y) => Math.sign(rate(y))));
  return signs.has(1) && signs.has(-1) ? { first, last } : undefined;
}
