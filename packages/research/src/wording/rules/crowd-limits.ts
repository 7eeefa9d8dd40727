// Where a crowd a sentence names is no social proof after all: a plain fact before a question
// that asks no one to go along, people compared with or beside the person, a rule put to
// people, and the person's own place on a waiting list.
import { adoptVerbs } from '../lexicon/claims';
import {
  balancedEndPattern,
  besidePrepositions,
  comparisonLinks,
  roughCountWords,
  strongEndorseVerbs,
} from '../lexicon/crowds';
import { bigCountWords, crowdCounts } from '../lexicon/people';
import { whWords } from '../lexicon/question-words';
import { valence } from '../lexicon/valence';
import type { Sentence, Token } from '../text';
import { type Hit, hedged, isQuestion, questionStart } from './tokens';

/** A plain fact about a crowd (no endorsing) before a question that asks no one to go along. */
export function plainFactPremise(
  t: Token[],
  from: number,
  to: number,
  next: Sentence | undefined,
): boolean {
  if (!next || !isQuestion(next)) return false;
  const endorsing = t
    .slice(to, Math.min(t.length, to + 5))
    .some((y) => (y.pos === 'VERB' || y.pos === 'NOUN') && strongEndorseVerbs.has(y.lemma));
  // "…more, fewer, or about the same?": a balanced question asks no one to conform.
  if (!endorsing && balancedEndPattern.test(next.text)) return true;
  // A count given roughly ("about 2,000", "around 4,000") reports; a hedged question asks freely.
  const rough = t.slice(Math.max(0, from - 2), to).some((y) => roughCountWords.has(y.lower));
  if (!rough && !hedged(next)) return false;
  const nt = next.tokens;
  const opener = nt[questionStart(nt)];
  // "Which…", "Where…" ask for a detail; "What…" only when hedged ("…, if anything?").
  if (
    !opener ||
    !(
      ['which', 'where'].includes(opener.lower) ||
      (whWords.has(opener.lower) && opener.lower !== 'why' && hedged(next))
    )
  )
    return false;
  return (
    !endorsing && !nt.some((y) => y.pos === 'VERB' && adoptVerbs.has(y.lemma) && y.lemma !== 'get')
  );
}

/** What a rule asks of people: "<members> are asked to…", "…are required to…". */
const ruleParticiples = new Set(['asked', 'required', 'expected', 'obliged', 'encouraged']);

/** "<members> are asked to…": a rule put to the crowd ending at `to`, not what it does. */
export function ruleAsked(t: Token[], to: number): boolean {
  const be = [to, to + 1].find((k) => t[k]?.lemma === 'be');
  return be !== undefined && ruleParticiples.has(t[be + 1]?.lower ?? '');
}

/** Words for putting oneself on a list, or taking oneself off it. */
const listingVerbs = new Set(['join', 'put', 'add', 'sign', 'leave', 'stay', 'remain']);

/**
 * A waiting list the person joins or is on ("joining the waiting list", "if you are on our
 * waiting list") is their own place in it, not demand put forward.
 */
export function ownPlaceInList(s: Sentence, found: Hit): boolean {
  if (!/wait/i.test(s.text.slice(found.start - s.start, found.end - s.start))) return false;
  const before = s.tokens.filter((y) => y.end <= found.start).slice(-4);
  return before.some((y) => y.lower === 'you' || listingVerbs.has(y.lemma));
}

/** People who are no crowd to follow: compared with ("than other brands", not "over 50,000"),
 *  beside the person ("near other people") or suffering ("families torn apart by…"). */
export function notFollowed(t: Token[], from: number, to: number, i: number): boolean {
  const count = (y: Token | undefined) =>
    y !== undefined &&
    (/^\d/.test(y.text) ||
      y.pos === 'NUM' ||
      crowdCounts.has(y.lower) ||
      bigCountWords.has(y.lower) ||
      ['half', 'a', 'an'].includes(y.lower));
  const before = t.slice(Math.max(0, from - 3), Math.max(from, Math.min(i, to)));
  if (before.some((y) => comparisonLinks.has(y.lower) && !count(t[y.i + 1]))) return true;
  const beside = t.slice(Math.max(0, from - 1), Math.min(i, to));
  if (beside.some((y) => besidePrepositions.has(y.lower))) return true;
  // "If you also shop at other <sellers>…": the others the person uses, not a crowd to follow.
  const others = t.slice(from, i).find((y) => y.lower === 'other');
  if (
    others &&
    t[others.i - 1]?.pos === 'ADP' &&
    t.slice(Math.max(0, others.i - 6), others.i).some((y) => y.lower === 'you')
  )
    return true;
  const suffered = t[to + 1];
  return (
    suffered !== undefined &&
    suffered.pos === 'VERB' &&
    suffered.lower !== suffered.lemma &&
    !/ing$/.test(suffered.lower) &&
    (valence(suffered.lower) < 0 || valence(suffered.lemma) < 0)
  );
}
