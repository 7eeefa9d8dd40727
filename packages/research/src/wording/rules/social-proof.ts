// Social proof and consensus
import { endorsedByOthers, shareOfThem, namedTop, ratedScore } from './endorsed-by-others';
import {
  accoladeWords,
  honourNouns,
  winningVerbs,
  endorsementTokens,
  adoptVerbs,
  bestsellerWords,
  characterAdjectives,
  crowdActVerbs,
  endorsedParticiples,
  endorseVerbs,
  evidenceNouns,
  favouriteNouns,
  featuredParticiples,
  findingVerbs,
  namingVerbs,
  votedForWords,
} from '../lexicon/claims';
import {
  authorityNouns,
  groupNouns,
  crowdQuantifiers,
  popularityParticiples,
  collectiveNouns,
  peoplePlurals,
  countedThings,
  bigCountWords,
  crowdCounts,
  crowdIdiomPattern,
  growingCountWords,
  homeNouns,
  popularSuperlativePattern,
  proportionNouns,
  staffNouns,
} from '../lexicon/people';
import { popularitySuperlatives, rankedCompoundPattern } from '../lexicon/comparison';
import { auxiliaries, whWords } from '../lexicon/question-words';
import { imagineVerbs } from '../lexicon/experience';
import type { KindRule } from './kind';
import { notFollowed, ownPlaceInList, plainFactPremise, ruleAsked } from './crowd-limits';
import type { Sentence, Token } from '../text';
import {
  busySuperlatives,
  demandPattern,
  hostileAgentNouns,
  institutionNouns,
  notUseUnits,
  placeFavouriteWords,
  placeWholes,
  strongEndorseVerbs,
  usedCountParticiples,
  varietyWords,
} from '../lexicon/crowds';
import {
  type Hit,
  asksFreely,
  isQuestion,
  questionStart,
  firstWord,
  MODALS,
  OFFER_DETERMINERS,
  span,
} from './tokens';

/** The singular of a plural noun, however it was read ("Attackers" as a name included). */
const singularOf = (t: Token) =>
  t.lower !== t.lemma
    ? t.lemma
    : t.lower.endsWith('ies')
      ? `${t.lower.slice(0, -3)}y`
      : t.lower.replace(/(?<!s)s$/, '');

/** A plural noun ("Clients" read as a name at the start of a sentence included). */
function isPlural(t: Token): boolean {
  if (t.lower !== t.lemma) return true;
  // "Londoners", "Parisians", "New Yorkers": people by where they live.
  if (t.pos === 'PROPN' && /(?:er|ian|an)s$/.test(t.lower)) return true;
  if (t.pos === 'PROPN' && t.i === 0 && AGENT_SUFFIX.test(t.lower)) return true;
  if (!t.lower.endsWith('s') || t.lower.endsWith('ss')) return false;
  return groupNouns.has(singularOf(t)) || authorityNouns.has(singularOf(t));
}

/** Words before a number that make it a size, not a crowd: "under 20 staff". */
const sizeWords = new Set(['under', 'below', 'fewer', 'less', 'to', 'upto']);

/** People by what they do: "gardeners", "accountants", "librarians", "residents" (not "plants"). */
const AGENT_SUFFIX = /^[a-z-]*[aeiouy][a-z-]*(?:er|or|ist|ian|ant|ent|ee|ess|ive)s$/;

/**
 * A strong count of people before a plural noun: "9 out of 10 vets", "nine
 * in ten guests", "millions of viewers", "70% of marketers", "the majority of
 * households". With such a count any plural noun is a crowd.
 */
function countedCrowd(t: Token[], i: number): number {
  const x = t[i]!;
  if (x.pos !== 'NOUN' || (x.lower === x.lemma && !peoplePlurals.has(x.lower))) return -1;
  if (countedThings.has(x.lemma)) return -1;
  // "two in three of your purchases": the person's own, not a crowd.
  if (t.slice(Math.max(0, i - 5), i).some((y) => y.lower === 'your')) return -1;
  const count = t
    .slice(Math.max(0, i - 5), i)
    .find(
      (y) =>
        crowdCounts.has(y.lower) ||
        ((y.pos === 'NUM' || /^\d/.test(y.text)) &&
          (t[y.i + 1]?.lower === 'in' ||
            (t[y.i + 1]?.lower === 'out' && t[y.i + 2]?.lower === 'of'))),
    );
  return count ? count.i : -1;
}

/** A word after a crowd that acts as its verb ("Millions trust our…", with "trust" read as a noun). */
function actsAsVerb(t: Token[], k: number): boolean {
  const y = t[k];
  if (!y) return false;
  if (y.pos === 'VERB' || y.pos === 'AUX') return true;
  const next = t[k + 1];
  return (
    y.pos === 'NOUN' &&
    (endorseVerbs.has(y.lemma) || adoptVerbs.has(y.lemma) || crowdActVerbs.has(y.lemma)) &&
    next !== undefined &&
    ['our', 'this', 'these', 'us', 'the', 'it', 'them', 'by', 'about', 'on'].includes(next.lower)
  );
}

export function isGroup(t: Token | undefined): boolean {
  if (!t) return false;
  if (t.pos !== 'NOUN' && t.pos !== 'PROPN' && t.pos !== 'PRON') return false;
  if (groupNouns.has(t.lemma) || groupNouns.has(t.lower) || authorityNouns.has(t.lemma))
    return true;
  const singular = singularOf(t);
  if (t.pos === 'PROPN' && (groupNouns.has(singular) || authorityNouns.has(singular))) return true;
  if (t.pos === 'PROPN' && /(?:er|ian|an)s$/.test(t.lower) && /^\p{Lu}/u.test(t.text)) return true;
  // "Agronomists recommend…": a plural read as a name because it opens the sentence.
  const opensSentence = t.pos === 'PROPN' && t.lower === t.lemma && t.i === 0;
  return (opensSentence || (t.pos === 'NOUN' && t.lower !== t.lemma)) && AGENT_SUFFIX.test(t.lower);
}

/** Where a phrase of `pattern` sits in the sentence, if it holds one. */
function phraseHit(s: Sentence, pattern: RegExp): Hit | undefined {
  const found = pattern.exec(s.text);
  if (!found) return undefined;
  const start = s.start + found.index;
  return { kind: 'social-proof', start, end: start + found[0].length };
}

/** Where a crowd idiom (`crowdIdiomPattern`) sits in the sentence, if it holds one. */
export const crowdIdiom = (s: Sentence) => phraseHit(s, crowdIdiomPattern);

/** An institution in the plural ("universities", "councils"), a crowd when counted or endorsing. */
const isInstitution = (t: Token) => institutionNouns.has(t.lemma) && t.lower !== t.lemma;

/** A count of uses, not of money or time: "downloaded 40,000 times", "sold a million copies". */
function usedCount(t: Token[], i: number): number {
  const x = t[i]!;
  if (!usedCountParticiples.has(x.lower) || x.pos !== 'VERB') return -1;
  for (let k = i + 1; k < Math.min(t.length, i + 5); k += 1) {
    const y = t[k]!;
    const big =
      Number(y.text.replace(/,/g, '')) >= 100 ||
      bigCountWords.has(y.lower) ||
      ['thousands', 'millions', 'hundreds'].includes(y.lower);
    if (!big) continue;
    let u = k + 1;
    while (t[u] && (bigCountWords.has(t[u]!.lower) || t[u]!.pos === 'NUM')) u += 1;
    const unit = t[u];
    if (unit && unit.pos === 'NOUN' && !notUseUnits.has(unit.lemma)) return u;
    return -1;
  }
  return -1;
}

function socialProof(s: Sentence, next?: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  // Crowd idioms ("all the rage") and demand ("fully booked", "a waiting list").
  for (const pattern of [crowdIdiomPattern, demandPattern]) {
    const found = phraseHit(s, pattern);
    if (found && !(pattern === demandPattern && ownPlaceInList(s, found))) hits.push(found);
  }
  // "You're the <role> everyone <verb>": a crowd that describes the person.
  const aboutYou =
    t[firstWord(t)]?.lower === 'you' && ['be', 'have'].includes(t[firstWord(t) + 1]?.lemma ?? '');
  const question = isQuestion(s);
  const qStart = question ? questionStart(t) : t.length;
  const opener = t[firstWord(t)];
  for (let i = 0; i < t.length; i += 1) {
    const x = t[i]!;
    // The crowd: a quantity or quantifier before a group ("12,000 companies",
    // "most dentists", "nine out of ten students"), "everyone", or a bare
    // plural group doing something ("Doctors recommend…", "Your competitors are…").
    let from = -1;
    let to = -1;
    if (x.lower === 'everyone' || x.lower === 'everybody') {
      // "Everyone's garden is different": variety, not a crowd to follow.
      if (t.slice(i + 1, i + 6).some((y) => varietyWords.has(y.lower))) continue;
      from = i;
      to = i;
    } else if (
      x.pos === 'NOUN' &&
      (isPlural(x) || peoplePlurals.has(x.lower)) &&
      t[i + 1]?.lower === 'like' &&
      ['you', 'yourself', 'yours'].includes(t[i + 2]?.lower ?? '') &&
      actsAsVerb(t, i + 3)
    ) {
      // "People like you love…", "Teams like yours use…"
      from = i;
      to = i + 3;
    } else if (hostileAgentNouns.has(singularOf(x))) {
      // Attackers and thieves are a threat, not a crowd to follow.
      continue;
    } else if (
      (isGroup(x) ||
        isInstitution(x) ||
        countedCrowd(t, i) >= 0 ||
        // "Every <club> in <a place>…": a collective counted whole.
        (collectiveNouns.has(x.lemma) &&
          t.slice(Math.max(0, i - 2), i).some((y) => ['every', 'each'].includes(y.lower)))) &&
      (isPlural(x) ||
        peoplePlurals.has(x.lower) ||
        ['every', 'each'].includes(t[i - 1]?.lower ?? '') ||
        ['every', 'each'].includes(t[i - 2]?.lower ?? ''))
    ) {
      let j = i - 1;
      while (
        j >= 0 &&
        ['ADJ', 'NOUN', 'PROPN', 'PUNCT'].includes(t[j]!.pos) &&
        t[j]!.text !== ',' &&
        i - j < 4
      )
        j -= 1;
      while (
        j >= 0 &&
        ['ADP', 'DET', 'PRON'].includes(t[j]!.pos) &&
        t[j]!.lower !== 'our' &&
        i - j < 6
      )
        j -= 1;
      // "Like most of our <people>, which…", "Most of our <people> <do>; which…": the
      // quantifier before "of our", in the sentence that asks.
      if (
        question &&
        t[j]?.lower === 'our' &&
        t[j - 1]?.lower === 'of' &&
        crowdQuantifiers.has(t[j - 2]?.lower ?? '')
      )
        j -= 2;
      const before = t[j];
      // A crowd, not a count: "most", "thousands", "12,000", "9 in 10" (not "three dinners").
      const quantifier = (y: Token) =>
        (crowdQuantifiers.has(y.lower) && y.lower !== 'nine') ||
        rankedCompoundPattern.test(y.lower) ||
        (y.lower === 'number' && growingCountWords.has(t[y.i - 1]?.lower ?? '')) ||
        // "12,000 firms", not "teams of under 20 staff" (a size).
        (Number(y.text.replace(/,/g, '')) >= 50 &&
          !sizeWords.has(t[y.i - 1]?.lower ?? '') &&
          !sizeWords.has(t[y.i - 2]?.lower ?? '') &&
          // "…a bar for 80 guests?": the size of what is asked about.
          !(t[y.i - 1]?.lower === 'for' && question && y.i >= qStart)) ||
        bigCountWords.has(y.lower) ||
        ((y.pos === 'NUM' || /^\d/.test(y.text)) &&
          (['in', 'of'].includes(t[y.i + 1]?.lower ?? '') || t[y.i + 1]?.text === '%'));
      const counted = countedCrowd(t, i);
      if (counted >= 0 && counted < j) j = counted;
      const quantified =
        counted >= 0 ||
        t.slice(Math.max(0, j), i).some(quantifier) ||
        // "9 out of 10 dentists"
        t
          .slice(Math.max(0, j), i)
          .some(
            (y) =>
              (y.pos === 'NUM' || /^\d/.test(y.text)) &&
              t[y.i + 1]?.lower === 'out' &&
              t[y.i + 2]?.lower === 'of',
          );
      // "How many (of your) people…", "what share of your customers…": a count asked for.
      const howMany = t
        .slice(Math.max(0, j - 4), i)
        .some(
          (y) =>
            (y.lower === 'how' && ['many', 'much'].includes(t[y.i + 1]?.lower ?? '')) ||
            (y.lower === 'what' && proportionNouns.has(t[y.i + 1]?.lower ?? '')),
        );
      if (quantified && !howMany) {
        from = Math.max(0, j);
        to = i;
      } else if (
        (authorityNouns.has(x.lemma) ||
          j < 0 ||
          ['your', 'their', 'our', 'other'].includes(before?.lower ?? '') ||
          (before !== undefined &&
            collectiveNouns.has(before.lower) &&
            t[before.i + 1]?.lower === 'of')) &&
        // The offer's own premises are no crowd: "our studios are…".
        !(isInstitution(x) && !isGroup(x) && before?.lower === 'our')
      ) {
        // A bare plural acting: needs a verb right after it (any verb, when it
        // is a statement), past a phrase saying where the crowd is ("Teams at
        // Google and Stripe rely on…", "Your peers in other departments have…").
        let after = i + 1;
        // "Firms of your size…": a phrase saying which crowd, like one saying where.
        const ofWhich =
          t[after]?.lower === 'of' &&
          ['your', 'their', 'similar'].includes(t[after + 1]?.lower ?? '');
        if (t[after]?.pos === 'ADP' && (ofWhich || !['of', 'like'].includes(t[after]!.lower))) {
          after += 1;
          while (
            after < t.length &&
            after < i + 9 &&
            // "Teachers across … use our…", with "use" read as a noun.
            !(after > i + 2 && t[after]!.pos === 'NOUN' && actsAsVerb(t, after)) &&
            (['DET', 'ADJ', 'NOUN', 'PROPN', 'CCONJ', 'NUM'].includes(t[after]!.pos) ||
              (ofWhich && after === i + 2) ||
              t[after]!.text === ',' ||
              // "at companies like yours"
              (t[after]!.lower === 'like' &&
                ['yours', 'you'].includes(t[after + 1]?.lower ?? '')) ||
              (t[after]!.lower === 'yours' && t[after - 1]?.lower === 'like')) &&
            (!['you', 'your'].includes(t[after]!.lower) || (ofWhich && after === i + 2))
          )
            after += 1;
        }
        const verb = t
          .slice(after, after + 3)
          .find(
            (y) => y.pos === 'VERB' || y.pos === 'AUX' || (y.i === after && actsAsVerb(t, y.i)),
          );
        // "<people> could…", "<people> might…": what they may do, not what they do.
        const possible = verb !== undefined && (MODALS.has(verb.lower) || verb.lower === 'may');
        // "Our guides keep…": the offer's own people at work, unless they endorse. "Our
        // <mowers> are…": a word read as people by its ending only, described, is the offer.
        const ownStaff =
          before?.lower === 'our' &&
          ((staffNouns.has(singularOf(x)) && !endorseVerbs.has(verb?.lemma ?? '')) ||
            (verb?.lemma === 'be' &&
              !groupNouns.has(singularOf(x)) &&
              !authorityNouns.has(singularOf(x)) &&
              !peoplePlurals.has(x.lower)));
        if (
          verb &&
          !possible &&
          !ownStaff &&
          (endorseVerbs.has(verb.lemma) ||
            (!isQuestion(s) &&
              (!isInstitution(x) || isGroup(x) || strongEndorseVerbs.has(verb.lemma))) ||
            t.slice(i + 1, i + 3).some((y) => y.lower === 'already'))
        ) {
          from = Math.max(0, j + 1);
          to = verb.i;
        }
      }
    } else if (
      endorsementTokens.has(x.lemma) &&
      x.lower !== x.lemma &&
      t
        .slice(Math.max(0, i - 4), i)
        .some(
          (y) =>
            (Number(y.text.replace(/,/g, '')) >= 50 && !sizeWords.has(t[y.i - 1]?.lower ?? '')) ||
            bigCountWords.has(y.lower) ||
            ['thousands', 'millions', 'hundreds'].includes(y.lower),
        )
    ) {
      // "<a big count> <rated> reviews", "thousands of sign-ups": a count of endorsements.
      from = Math.max(0, i - 3);
      while (from < i && !/[0-9a-z]/i.test(t[from]!.text)) from += 1;
      to = i;
    } else if (evidenceNouns.has(x.lower) && findingVerbs.has(t[i + 1]?.lemma ?? '')) {
      from = i;
      to = i + 1;
    } else if (
      endorsedParticiples.has(x.lower) &&
      (t[i + 1]?.lower === 'by' || (x.lower === 'relied' && t[i + 1]?.lower === 'on')) &&
      // "used by your …" in a question asks about the person's own people.
      !(t[i + 2]?.lower === 'your' && question && i >= qStart) &&
      t
        .slice(i + 2, i + 7)
        .some(
          (y) =>
            isGroup(y) ||
            countedCrowd(t, y.i) >= 0 ||
            y.pos === 'PROPN' ||
            crowdQuantifiers.has(y.lower) ||
            /^\d/.test(y.text),
        )
    ) {
      // "Loved by over 50,000…", "used by leading hospitals"
      from = i;
      to = i + 1;
    } else if (x.lower === 'voted' && votedForWords.has(t[i + 1]?.lower ?? '')) {
      // "Voted best…"
      from = i;
      to = i + 1;
    } else if (
      favouriteNouns.has(x.lower) &&
      ['of', 'among', 'with'].includes(t[i + 1]?.lower ?? '') &&
      t.slice(i + 2, i + 5).some((y) => isGroup(y) && (isPlural(y) || peoplePlurals.has(y.lower)))
    ) {
      // "the choice of professionals", "a favourite among parents"
      from = i;
      to = i + 2;
    } else if (
      namingVerbs.has(x.lemma) &&
      x.pos === 'VERB' &&
      x.lower !== x.lemma &&
      (t[i + 1]?.lower === 'us' || t[i + 1]?.lower === 'our') &&
      t.slice(i + 2, i + 6).some((y) => accoladeWords.has(y.lower))
    ) {
      // "<firm> named us a leader", "readers voted us the best…"
      from = Math.max(0, i - 1);
      to = i + 1;
    } else if (
      winningVerbs.has(x.lemma) &&
      x.pos === 'VERB' &&
      t.slice(i + 1, i + 6).some((y) => honourNouns.has(y.lemma))
    ) {
      // "<our bakery> won gold at…", "…scooped a national award"
      from = i;
      to = t.slice(i + 1, i + 6).find((y) => honourNouns.has(y.lemma))!.i;
    } else if (x.lower === 'trusted' && t[i + 1]?.lower === 'by') {
      from = i;
      to = i + 1;
    } else if (
      x.lower === 'as' &&
      featuredParticiples.has(t[i + 1]?.lower ?? '') &&
      ['on', 'in', 'by'].includes(t[i + 2]?.lower ?? '')
    ) {
      // "As seen on TV", "as featured in Forbes"
      from = i;
      to = i + 2;
    } else if (
      placeFavouriteWords.has(x.lower) &&
      t[i - 1]?.lower === "'s" &&
      (placeWholes.has(t[i - 2]?.lower ?? '') || t[i - 2]?.pos === 'PROPN')
    ) {
      // "the nation's favourite", "the city's best-loved": a whole place's verdict.
      from = i - 2;
      to = i;
    } else if (usedCount(t, i) >= 0) {
      // "downloaded 40,000 times", "sold a million copies"
      from = i;
      to = usedCount(t, i);
    } else if (
      busySuperlatives.has(x.lower) ||
      popularSuperlativePattern.test(x.lower) ||
      (popularityParticiples.has(x.lower) && popularitySuperlatives.has(t[i - 1]?.lower ?? ''))
    ) {
      // "the fastest-growing platform", "our most popular room", "top rated".
      // Asking which is most popular in the person's own world ("what is the
      // most popular … in your …") is not pointing at a crowd.
      const owner = t
        .slice(Math.max(0, i - 3), i)
        .some((y) => OFFER_DETERMINERS.has(y.lower) || y.lower === 'the' || y.lower === 'a');
      const asking =
        question &&
        whWords.has(opener?.lower ?? '') &&
        t.slice(qStart, i).some((y) => y.lemma === 'be');
      if (owner && !asking) {
        from = popularSuperlativePattern.test(x.lower) || busySuperlatives.has(x.lower) ? i : i - 1;
        to = i;
      }
    } else if (
      bestsellerWords.has(x.lower) ||
      (x.lower === '#' && t[i + 1]?.text === '1') ||
      (x.lower === 'number' && t[i + 1]?.lower === 'one')
    ) {
      from = i;
      to = i;
    } else if (x.lower === 'in' && (t[i + 1]?.pos === 'NUM' || /^\d/.test(t[i + 1]?.text ?? ''))) {
      const home = t.slice(i + 2, i + 4).find((y) => homeNouns.has(y.lemma));
      if (home) {
        from = i;
        to = home.i;
      }
    }
    if (from < 0) continue;
    if (notFollowed(t, from, to, i)) continue;
    // "everyone should…", "every couple must…", "members are asked to…": a norm or a rule
    // put forward, not what others do.
    if (['should', 'must', 'ought'].includes(t[to + 1]?.lower ?? '')) continue;
    if (ruleAsked(t, to)) continue;
    if (aboutYou && (x.lower === 'everyone' || x.lower === 'everybody') && t[i - 1]?.pos === 'NOUN')
      continue;
    if (!question && plainFactPremise(t, from, to + 1, next)) continue;
    // Asking about others is not pointing at them: "do most of your …",
    // "how many people…"
    const subjectOfQuestion =
      question && from >= qStart && from <= qStart + 2 && auxiliaries.has(t[qStart]!.lower);
    // A counted crowd as the subject of a "why" ("Why do most <people>…") is
    // no count asked for: the "why" takes what the crowd does for granted.
    const whyCrowd = (a: number, b: number) =>
      opener?.lower === 'why' &&
      a <= qStart + 3 &&
      t.slice(a, b).some((y) => crowdQuantifiers.has(y.lower) || /^\d/.test(y.text));
    const whSubject =
      question &&
      whWords.has(opener?.lower ?? '') &&
      !whyCrowd(from, to) &&
      from <= qStart + 3 &&
      from >= qStart;
    if (subjectOfQuestion || whSubject) continue;
    // The offer's own staff in an imagined scene ("Suppose our <staff> could…") are no crowd.
    if (imagineVerbs.has(opener?.lemma ?? '') && t[from - 1]?.lower === 'our') continue;
    if (imagineVerbs.has(opener?.lemma ?? '') && t[from]?.lower === 'our') continue;
    // A group someone is told they belong to ("Smart founders…") is identity, not a crowd.
    // (With a crowd word before it, it is a crowd again: "Most successful startups…")
    const crowdWord = t
      .slice(from, to)
      .some((y) => crowdQuantifiers.has(y.lower) || y.pos === 'NUM' || /^\d/.test(y.text));
    if (
      !crowdWord &&
      t.slice(from, to).some((y) => characterAdjectives.has(y.lower) && y.lower !== 'good')
    )
      continue;
    if (t.slice(to + 1, to + 4).some((y) => y.lower === 'like' && t[y.i + 1]?.lower === 'you'))
      continue;
    const speaksToYou = t.some(
      (y) => y.lower === 'you' || y.lower === 'your' || y.lower === 'yours',
    );
    if (!question || speaksToYou || !isQuestion(s) || whyCrowd(from, to)) {
      hits.push(span('social-proof', t[from]!, t[to]!));
      i = to;
    }
  }
  return hits;
}

/** A crowd that is a model of the right kind of person is an identity appeal ("Most <adjective> <people>…" still counts). */
const notModel = (hit: Hit, found: readonly Hit[]) =>
  !found.some((h) => h.kind === 'identity-appeal' && h.start <= hit.start && hit.start < h.end);

export const socialProofKind: KindRule = {
  kind: 'social-proof',
  // A crowd stated before an ask that leaves every answer open informs.
  detect: (s, { sentences, next, found }) =>
    asksFreely(sentences)
      ? []
      : [
          ...socialProof(s, next),
          ...endorsedByOthers(s, next),
          ...shareOfThem(s),
          ...ratedScore(s),
          ...namedTop(s),
        ].filter((h) => notModel(h, found)),
  why: (p) =>
    `"${p}" tells people what others do or think, which pushes them to go along rather than say what they would do.`,
};
