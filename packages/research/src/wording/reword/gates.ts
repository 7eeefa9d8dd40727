// The checks every rewording must pass before it is offered: it is free of
// leading wording itself, says nothing twice, leaves no pronoun pointing at
// words it dropped, keeps what is asked (the question's verb and the full
// name of the offer) and is one plain question whose grammar the cuts did not
// break. A rewording that fails any of them is not offered.
import { oneSidedList } from '../rules/loaded-choice';
import { detect } from '../detect';
import { firstWord, isQuestion, questionStart, type Hit } from '../rules/tokens';
import { analyse, type Sentence, type Token, wordSentiment } from '../text';
import { ANTONYMS } from './reverse';
import { brokenGrammar } from './grammar';
import { CROWDS } from './referents';
import { collectiveNouns, groupNouns, peoplePlurals } from '../lexicon/people';
import { auxiliaries, whWords } from '../lexicon/question-words';

const isGroupWord = (x: Token) =>
  groupNouns.has(x.lemma) || collectiveNouns.has(x.lemma) || peoplePlurals.has(x.lower);

export type GateName =
  'still-leading' | 'repeated-phrase' | 'dropped-referent' | 'lost-verb' | 'lost-object' | 'shape';

export interface GateFailure {
  gate: GateName;
  /** Plain words: what is wrong with the rewording. */
  reason: string;
}

/** Which framing is vetted: a reversed one may turn its verb or adjective into the opposite. */
export type Framing = 'neutral' | 'reversed';

const CONTENT = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV', 'NUM']);
const NOUNS = new Set(['NOUN', 'PROPN']);

/** Nouns, and "-ing" words used as nouns ("the fitting"). */
function nounsOf(tokens: Token[]): Token[] {
  return tokens.filter(
    (x, k) =>
      NOUNS.has(x.pos) ||
      (x.pos === 'VERB' &&
        /ing$/.test(x.lower) &&
        /^(?:the|our|your|this|their|my|a|an)$/.test(tokens[k - 1]?.lower ?? '')),
  );
}

/** Verbs that frame an opinion rather than name what is asked about. */
const FRAME_VERBS = new Set([
  'think',
  'feel',
  'say',
  'agree',
  'disagree',
  'believe',
  'find',
  'guess',
  'suppose',
  'imagine',
  'reckon',
  'like',
  'love',
  'dislike',
  'hate',
  'prefer',
  'want',
  'wish',
  'rate',
  'consider',
  'expect',
  'mind',
  'be',
  'have',
  'do',
  'get',
  'make',
  'let',
]);

/** Pronouns that stand for something named elsewhere. */
const POINTING = new Set([
  'it',
  'its',
  'they',
  'them',
  'their',
  'theirs',
  'this',
  'that',
  'these',
  'those',
  'one',
  'yours',
]);

/** Questions that could be asked of anything: they ask about nothing in particular. */
const STOCK = [
  /^what do you think (?:about|of) (?:this|that|it)$/,
  /^what,? if anything,? would put you off (?:this|that|it)$/,
  /^how do you feel about (?:this|that|it)$/,
  /^would you answer (?:this|no or yes|yes or no)\b/,
  /^(?:would|do|will) you answer this the other way round\b/,
];

/** Hedges said once at most: "…, if anything, if anything?" says it twice. */
const HEDGES =
  /\b(?:if (?:anything|at all|any|ever|anyone|so|not|(?:it|they|you|we|i) (?:is|are|was|were|do|does|did|would|will|can|could|have|has|had)(?: (?:one|any))?)|or not)\b/gi;

const words = (sentences: Sentence[]) =>
  sentences.flatMap((s) => s.tokens).filter((t) => /[\p{L}\p{N}]/u.test(t.text));

const inHit = (t: Token, hits: readonly Hit[]) =>
  hits.some((h) => t.start >= h.start && t.end <= h.end);

const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s,'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The sentence that asks: the last one ending in "?" (or opening like a question). */
function askingSentence(sentences: Sentence[]): Sentence | undefined {
  return sentences.filter(isQuestion).at(-1) ?? sentences.at(-1);
}

/** How many times each phrase of two to six words occurs, with how many content words it holds. */
function phrases(tokens: Token[]): Map<string, { count: number; content: number }> {
  const found = new Map<string, { count: number; content: number }>();
  for (let n = 2; n <= 6; n += 1) {
    for (let i = 0; i + n <= tokens.length; i += 1) {
      const gram = tokens.slice(i, i + n);
      const key = gram.map((t) => t.lower).join(' ');
      const entry = found.get(key) ?? {
        count: 0,
        content: gram.filter((t) => CONTENT.has(t.pos)).length,
      };
      entry.count += 1;
      found.set(key, entry);
    }
  }
  return found;
}

function repeatedPhrase(original: string, candidate: string): GateFailure[] {
  const before = phrases(words(analyse(original)));
  const after = phrases(words(analyse(candidate)));
  const repeated = [...after].filter(
    ([key, { count, content }]) => content >= 2 && count > Math.max(1, before.get(key)?.count ?? 0),
  );
  const longest = repeated.sort((a, b) => b[0].length - a[0].length)[0];
  const failures: GateFailure[] = [];
  if (longest)
    failures.push({
      gate: 'repeated-phrase',
      reason: `It says "${longest[0]}" twice.`,
    });
  const hedges = (text: string) =>
    (text.match(HEDGES) ?? []).reduce<Record<string, number>>((all, h) => {
      const key = h.toLowerCase();
      all[key] = (all[key] ?? 0) + 1;
      return all;
    }, {});
  const hedgesBefore = hedges(original);
  const hedgesAfter = hedges(candidate);
  const total = (counts: Record<string, number>) =>
    Object.values(counts).reduce((a, b) => a + b, 0);
  const twice = Object.entries(hedgesAfter).find(
    ([key, count]) => count > Math.max(1, hedgesBefore[key] ?? 0),
  );
  if (twice) failures.push({ gate: 'repeated-phrase', reason: `It says "${twice[0]}" twice.` });
  else if (total(hedgesAfter) > Math.max(1, total(hedgesBefore)))
    failures.push({
      gate: 'repeated-phrase',
      reason: `It hedges more than once (${Object.keys(hedgesAfter)
        .map((h) => `"${h}"`)
        .join(', ')}).`,
    });
  return failures;
}

/** Whether a pronoun stands for something ("that" as a pronoun, not "that" before a noun or a clause). */
function points(t: Token, next: Token | undefined, prev: Token | undefined): boolean {
  if (!POINTING.has(t.lower)) return false;
  if (['this', 'that', 'these', 'those'].includes(t.lower))
    return t.pos === 'PRON' && !(next && (NOUNS.has(next.pos) || next.pos === 'ADJ'));
  // "rent one", not "which one", "one of", "one day".
  if (t.lower === 'one')
    return (
      !(
        next &&
        (NOUNS.has(next.pos) ||
          next.pos === 'ADJ' ||
          next.lower === 'of' ||
          (next.pos === 'VERB' && /ing$/.test(next.lower)))
      ) &&
      !['which', 'each', 'any', 'no', 'every', 'the', 'this', 'that', 'a', 'least'].includes(
        prev?.lower ?? '',
      )
    );
  return true;
}

/** The noun phrase ending at a noun: its determiner, adjectives and nouns. */
function phraseEndingAt(tokens: Token[], end: number): string {
  let start = end;
  while (
    start > 0 &&
    ['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(tokens[start - 1]!.pos) &&
    tokens[start - 1]!.text !== ','
  )
    start -= 1;
  const det = tokens[start - 1];
  if (det && ['our', 'this', 'these', 'your', 'the', 'their', 'my'].includes(det.lower)) start -= 1;
  return tokens
    .slice(start, end + 1)
    .map((t) => t.text)
    .join(' ');
}

function droppedReferent(original: string, candidate: string): GateFailure[] {
  const before = words(analyse(original));
  const after = words(analyse(candidate));
  const kept = new Set(after.map((t) => t.lower).concat(after.map((t) => t.lemma)));
  const failures: GateFailure[] = [];
  for (const t of after) {
    const k = after.indexOf(t);
    if (!points(t, after[k + 1], after[k - 1])) continue;
    const at = before.findIndex((x) => x.lower === t.lower);
    // A "them" of the question needs a plural or a group before it ("…a bank without them" names
    // nothing); a hedge the rewording adds ("…, if they do?") points to its own subject.
    const plural = at >= 0 && ['they', 'them', 'these', 'those'].includes(t.lower);
    const many = (x: Token) => x.lower !== x.lemma || x.pos === 'PROPN' || isGroupWord(x);
    if (after.slice(0, k).some((x) => NOUNS.has(x.pos) && (!plural || many(x)))) continue;
    const earlier = (at < 0 ? [] : before.slice(0, at))
      .map((x, k) => ({ x, k }))
      .filter(({ x }) => NOUNS.has(x.pos) && !kept.has(x.lower) && !kept.has(x.lemma));
    const last = earlier.at(-1);
    if (at < 0 || last) {
      failures.push({
        gate: 'dropped-referent',
        reason: last
          ? `"${t.text}" stood for "${phraseEndingAt(before, last.k)}", which the rewording drops.`
          : `"${t.text}" points to nothing the question names.`,
      });
    }
  }
  return failures;
}

/** What a question asks about: its main verb and the nouns it must keep. */
interface Ask {
  verb?: Token;
  nouns: Token[];
}

/** The noun phrase from `from`: determiners, adjectives, nouns (with "of" between nouns). */
function nounPhrase(tokens: Token[], from: number): Token[] {
  const out: Token[] = [];
  let k = from;
  let sawNoun = false;
  while (k < tokens.length) {
    const x = tokens[k]!;
    if (NOUNS.has(x.pos)) {
      out.push(x);
      sawNoun = true;
    } else if (
      !sawNoun &&
      (['DET', 'ADJ', 'NUM', 'PRON'].includes(x.pos) ||
        x.text === ',' ||
        x.pos === 'ADV' ||
        (x.lower === 'and' && tokens[k - 1]?.pos === 'ADJ'))
    ) {
      // before the noun
    } else if (sawNoun && x.pos === 'PART' && x.text === "'s") {
      // "the surgery's opening hours"
    } else if (
      sawNoun &&
      /^(?:VERB)$/.test(x.pos) &&
      /ing$/.test(x.lower) &&
      NOUNS.has(tokens[k + 1]?.pos ?? '')
    ) {
      out.push(x);
    } else break;
    k += 1;
  }
  return out;
}

/** "our", or "this"/"these" before a noun (not "this" standing alone). */
const namesOffer = (x: Token) =>
  x.lower === 'our' || (['this', 'these'].includes(x.lower) && x.pos !== 'PRON');

/** A word on the second side of a double question or an either-or: a rewording may drop it. */
function secondSide(t: Token[], x: Token, hits: readonly Hit[]): boolean {
  return hits.some(
    (h) =>
      (h.kind === 'double-barrelled' || h.kind === 'loaded-choice') &&
      x.start >= h.start &&
      x.end <= h.end &&
      t.some(
        (y) =>
          ['and', 'or', 'than', 'over', 'instead'].includes(y.lower) &&
          y.start >= h.start &&
          y.start < x.start,
      ),
  );
}

const loadedOnly = (hits: readonly Hit[]) => hits.filter((h) => h.kind === 'loaded-words');

/**
 * The offers a text names ("our planner", "this service"), each as its
 * nouns, but not a crowd ("our customers") nor the second half of a double
 * question or of an either-or.
 */
function offersOf(text: string, hits: readonly Hit[]): Token[][] {
  const offers: Token[][] = [];
  const loaded = hits.filter((h) => h.kind === 'loaded-words');
  for (const s of analyse(text)) {
    const t = s.tokens;
    for (const x of t) {
      if (!namesOffer(x)) continue;
      let nouns = nounPhrase(t, x.i + 1).filter((n) => NOUNS.has(n.pos));
      // Praise read as a noun ("our thrilling Friday-night sessions") names nothing: read on past it.
      while (nouns.length > 0 && nouns.every((n) => inHit(n, loaded)))
        nouns = nounPhrase(t, nouns.at(-1)!.i + 1).filter((n) => NOUNS.has(n.pos));
      const head = nouns.at(-1);
      if (!head || CROWDS.has(head.lemma) || CROWDS.has(head.lower.replace(/s$/, ''))) continue;
      const second = hits.some(
        (h) =>
          (h.kind === 'double-barrelled' || h.kind === 'loaded-choice') &&
          x.start >= h.start &&
          x.end <= h.end &&
          t.some(
            (y) =>
              ['and', 'or', 'than', 'over'].includes(y.lower) &&
              y.start >= h.start &&
              y.start < x.start,
          ),
      );
      if (!second) offers.push(nouns);
    }
  }
  return offers;
}

/** The question's main verb (not one that only frames an opinion) and the nouns it is about. */
function askOf(text: string, allHits: readonly Hit[] = []): Ask {
  // What a rewording may drop: loaded words, a crowd, an identity or an
  // invitation to agree; never the verb of a choice, a presumption or a
  // double question (only its second half goes).
  const hits = allHits.filter((h) =>
    ['loaded-words', 'social-proof', 'identity-appeal', 'agreement-framing'].includes(h.kind),
  );
  const s = askingSentence(analyse(text));
  if (!s) return { nouns: [] };
  const t = s.tokens;
  const qs = firstWord(t, questionStart(t));
  const verbs = t.filter(
    (x) => x.i >= qs && x.pos === 'VERB' && !inHit(x, hits) && !secondSide(t, x, allHits),
  );
  const verb = verbs.find((x) => !FRAME_VERBS.has(x.lemma));
  const nouns: Token[] = [];
  const take = (phrase: Token[]) => {
    for (const x of phrase)
      if (!inHit(x, hits) && !secondSide(t, x, allHits) && !nouns.includes(x)) nouns.push(x);
  };
  // The object of the verb, past any particle or preposition: "sign up for our plan".
  if (verb) {
    let k = verb.i + 1;
    while (t[k] && ['ADP', 'PART'].includes(t[k]!.pos) && k <= verb.i + 3) k += 1;
    take(nounPhrase(t, k));
  }
  // The offer, named by "our", "this" or "these", and what a framing verb is about.
  for (const x of t) {
    if (x.i < qs) continue;
    if (namesOffer(x) && !secondSide(t, x, allHits))
      for (const noun of nounPhrase(t, x.i + 1))
        if (!inHit(noun, loadedOnly(allHits)) && !nouns.includes(noun)) nouns.push(noun);
  }
  if (nouns.length === 0) {
    const first = nounsOf(t).find((x) => x.i >= qs && !inHit(x, hits));
    if (first) take(nounPhrase(t, first.i));
  }
  return { ...(verb ? { verb } : {}), nouns };
}

/** Opposites a reversed framing may use for a verb it turns round. */
const OPPOSITE_VERBS: Record<string, RegExp> = {
  pay: /\b(?:expensive|price|cost|cheap)\b/i,
  recommend: /\b(?:advise|warn)\w* against\b/i,
  like: /\bdislike\b/i,
  agree: /\bdisagree\b/i,
};

function lostAsk(original: string, candidate: string, framing: Framing): GateFailure[] {
  const hits = detect(analyse(original));
  const ask = askOf(original, hits);
  const after = words(analyse(candidate));
  const has = (t: Token) =>
    after.some(
      (x) =>
        x.lower === t.lower ||
        x.lemma === t.lemma ||
        (t.lower.length > 4 && x.lower.startsWith(t.lemma)),
    );
  const failures: GateFailure[] = [];
  if (ask.verb && !has(ask.verb)) {
    const opposite = OPPOSITE_VERBS[ask.verb.lemma];
    const antonym = ANTONYMS[ask.verb.lower] ?? ANTONYMS[ask.verb.lemma];
    const turned =
      opposite?.test(candidate) ||
      (antonym !== undefined && after.some((x) => x.lower === antonym || x.lemma === antonym));
    if (!(framing === 'reversed' && turned))
      failures.push({
        gate: 'lost-verb',
        reason: `It no longer asks about "${ask.verb.text}", the question's verb.`,
      });
  }
  const offer = offersOf(original, hits).find((nouns) => !nouns.some(has));
  if (offer)
    failures.push({
      gate: 'lost-object',
      reason: `It no longer names what is asked about ("${offer.map((n) => n.text).join(' ')}").`,
    });
  else if (
    !after.some((x) => NOUNS.has(x.pos)) &&
    words(analyse(original)).some((x) => NOUNS.has(x.pos))
  )
    failures.push({
      gate: 'lost-object',
      reason: 'It no longer names anything the question was about.',
    });
  // "Were the fish and chips hot?": the plain quality asked about stays (or turns into its opposite).
  const last = analyse(original).at(-1);
  const asked = last?.tokens ?? [];
  const quality = asked.find(
    (x, k) =>
      x.pos === 'ADJ' &&
      ['?', ',', 'enough'].includes(asked[k + 1]?.lower ?? '') &&
      asked.slice(0, k).some((y) => y.lemma === 'be') &&
      Math.abs(wordSentiment(x.lower)) <= 0.3,
  );
  const qualityTurned =
    quality !== undefined &&
    framing === 'reversed' &&
    after.some((x) => x.lower === (ANTONYMS[quality.lower] ?? ''));
  // An answer of a list that all leans one way ("good, great or unforgettable") may go.
  const span = last && oneSidedList(last);
  const offered = quality !== undefined && span && quality.start >= span.first.start;
  if (quality && !has(quality) && !qualityTurned && !offered)
    failures.push({
      gate: 'lost-verb',
      reason: `It no longer asks whether it is "${quality.text}".`,
    });
  const missing = ask.nouns.filter((n) => !has(n));
  if (missing.length > 0) {
    const kept = ask.nouns.length - missing.length;
    failures.push({
      gate: 'lost-object',
      reason:
        kept > 0
          ? `It keeps only part of what is asked about: "${missing.map((n) => n.text).join(' ')}" is gone.`
          : `It drops what is asked about ("${ask.nouns.map((n) => n.text).join(' ')}").`,
    });
  }
  return failures;
}

/** Whether a sentence asks without an auxiliary or a wh-word: a statement with a question mark. */
const askedAsStatement = (s: Sentence | undefined) =>
  !(s?.tokens ?? []).some(
    (y) => y.pos === 'AUX' || auxiliaries.has(y.lower) || whWords.has(y.lower),
  );

function shape(original: string, candidate: string): GateFailure[] {
  const text = candidate.trim();
  if (!text) return [{ gate: 'shape', reason: 'It is empty.' }];
  const failures: GateFailure[] = [];
  if (!text.endsWith('?')) failures.push({ gate: 'shape', reason: 'It does not end with "?".' });
  const asked = plain(text).replace(/[?,]+$/, '');
  if (STOCK.some((stock) => stock.test(asked)))
    failures.push({
      gate: 'shape',
      reason: 'It is a stock question that could be asked of anything.',
    });
  const analysed = analyse(text);
  const all = words(analysed);
  const count = all.length;
  const plural = all.find(
    (x, k) =>
      /^an?$/i.test(all[k - 1]?.text ?? '') &&
      x.pos === 'NOUN' &&
      x.lemma !== x.lower &&
      /s$/.test(x.lower),
  );
  if (plural)
    failures.push({ gate: 'shape', reason: `"a" stands before a plural ("${plural.text}").` });
  if (count < 3) failures.push({ gate: 'shape', reason: 'It is too short to be a question.' });
  failures.push(...brokenGrammar(original, text));
  if (/\b(\w+) \1\b/i.test(text.replace(/\b(that|had|is) \1\b/gi, '')))
    failures.push({ gate: 'shape', reason: 'It has a word twice in a row.' });
  if (
    /(?:^|[?.!]\s+)(?:and|or|but|so|because|if)\b[^?]*\?$/i.test(text) &&
    !/\bif so\b/i.test(text)
  ) {
    const opener = /(?:^|[?.!]\s+)(\w+)/.exec(text)?.[1] ?? '';
    if (/^(?:and|or|but|so|because)$/i.test(opener))
      failures.push({ gate: 'shape', reason: `It starts with "${opener}".` });
  }
  const dangling = /\b(and|or|but|of|to|with|than|the|a|an)\s*[,;:]?\s*[?.!]\s*$/i.exec(text);
  if (dangling)
    failures.push({ gate: 'shape', reason: `It ends on "${dangling[1]}", with nothing after it.` });
  // "the fabric range 's advice": a possessive cut off from its owner.
  if (/(?:^|\s)['’]s\b/.test(text))
    failures.push({ gate: 'shape', reason: 'It has an "\'s" with no word before it.' });
  // "Foodies shop at cheesemongers?": a statement given a question mark, once its tag was cut
  // (unless the original asks that way too: "Rate our service from 1 to 5?").
  const asking = analysed.at(-1);
  const statement =
    (asking?.tokens ?? []).some((y) => y.pos === 'VERB') && askedAsStatement(asking);
  if (statement && !askedAsStatement(analyse(original).at(-1)))
    failures.push({
      gate: 'shape',
      reason: 'It is a statement with a question mark, not a question.',
    });
  if ((text.match(/\?/g) ?? []).length > Math.max(1, (original.match(/\?/g) ?? []).length))
    failures.push({ gate: 'shape', reason: 'It asks more questions than the original.' });
  return failures;
}

/**
 * The gates a rewording of `original` must pass, and the reasons it fails
 * any, in plain words. Empty when the rewording may be offered.
 */
export function gate(
  original: string,
  candidate: string,
  framing: Framing = 'neutral',
): GateFailure[] {
  const failures: GateFailure[] = [...shape(original, candidate)];
  if (failures.some((f) => f.reason === 'It is empty.')) return failures;
  const still = detect(analyse(candidate));
  if (still.length > 0)
    failures.push({
      gate: 'still-leading',
      reason: `It still leads: "${still.map((h) => candidate.slice(h.start, h.end)).join('", "')}".`,
    });
  failures.push(
    ...repeatedPhrase(original, candidate),
    ...droppedReferent(original, candidate),
    ...lostAsk(original, candidate, framing),
  );
  return failures;
}
