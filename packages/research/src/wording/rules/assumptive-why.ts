// A "why" that assumes the judgement, and "what makes X so good"
import {
  adoptVerbs,
  judgementVerbs,
  choiceNouns,
  verdictWords,
  presumedVerdicts,
  excelVerbs,
  chooserWords,
  choosingVerbs,
  causingVerbs,
  effectVerbs,
  opinionVerbs,
} from '../lexicon/claims';
import {
  comparisonWords,
  unratedVerdicts,
  otherEndWords,
  lowerEndWords,
} from '../lexicon/comparison';
import { gradedValence, scaleWords, valence } from '../lexicon/valence';
import type { KindRule } from './kind';
import type { Sentence, Token } from '../text';
import {
  OFFER_DETERMINERS,
  NEGATION,
  strongly,
  type Hit,
  hedged,
  span,
  MODALS,
  verbReadAsNoun,
  adjectiveReadAsNoun,
} from './tokens';
import { crowdIdiom } from './social-proof';

export function isComparative(
  t: Token,
  next: Token | undefined,
  after?: Token | undefined,
): boolean {
  if (comparisonWords.has(t.lower)) return true;
  if ((t.lower === 'more' || t.lower === 'less' || t.lower === 'most') && next?.pos === 'ADJ')
    return true;
  if (t.pos === 'ADJ' && /(?:er|est)$/.test(t.lower) && t.lemma !== t.lower && t.lower.length > 4)
    return true;
  if (t.lower === 'so' && (next?.pos === 'ADJ' || next?.lower === 'much' || next?.pos === 'ADV'))
    return true;
  if (t.lower === 'so' && adjectiveReadAsNoun(next, after)) return true;
  // "…so uplifting?", with the adjective read as a verb's -ing form.
  if (
    t.lower === 'so' &&
    next?.pos === 'VERB' &&
    /ing$/.test(next.lower) &&
    !after?.pos.match(/NOUN|DET|PRON/)
  )
    return true;
  return false;
}

/** "fairer", "easier", "happier": a comparative whose base word praises or runs down. */
function evaluativeComparative(t: Token): boolean {
  return (t.pos === 'ADJ' || t.pos === 'ADV') && Math.abs(gradedValence(t.lower)) >= 2;
}

function judgementIn(t: Token[], from: number, to: number): Token | undefined {
  for (let k = from; k <= to; k += 1) {
    const x = t[k]!;
    if (judgementVerbs.has(x.lemma) && x.pos === 'VERB') return x;
    // A verb read as a noun between its subject and its object: "…beginners trust Marta…".
    if (judgementVerbs.has(x.lemma) && verbReadAsNoun(t, k)) return x;
    // "more than one supermarket": a count, not a verdict.
    const quantity =
      ['than', 'more'].includes(x.lower) &&
      (t[k + 1]?.pos === 'NUM' || ['one', 'once', 'than'].includes(t[k + 1]?.lower ?? ''));
    // "rather than" weighs the offer against another only when the offer is named.
    const mereAlternative =
      x.lower === 'than' &&
      t[k - 1]?.lower === 'rather' &&
      !t.slice(from, k).some((y) => OFFER_DETERMINERS.has(y.lower));
    if (!quantity && !mereAlternative && isComparative(x, t[k + 1], t[k + 2])) return x;
    // "…is worth it", "…our plan worth": a merit stated, its reason asked.
    if (
      (x.lower === 'worth' || x.lower === 'worthwhile') &&
      t.slice(from, k).some((y) => OFFER_DETERMINERS.has(y.lower) || y.lemma === 'be')
    )
      return x;
    // "such a <good> <noun>": praise as a degree.
    if (x.lower === 'such') {
      const word = ['a', 'an'].includes(t[k + 1]?.lower ?? '') ? t[k + 2] : t[k + 1];
      if (word && ['ADJ', 'NOUN'].includes(word.pos) && valence(word.lower) > 0) return word;
    }
    // "the right <noun>", "the obvious <noun>": a verdict on a noun.
    if (
      presumedVerdicts.has(x.lower) &&
      ['the', 'a', 'an'].includes(t[k - 1]?.lower ?? '') &&
      t[k + 1]?.pos === 'NOUN'
    )
      return x;
    // "why are you still…", "why haven't you … yet": a change presumed overdue.
    if (
      x.lower === 'still' &&
      t.slice(from, k).some((y) => y.lower === 'you') &&
      !t.slice(k + 1, to + 1).some((y) => OFFER_DETERMINERS.has(y.lower))
    )
      return x;
    if (x.lower === 'yet' && k === to && t.slice(from, k).some((y) => NEGATION.has(y.lower)))
      return x;
    if ((x.pos === 'ADJ' || x.pos === 'ADV') && strongly(x, 3)) return x;
    if (unratedVerdicts.has(x.lower)) return x;
    if (evaluativeComparative(x)) return x;
    // A verdict as a noun: "your first choice", "the right move", "an improvement".
    if (choiceNouns.has(x.lemma) && verdictWords.has(t[k - 1]?.lower ?? '')) return x;
    if (x.pos === 'NOUN' && valence(x.lower) >= 2 && !scaleWords.has(x.lower)) return x;
    // Praise as a verb: "stand out", "excel", "outperform".
    if (x.lemma === 'stand' && t[k + 1]?.lower === 'out') return x;
    if (excelVerbs.has(x.lemma)) return x;
    // Loyalty taken for granted: "keep coming back to us", "always choose our brand".
    if (
      (x.lemma === 'keep' && /ing$/.test(t[k + 1]?.lower ?? '')) ||
      (x.lower === 'always' && t.slice(k + 1, to + 1).some((y) => OFFER_DETERMINERS.has(y.lower)))
    )
      return x;
    // A benefit taken for granted: "lost without our tool", "manage without us".
    if (x.lower === 'without' && OFFER_DETERMINERS.has(t[k + 1]?.lower ?? '')) return x;
  }
  return undefined;
}

/** "What do you love most about…": a favourite asked for, the liking presumed. */
function favouriteAsked(t: Token[], i: number, to: number): Token | undefined {
  for (let k = i + 1; k <= Math.min(to, i + 6); k += 1) {
    const x = t[k]!;
    if (!judgementVerbs.has(x.lemma) || valence(x.lemma) <= 0) continue;
    const most = t[k + 1];
    if (!most || !['most', 'best'].includes(most.lower)) return undefined;
    // Liked about the offer or the person's own use of it, not a pastime.
    if (t[k + 2]?.lower !== 'about') return undefined;
    const about = t.slice(k + 3, to + 1);
    if (!about.some((y) => OFFER_DETERMINERS.has(y.lower) || ['here', 'your'].includes(y.lower)))
      return undefined;
    // A milder liking ("enjoy", "like") presumes the verdict only in the
    // present and of the offer itself ("about our…", "about working here");
    // in the past ("what did you enjoy most…") or of the person's own thing
    // ("about your…") it asks for a high point of an experience.
    const past = t
      .slice(i + 1, k)
      .some((y) => y.lower === 'did' || (y.lemma === 'have' && y.pos === 'AUX'));
    const offer = about.some((y) => OFFER_DETERMINERS.has(y.lower) || y.lower === 'here');
    if (valence(x.lemma) < 3 && (past || !offer)) return undefined;
    // "most and least", "like or dislike": both sides asked for.
    const rest = t.slice(k + 1, to + 1);
    if (rest.some((y) => otherEndWords.has(y.lower))) return undefined;
    if (t.slice(i, k).some((y) => lowerEndWords.has(y.lower) || y.lower === 'or')) return undefined;
    return most;
  }
  return undefined;
}

/**
 * "What is it about <the offer> that…", "What is it, do you think, that…":
 * the relative clause is stated as fact and only its cause asked. It counts
 * when the clause praises (any praising word, or "sets … apart"), or when it
 * opens on a verb of causing or keeping ("…that keeps regulars coming back",
 * "…that draws such crowds"), whatever the thing is.
 */
function aboutTheOffer(t: Token[], i: number, to: number): Token | undefined {
  if (t[i + 1]?.lemma !== 'be' || t[i + 2]?.lower !== 'it') return undefined;
  const about = t[i + 3]?.lower === 'about';
  const that = t.findIndex((y, k) => k > i + 3 && k <= Math.min(to, i + 14) && y.lower === 'that');
  if (that < 0 || t[that + 1]?.pos === 'PRON') return undefined;
  // "What is it, do you think, that…": only an opinion frame between "it" and "that".
  if (
    !about &&
    !t
      .slice(i + 3, that)
      .every(
        (y) => y.pos === 'PUNCT' || opinionVerbs.has(y.lemma) || ['do', 'you'].includes(y.lower),
      )
  )
    return undefined;
  const verb = t[that + 1];
  const causes =
    verb !== undefined &&
    (verb.pos === 'VERB' || (verb.pos === 'NOUN' && t[that + 2]?.pos === 'PRON')) &&
    verb.lower !== verb.lemma &&
    !/ed$/.test(verb.lower) &&
    (causingVerbs.has(verb.lemma) || effectVerbs.has(verb.lemma));
  if (causes) return verb;
  if (!t.slice(i + 4, that).some((y) => OFFER_DETERMINERS.has(y.lower) || y.pos === 'PROPN'))
    return undefined;
  return t
    .slice(that + 2, to + 1)
    .find(
      (y) =>
        (y.lower === 'apart' && t[y.i - 2]?.lemma === 'set') ||
        (valence(y.lower) > 0 && !scaleWords.has(y.lower)),
    );
}

/**
 * "Why do you think <someone> <does something>…?", "Why do our pupils
 * <do something>…?": a deed stated in the present (or the perfect) as fact
 * and only its reason asked. The doer may be anyone when the clause names
 * the business ("…walkers recommend our routes", "…patients stay with Dr
 * Lee"), or, after an opinion frame, when it praises the person's own or
 * what is here; otherwise the doer is the business's own ("our…", a name).
 */
function meritClaimed(t: Token[], i: number, to: number): Token | undefined {
  if (!['do', 'does'].includes(t[i + 1]?.lower ?? '')) return undefined;
  const framed = t[i + 2]?.lower === 'you' && opinionVerbs.has(t[i + 3]?.lemma ?? '');
  const from = framed ? i + 4 : i + 2;
  const subject = t[from];
  if (!subject || (subject.pos === 'PRON' && subject.lower !== 'our') || subject.lower === 'there')
    return undefined;
  const ours = subject.lower === 'our' || subject.pos === 'PROPN';

  const verb = t
    .slice(from + 1, Math.min(to + 1, from + 7))
    .find((y) => y.pos === 'VERB' || verbReadAsNoun(t, y.i));
  if (!verb) return undefined;
  const perfect = ['have', 'has'].includes(t[verb.i - 1]?.lower ?? '');
  // Present tense, not "went up" or "charged": a standing merit, not an event or a fault.
  if (
    (/ed$/.test(verb.lower) && !perfect) ||
    t[verb.i + 1]?.lower === 'up' ||
    valence(verb.lemma) < -1
  )
    return undefined;
  if (ours) return verb;
  const clause = t.slice(from, to + 1);
  const named = clause.some(
    (y) => (OFFER_DETERMINERS.has(y.lower) && y.lower !== 'we') || y.pos === 'PROPN',
  );
  const praised = clause.some((y) => valence(y.lower) > 0 && !scaleWords.has(y.lower));
  return named || (framed && praised) ? verb : undefined;
}

/**
 * "Why do you think some lawns get more moss than others?": an opinion asked
 * about the world at large, naming neither the offer nor the person's own
 * (no "our", "your", "here" or name), so no judgement of the offer is taken
 * for granted.
 */
function aboutTheWorld(t: Token[], i: number, to: number): boolean {
  const framed = t[i + 2]?.lower === 'you' && opinionVerbs.has(t[i + 3]?.lemma ?? '');
  return (
    framed &&
    !t
      .slice(i + 4, to + 1)
      .some(
        (y) =>
          OFFER_DETERMINERS.has(y.lower) || ['your', 'here'].includes(y.lower) || y.pos === 'PROPN',
      )
  );
}

/** Taking up again, or passing on: verbs a crowd's loyalty is stated with. */
const LOYAL_VERBS = new Set(['rebook', 'return', 'recommend', 'renew', 'choose', 'pick']);

/** "…do 8 in 10 of our diners rebook…", "…did 300 families sign up for <Name>…": a crowd that took ours up. */
function crowdTookUp(t: Token[], i: number, to: number): Token | undefined {
  const act = t
    .slice(i + 2, to + 1)
    // (A verb after a plural noun may be read as a noun: "…our diners rebook…".)
    .find(
      (y) =>
        (y.pos === 'VERB' || (y.pos === 'NOUN' && t[y.i - 1]?.lower !== t[y.i - 1]?.lemma)) &&
        (adoptVerbs.has(y.lemma) || LOYAL_VERBS.has(y.lemma)),
    );
  if (!act || !['do', 'does', 'did', 'have', 'has'].includes(t[i + 1]?.lower ?? ''))
    return undefined;
  const subject = t.slice(i + 2, act.i).filter((y) => !['you', 'think'].includes(y.lower));
  const counted = subject.some((y) => y.pos === 'NUM') || subject.some((y) => y.lower === 'many');
  const ours = t
    .slice(i + 2, to + 1)
    .some((y) => OFFER_DETERMINERS.has(y.lower) || y.pos === 'PROPN');
  return counted && ours ? act : undefined;
}

function assumptiveWhy(s: Sentence): Hit[] {
  const t = s.tokens;
  if (hedged(s)) return [];
  const hits: Hit[] = [];
  for (let i = 0; i < t.length; i += 1) {
    const x = t[i]!;
    const end = t.findIndex(
      (y, k) => k > i && (y.text === '?' || y.text === '.' || y.text === ';'),
    );
    const to = end < 0 ? t.length - 1 : end - 1;
    // "Why…", "How come…": a reason asked for a judgement the question states.
    const reason =
      (x.lower === 'why' && t[i + 1]?.lower !== 'not') ||
      (x.lower === 'how' && t[i + 1]?.lower === 'come');
    if (reason) {
      const world = aboutTheWorld(t, i, to);
      const judged = world ? undefined : judgementIn(t, i + (x.lower === 'how' ? 2 : 1), to);
      if (judged) hits.push(span('assumptive-why', x, judged));
      else {
        // A crowd idiom after "why" (e.g. "the talk of the town"): the crowd's verdict as the premise.
        const idiom = crowdIdiom(s);
        if (idiom && idiom.start > x.start) {
          hits.push({ kind: 'assumptive-why', start: x.start, end: idiom.end });
          continue;
        }
        // "Why do you think our technicians fix most laptops within a day?": a merit of
        // the offer stated as fact, only its reason asked.
        const claim = x.lower === 'why' && !world ? meritClaimed(t, i, to) : undefined;
        if (claim) {
          hits.push(span('assumptive-why', x, claim));
          continue;
        }
        // "Why do 8 in 10 of our diners rebook…", "Why did 300 families sign up for <Name>…":
        // a crowd's taking up of ours stated as fact, only its reason asked.
        const crowdChose = x.lower === 'why' && !world ? crowdTookUp(t, i, to) : undefined;
        if (crowdChose) {
          hits.push(span('assumptive-why', x, crowdChose));
          continue;
        }
        // "Why should you choose…", "why would anyone buy…": the choice
        // presumed, only its reason asked.
        const should = t[i + 1];
        const who = t[i + 2];
        const act = t.slice(i + 3, Math.min(to + 1, i + 6)).find((y) => y.pos === 'VERB');
        if (
          should &&
          who &&
          act &&
          ['should', 'would', "'d"].includes(should.lower) &&
          chooserWords.has(who.lower) &&
          (adoptVerbs.has(act.lemma) || choosingVerbs.has(act.lemma)) &&
          t
            .slice(act.i + 1, to + 1)
            .some((y) => OFFER_DETERMINERS.has(y.lower) || y.pos === 'PROPN')
        ) {
          hits.push(span('assumptive-why', x, act));
        }
      }
    }
    if (x.lower === 'what') {
      // "What makes … so good", "what is it about … that keeps it so …",
      // "what do you think brings it so vividly to life" (not "what would make…").
      const makes = t
        .slice(i + 1, to + 1)
        .find(
          (y) =>
            causingVerbs.has(y.lemma) &&
            y.lower !== y.lemma &&
            !MODALS.has(t[y.i - 1]?.lower ?? '') &&
            (y.i === i + 1 ||
              t[y.i - 1]?.lower === 'that' ||
              opinionVerbs.has(t[y.i - 1]?.lemma ?? '')),
        );
      const judged =
        (makes ? judgementIn(t, makes.i + 1, to) : favouriteAsked(t, i, to)) ??
        aboutTheOffer(t, i, to);
      if (judged) hits.push(span('assumptive-why', x, judged));
    }
  }
  return hits;
}

export const assumptiveWhyKind: KindRule = {
  kind: 'assumptive-why',
  detect: (s) => assumptiveWhy(s),
  why: (p) =>
    `"${p}" asks why as if the judgement were already made; people who do not share it cannot answer.`,
};
