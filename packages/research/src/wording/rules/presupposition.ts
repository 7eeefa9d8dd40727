// Presupposition: an experience, a benefit or a problem taken for granted
import { difficultyWords, hardshipVerbs, wearinessWords } from '../lexicon/feelings';
import {
  adoptVerbs,
  benefitVerbs,
  problemNouns,
  highPointWords,
  highPointNouns,
  moneyVerbs,
  benefitNouns,
  noticedBenefitNouns,
  startingVerbs,
  persuadeVerbs,
  matteringVerbs,
} from '../lexicon/claims';
import {
  auxiliaries,
  whWords,
  frequencyWords,
  improvementLinks,
  placeLinks,
} from '../lexicon/question-words';
import { dislikeEndWords, excessWords, improvementComparatives } from '../lexicon/comparison';
import {
  becomingVerbs,
  enjoyVerbs,
  likingVerbs,
  noticingVerbs,
  realisationVerbs,
  realisedStates,
  usingVerbs,
} from '../lexicon/experience';
import { breakdownParticles, breakdownVerbs } from '../lexicon/phrasal';
import { imaginedOpeners, occasionDates } from '../lexicon/presumed';
import { scaleWords, valence, answerScaleWords } from '../lexicon/valence';
import type { KindRule } from './kind';
import type { Sentence, Token } from '../text';
import {
  type Hit,
  hedged,
  MODALS,
  OFFER_DETERMINERS,
  span,
  isQuestion,
  firstWord,
  questionStart,
  NEGATION,
  screened,
} from './tokens';
import { isComparative } from './assumptive-why';
import { allPraise } from './loaded-choice';
import {
  presumedBooking,
  presumedDecision,
  presumedNext,
  presumedSlot,
  presumedTakeUp,
  presumedJoined,
} from './presumed-decision';
import { presumedHabit } from './presumed-habits';
import { presumedEvent, presumedWhy } from './presumed-event';

function presupposition(s: Sentence): Hit[] {
  const t = s.tokens;
  if (hedged(s)) return [];
  const hits: Hit[] = [];
  const modal = t.some((y) => MODALS.has(y.lower));
  const ours = t.some((y) => OFFER_DETERMINERS.has(y.lower));
  for (let i = 0; i < t.length; i += 1) {
    const x = t[i]!;
    const n1 = t[i + 1];
    const n2 = t[i + 2];
    // "How much do you love or hate…" offers both sides.
    const balanced = t.some(
      (y) =>
        y.lower === 'or' &&
        Math.sign(valence(t[y.i - 1]?.lemma ?? '') || valence(t[y.i - 1]?.lower ?? '')) *
          Math.sign(valence(t[y.i + 1]?.lemma ?? '') || valence(t[y.i + 1]?.lower ?? '')) <
          0,
    );
    // "When did you realise you needed…", "When did you first notice…": the
    // realisation itself taken for granted.
    if (
      x.lower === 'when' &&
      ['did', 'have'].includes(n1?.lower ?? '') &&
      n2?.lower === 'you' &&
      t.slice(i + 3, i + 5).some((y) => realisationVerbs.has(y.lemma) && y.pos === 'VERB') &&
      t
        .slice(i + 4, t.length)
        .some(
          (y) => OFFER_DETERMINERS.has(y.lower) || y.pos === 'ADJ' || realisedStates.has(y.lower),
        )
    ) {
      hits.push(span('presupposition', x, t[Math.min(t.length - 1, i + 4)]!));
      continue;
    }
    // A benefit named as a fact: "the difference our vitamins made", "the
    // improvement our app brought", "the results you got from our plan".
    if (
      benefitNouns.has(x.lower) &&
      t[i - 1]?.lower === 'the' &&
      !modal &&
      t.slice(i + 1, i + 4).some((y) => OFFER_DETERMINERS.has(y.lower)) &&
      isQuestion(s)
    ) {
      hits.push(span('presupposition', t[i - 1]!, t[Math.min(t.length - 1, i + 3)]!));
      continue;
    }
    if (x.lower === 'how' && n1 && !balanced) {
      // "How stressed are you…", "How excited are you about…", "How annoying are…"
      if (
        (n1.pos === 'ADJ' || n1.pos === 'VERB') &&
        !answerScaleWords.has(n1.lower) &&
        (valence(n1.lower) <= -2 || valence(n1.lower) >= 3)
      ) {
        hits.push(span('presupposition', x, n1));
        continue;
      }
      // "How much do you love…", "How much are overdraft charges hurting…", "How many hours do you waste…"
      if (n1.lower === 'much' && ours && !modal) {
        const liking = t
          .slice(i + 2, i + 6)
          .find((y) => y.pos === 'VERB' && likingVerbs.has(y.lemma));
        if (liking) {
          hits.push(span('presupposition', x, liking));
          continue;
        }
      }
      if (['much', 'many', 'long'].includes(n1.lower)) {
        const verb = t
          .slice(i + 2, t.length)
          .find(
            (y) =>
              y.pos === 'VERB' &&
              !moneyVerbs.has(y.lemma) &&
              (valence(y.lower) <= -1 ||
                valence(y.lemma) <= -1 ||
                (valence(y.lemma) >= 3 && !modal) ||
                hardshipVerbs.has(y.lemma)),
          );
        if (verb) {
          hits.push(span('presupposition', x, verb));
          continue;
        }
        // "How much more confident…", "How much better do you sleep since…"
        if (n2 && improvementComparatives.has(n2.lower) && !modal) {
          hits.push(span('presupposition', x, t[i + 3] ?? n2));
          continue;
        }
      }
      if (
        n1.lower === 'soon' &&
        t
          .slice(i + 2, i + 7)
          .some((y) => y.lemma === 'plan' || y.lower === 'will' || y.lower === 'going')
      ) {
        hits.push(span('presupposition', x, n1));
        continue;
      }
    }
    // "How has our meal kit made…", "How much time has our tool saved…", "Which of our methods helped…"
    if (['how', 'what', 'which'].includes(x.lower) && !modal && ours) {
      const benefit = t
        .slice(i + 1)
        .find(
          (y) =>
            y.pos === 'VERB' &&
            benefitVerbs.has(y.lemma) &&
            y.lower !== y.lemma &&
            !(
              y.lemma === 'make' &&
              !t.slice(y.i + 1).some((z, k) => k < 5 && isComparative(z, t[z.i + 1], t[z.i + 2]))
            ),
        );
      // "What makes our … better…" asks for the reason of a merit (an assumptive why).
      const whatMakes = x.lower === 'what' && benefit?.lemma === 'make' && benefit.i === i + 1;
      if (
        benefit &&
        !whatMakes &&
        !t.slice(i + 1, benefit.i).some((y) => y.lower === 'would' || y.lower === 'will')
      ) {
        hits.push(span('presupposition', x, benefit));
        continue;
      }
    }
    // "How much … has our … taken off you": the effect of the offer taken for granted.
    if (x.lower === 'how' && (n1?.lower === 'much' || n1?.lower === 'many') && !modal) {
      const aux = t
        .slice(i + 2, i + 6)
        .find((y) => ['has', 'have', 'did', 'does', 'do'].includes(y.lower));
      const verb = aux && t.slice(aux.i + 1).find((y) => y.pos === 'VERB');
      if (
        aux &&
        verb &&
        t
          .slice(aux.i + 1, verb.i)
          .some((y) => OFFER_DETERMINERS.has(y.lower) || y.pos === 'PROPN') &&
        !t.slice(aux.i + 1, verb.i).some((y) => y.lower === 'you')
      ) {
        hits.push(span('presupposition', x, verb));
        continue;
      }
    }
    // "When are you going to switch…", "How soon are you planning to…"
    if (['when', 'how'].includes(x.lower)) {
      const going = t
        .slice(i + 1, i + 6)
        .find((y) => (y.lower === 'going' || y.lower === 'planning') && t[y.i + 1]?.lower === 'to');
      const verb = going && t[going.i + 2];
      if (
        going &&
        verb &&
        adoptVerbs.has(verb.lemma) &&
        t.slice(i + 1, going.i).some((y) => y.lower === 'you')
      ) {
        hits.push(span('presupposition', x, verb));
        continue;
      }
    }
    // "How often do you get annoyed by…": a feeling taken for granted.
    if (x.lower === 'how' && ['often', 'much', 'many'].includes(n1?.lower ?? '')) {
      const feel = t.slice(i + 2).find((y) => becomingVerbs.has(y.lemma) && y.pos !== 'AUX');
      const state = feel && t[feel.i + 1];
      const cause =
        state && ['by', 'with', 'about', 'at', 'when'].includes(t[state.i + 1]?.lower ?? '');
      if (state && cause && valence(state.lower) <= -2 && !moneyVerbs.has(state.lemma)) {
        hits.push(span('presupposition', x, state));
        continue;
      }
    }
    // "When will you move…", "which … will you book", "how often will you use…"
    if (['when', 'which', 'how', 'what'].includes(x.lower)) {
      const will = t.slice(i + 1, i + 5).find((y) => y.lower === 'will' || y.lower === "'ll");
      const verb = will && t.slice(will.i + 1, will.i + 4).find((y) => y.pos === 'VERB');
      if (will && t[will.i + 1]?.lower === 'you' && verb && adoptVerbs.has(verb.lemma)) {
        hits.push(span('presupposition', x, verb));
        continue;
      }
    }
    // "What do you like most about our…", "your favourite part of your stay with us"
    if (enjoyVerbs.has(x.lemma) && x.pos === 'VERB' && !modal && ours) {
      // "Which did you enjoy more: our…": the liking of both, in the past, presumed.
      const about = t
        .slice(i + 1, i + 4)
        .some(
          (y) =>
            y.lower === 'about' ||
            y.lower === 'most' ||
            (y.lower === 'more' && t[i - 2]?.lower === 'did'),
        );
      if (about && t.slice(0, i).some((y) => whWords.has(y.lower))) {
        hits.push(span('presupposition', x, t[i + 1]!));
        continue;
      }
    }
    if (
      (x.lower === 'favourite' ||
        x.lower === 'favorite' ||
        (x.lower === 'most' && n1?.lower === 'excited')) &&
      ours &&
      !modal &&
      t.slice(0, i).some((y) => whWords.has(y.lower))
    ) {
      hits.push(span('presupposition', x, n1 ?? x));
      continue;
    }
    // "Now that you've seen…", "After enjoying our…", "since you started using our…"
    if (x.lower === 'now' && n1?.lower === 'that' && n2?.lower === 'you') {
      hits.push(span('presupposition', x, t[i + 4] ?? n2));
      continue;
    }
    if (
      x.lower === 'after' &&
      n1?.pos === 'VERB' &&
      /ing$/.test(n1.lower) &&
      valence(n1.lemma) >= 2
    ) {
      hits.push(span('presupposition', x, n1));
      continue;
    }
    if (
      x.lower === 'since' &&
      // "Has … changed since…" asks whether it did.
      !auxiliaries.has(t[firstWord(t)]?.lower ?? '') &&
      t.slice(i + 1, i + 4).some((y) => startingVerbs.has(y.lemma))
    ) {
      const change = t.some(
        (y) =>
          isComparative(y, t[y.i + 1], t[y.i + 2]) ||
          (benefitVerbs.has(y.lemma) && y.lemma !== 'make') ||
          y.lemma === 'benefit',
      );
      if (change) {
        hits.push(span('presupposition', x, t[Math.min(t.length - 1, i + 3)]!));
        continue;
      }
    }
    // "What problems does your current CRM cause…", "the biggest frustration with…"
    // (A noun naming another is a name, not a claim: "our issue tracker", "our benefits platform".)
    const modifier = n1?.pos === 'NOUN' && !problemNouns.has(n1.lemma) && n1.lower !== 'points';
    if (
      problemNouns.has(x.lemma) &&
      x.pos === 'NOUN' &&
      !modifier &&
      !modal &&
      t.slice(0, i).some((y) => whWords.has(y.lower))
    ) {
      hits.push(span('presupposition', t[i - 1] ?? x, x));
      continue;
    }
    // "What benefits have you noticed…"
    if (
      x.lemma === 'benefit' &&
      x.pos === 'NOUN' &&
      !modifier &&
      t.slice(0, i).some((y) => y.lower === 'what' || y.lower === 'which') &&
      !modal
    ) {
      hits.push(span('presupposition', x, x));
      continue;
    }
    // "Tired of…", "Fed up with…", "Struggling with…"
    if (
      i === firstWord(t) &&
      valence(x.lower) <= -2 &&
      ['of', 'with', 'by'].includes(n1?.lower ?? '')
    ) {
      hits.push(span('presupposition', x, n1!));
      continue;
    }
    if (
      i === firstWord(t) &&
      (x.lower === 'fed' || x.lower === 'sick') &&
      ['up', 'of'].includes(n1?.lower ?? '')
    ) {
      hits.push(span('presupposition', x, n1!));
      continue;
    }
    // "How long have you been struggling…", "Are you still wasting…"
    if (
      (x.lower === 'still' || x.lower === 'keep') &&
      t.slice(i + 1, i + 3).some((y) => y.pos === 'VERB' && valence(y.lemma) <= -1)
    ) {
      hits.push(span('presupposition', x, t[i + 1]!));
    }
  }
  return hits;
}

/**
 * A question that asks how often, how much, how long, when or what about a
 * difficulty or a high point the person may never have had: "How often do you
 * struggle to find parking…", "When did you last have trouble streaming…",
 * "What worries you most about…", "How often does your car let you down…",
 * "What was the highlight of your stay…", "…thanks to our lessons?".
 * A hedge ("if at all"), a scale with both ends ("easy or hard") or a "would"
 * leaves the person free to say it never happens.
 */
function presumedExperience(s: Sentence): Hit[] {
  const t = s.tokens;
  // An imagined scene ("What if…", "Imagine…") presumes no experience.
  if (hedged(s) || !isQuestion(s) || imaginedOpeners.test(s.text)) return [];
  // "Aren't you tired of paying…", "Are you fed up with…": the grievance handed over.
  const weary = t.find(
    (y, k) =>
      (wearinessWords.has(y.lower) && t[k + 1]?.lower === 'of') ||
      (y.lower === 'fed' && t[k + 1]?.lower === 'up'),
  );
  if (weary && t.slice(0, weary.i).some((y) => y.lower === 'you'))
    return [span('presupposition', weary, t[weary.i + 1]!)];
  const qs = questionStart(t);
  const opener = t[qs];
  if (!opener || !['how', 'when', 'what', 'which'].includes(opener.lower)) return [];
  const next = t[qs + 1];
  if (opener.lower === 'how' && !frequencyWords.has(next?.lower ?? '')) return [];
  const rest = t.slice(qs + 1);
  if (rest.some((y) => MODALS.has(y.lower) || y.lower === 'or')) return [];
  // "What did you like and dislike…" asks for both sides.
  const sign = (y: Token | undefined) =>
    Math.sign(valence(y?.lemma ?? '') || valence(y?.lower ?? ''));
  if (rest.some((y) => y.lower === 'and' && sign(t[y.i - 1]) * sign(t[y.i + 1]) < 0)) return [];
  for (const y of rest) {
    if (NEGATION.has(t[y.i - 1]?.lower ?? '') || NEGATION.has(y.lower)) continue;
    const next1 = t[y.i + 1];
    const next2 = t[y.i + 2];
    // "greedy banks", "unhealthy, processed snacks": a loaded word about a thing, not a presumed experience.
    const attributive =
      y.pos === 'ADJ' && ['NOUN', 'ADJ', 'PUNCT'].includes(next1?.pos ?? '') && next1?.text !== '?';
    const difficulty =
      (!attributive &&
        ['VERB', 'ADJ', 'NOUN', 'ADV'].includes(y.pos) &&
        !moneyVerbs.has(y.lemma) &&
        (difficultyWords.has(y.lower) ||
          difficultyWords.has(y.lemma) ||
          (y.pos !== 'ADV' && (valence(y.lower) <= -2 || valence(y.lemma) <= -2)))) ||
      // "paying too much", "waits too long"
      (y.lower === 'too' && excessWords.has(next1?.lower ?? '')) ||
      // "let you down", "cut out", "broke down", "fed up": a fault, in a phrase.
      (breakdownVerbs.has(y.lemma) &&
        [next1, next2].some((z) => breakdownParticles.has(z?.lower ?? ''))) ||
      (y.lower === 'fed' && next1?.lower === 'up');
    // "When did you first notice the difference…": a benefit named as a fact.
    const benefitNamed =
      noticedBenefitNouns.has(y.lower) &&
      t[y.i - 1]?.lower === 'the' &&
      noticingVerbs.has(t[y.i - 2]?.lemma ?? '');
    // "What do you enjoy about…": the liking presumed.
    // "What did <someone> enjoy most at…", "What <pleasing verb> you most about…":
    // a pleasure or a comfort presumed, only its source asked.
    const after = next1?.lower === 'you' ? next2 : next1;
    // What is liked is the business's ("…about our classes", "…about your delivery", "…about your
    // last session at Harbour Studio"), not a pastime of the person's own ("…about long country walks").
    const aboutOurs = t
      .slice(y.i + 1)
      .some(
        (z, k, later) =>
          OFFER_DETERMINERS.has(z.lower) ||
          z.pos === 'PROPN' ||
          (z.lower === 'your' &&
            (occasionDates.has(later[k + 1]?.lower ?? '') || later[k - 1]?.lower === 'about')),
      );
    const liking =
      opener.lower === 'what' &&
      y.pos === 'VERB' &&
      (likingVerbs.has(y.lemma) ||
        (valence(y.lemma) >= 2 && after?.lower === 'most' && rest.some(isPast))) &&
      ((after?.lower === 'about' && aboutOurs) ||
        (after?.lower === 'most' &&
          ((t[after.i + 1]?.lower === 'about' && aboutOurs) ||
            // An occasion that happened: "enjoy most at last week's…", not "…in your free time".
            (placeLinks.has(t[after.i + 1]?.lower ?? '') &&
              rest.some(isPast) &&
              t
                .slice(after.i + 2)
                .some(
                  (z) => OFFER_DETERMINERS.has(z.lower) || z.lower === 'last' || z.pos === 'PROPN',
                ))))) &&
      !rest.some((z) => dislikeEndWords.has(z.lower));
    // "Which of our … do you use most": the use presumed.
    const used =
      opener.lower === 'which' &&
      next?.lower === 'of' &&
      ['our', 'your'].includes(t[qs + 2]?.lower ?? '') &&
      y.pos === 'VERB' &&
      usingVerbs.has(y.lemma) &&
      t.slice(qs + 2, y.i).some((z) => z.lower === 'you');
    // "When did our newsletter first inspire you…": the offer's effect, only its date asked.
    const effect =
      opener.lower === 'when' &&
      y.pos === 'VERB' &&
      (benefitVerbs.has(y.lemma) || persuadeVerbs.has(y.lemma)) &&
      t.slice(qs + 1, y.i).some((z) => OFFER_DETERMINERS.has(z.lower) || z.pos === 'PROPN') &&
      !t.slice(qs + 1, y.i).some((z) => z.lower === 'you');
    // "the highlight of your stay", "thanks to our lessons"
    const highPoint =
      (highPointWords.has(y.lower) ||
        (y.lower === 'best' && highPointNouns.has(next1?.lemma ?? '') && next2?.lower === 'of')) &&
      rest.some((z) => z.lower === 'your' || OFFER_DETERMINERS.has(z.lower));
    const credited =
      ((y.lower === 'thanks' && next1?.lower === 'to') ||
        (y.lower === 'because' && next1?.lower === 'of')) &&
      OFFER_DETERMINERS.has(next2?.lower ?? '');
    if (difficulty || highPoint || credited || benefitNamed || liking || used || effect)
      return [span('presupposition', opener, credited ? next2! : y)];
  }
  return [];
}

/** A verb or auxiliary in the past: "was", "did", "arranged", "gave", "meant". */
const isPast = (y: Token) =>
  ['was', 'were', 'did', 'had'].includes(y.lower) ||
  (y.pos === 'VERB' && y.lemma !== y.lower && !/(?:ing|s)$/.test(y.lower));

/**
 * A question about an outcome the person may never have had: the best of an
 * experience with the offer ("Which … were you <superlative>…", "What was most
 * <positive adjective> about…", "…meant the most to…"), how much better
 * things got ("How much <comparative> … after…"), or which of the offer they
 * will take, as if they had decided ("Which of our … will you <verb>?",
 * "When will you <come back>…?", "When can you <start>…?").
 */
function presumedOutcome(s: Sentence): Hit[] {
  const t = s.tokens;
  if (hedged(s) || !isQuestion(s)) return [];
  const qs = questionStart(t);
  const opener = t[qs];
  if (!opener || !whWords.has(opener.lower)) return [];
  const rest = t.slice(qs + 1);
  if (rest.some((y) => y.lower === 'or' || y.lower === 'least' || NEGATION.has(y.lower))) return [];
  const personal = rest.some((y) => ['you', 'your', 'our', 'we', 'us'].includes(y.lower));
  if (!personal) return [];
  const positive = (y: Token | undefined) =>
    y !== undefined &&
    y.pos === 'ADJ' &&
    !scaleWords.has(y.lower) &&
    !scaleWords.has(y.lemma) &&
    valence(y.lemma) >= 0 &&
    valence(y.lower) >= 0;
  if ((opener.lower === 'what' || opener.lower === 'which') && rest.some(isPast)) {
    for (const y of rest) {
      const superlative = positive(y) && y.lemma !== y.lower && /est$/.test(y.lower);
      const most = y.lower === 'most' && positive(t[y.i + 1]);
      const meantMost =
        matteringVerbs.has(y.lemma) &&
        (t[y.i + 1]?.lower === 'most' || t[y.i + 2]?.lower === 'most');
      if (superlative || most || meantMost)
        return [span('presupposition', opener, most ? t[y.i + 1]! : meantMost ? t[y.i + 2]! : y)];
    }
  }
  // "How much <comparative> … after/since/with…": the improvement presumed.
  const comparative = t[qs + 2];
  if (
    opener.lower === 'how' &&
    ['much', 'far'].includes(t[qs + 1]?.lower ?? '') &&
    comparative !== undefined &&
    comparative.pos === 'ADJ' &&
    comparative.lemma !== comparative.lower &&
    /er$/.test(comparative.lower) &&
    rest.some((y) => improvementLinks.has(y.lower))
  )
    return [span('presupposition', opener, comparative)];
  // "Which of our … will you <verb>?", "When will you <come back>…?": the decision presumed.
  const will = rest.find((y) => y.lower === 'will' && t[y.i + 1]?.lower === 'you');
  const act = will ? t[will.i + 2] : undefined;
  // "When can you <join> us?": only the date of taking it up left open, unless
  // a screen comes first ("If you decide to…, when can you…").
  const can = rest.find((y) => y.lower === 'can' && t[y.i + 1]?.lower === 'you');
  const takeUp = can ? t[can.i + 2] : undefined;
  if (opener.lower === 'when' && takeUp && adoptVerbs.has(takeUp.lemma) && !screened(t))
    return [span('presupposition', opener, takeUp)];
  if (will && act) {
    const chosen =
      opener.lower === 'which' &&
      rest.some((y) => y.lower === 'our') &&
      act.pos === 'VERB' &&
      act.lemma !== 'be';
    // "When will you <do it>", "when will you be <doing it>": only the date left open.
    const progressive =
      act.lemma === 'be' && t[act.i + 1]?.pos === 'VERB' && /ing$/.test(t[act.i + 1]!.lower);
    const back =
      opener.lower === 'when' &&
      (adoptVerbs.has(act.lemma) ||
        progressive ||
        (act.pos === 'VERB' &&
          act.lemma !== 'be' &&
          !t.slice(act.i).some((y) => y.lower === 'next')) ||
        (act.lemma === 'be' && t[act.i + 1]?.lower === 'back'));
    if (chosen || back)
      return [span('presupposition', opener, back && act.lemma === 'be' ? t[act.i + 1]! : act)];
  }
  // "How much did you <like> …": the liking presumed, only its degree asked.
  const liked = t[qs + 3];
  if (
    opener.lower === 'how' &&
    t[qs + 1]?.lower === 'much' &&
    t[qs + 2]?.lower === 'did' &&
    liked?.lower === 'you' &&
    likingVerbs.has(t[qs + 4]?.lemma ?? '')
  )
    return [span('presupposition', opener, t[qs + 4]!)];
  return [];
}

/**
 * "Was your class with us good or excellent?", "Would you say our workshop
 * was fun or brilliant?": a choice of praise only, asked in the past about
 * the person's own occasion with the business, presumes it happened (and
 * went well).
 */
function praisedOccasion(s: Sentence, found: readonly Hit[]): Hit[] {
  const t = s.tokens;
  const choice = found.find((h) => h.kind === 'loaded-choice');
  if (!choice || !isQuestion(s) || screened(t)) return [];
  if (!allPraise(t.filter((y) => y.start >= choice.start && y.end <= choice.end))) return [];
  const before = t.filter((y) => y.end <= choice.start);
  const past = before.some((y) => ['was', 'were', 'did'].includes(y.lower));
  const ours = before.some((y) => ['our', 'us'].includes(y.lower));
  return past && ours && before[0] ? [span('presupposition', before[0], before.at(-1)!)] : [];
}

export const presuppositionKind: KindRule = {
  kind: 'presupposition',
  detect: (s, context) => [
    ...praisedOccasion(s, context.found),
    ...presumedWhy(s),
    ...presupposition(s),
    ...presumedExperience(s),
    ...presumedOutcome(s),
    ...presumedHabit(s),
    ...presumedDecision(s, context.sentences),
    ...presumedNext(s),
    ...presumedSlot(s),
    ...presumedTakeUp(s),
    ...presumedJoined(s),
    ...presumedBooking(s),
    ...presumedEvent(s, context.sentences),
  ],
  why: (p) =>
    `"${p}" takes for granted an experience, a benefit or a problem the person may not have, so those it does not fit have no honest answer.`,
};
