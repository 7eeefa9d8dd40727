// Loaded words about the offer or its alternatives
import {
  disparages,
  gradeRaisers,
  gradedValence,
  intensifiers,
  nounIntensifiers,
  isDisparagement,
  scaleWords,
  valence,
  isStrongPraise,
  praiseIdioms,
} from '../lexicon/valence';
import { claimSuperlatives, factualGrades, gradingWords } from '../lexicon/comparison';
import type { KindRule, SentenceContext } from './kind';
import { praiseInside } from './praise-inside';
import type { Sentence, Token } from '../text';
import {
  everyAnswerPattern,
  labellingAdverbs,
  premiseOpeners,
  whWords,
} from '../lexicon/question-words';
import { burdenLabel, runDownPremise, verdictNoun } from './run-down';
import {
  praisingCompounds,
  qualityPraise,
  qualityScorn,
  scorningCompounds,
} from '../lexicon/qualities';
import { bestsellerWords, endorsementTokens, verdictVerbs } from '../lexicon/claims';
import {
  type Hit,
  NEGATION,
  OFFER_DETERMINERS,
  span,
  firstWord,
  isQuestion,
  questionStart,
  sideToSideList,
} from './tokens';

/** A word's valence, with the qualities of look, feel, sound, make and wear that AFINN lacks. */
function ratedValence(x: Token): number {
  if (qualityPraise.has(x.lower) || qualityPraise.has(x.lemma) || praisingCompounds.test(x.lower))
    return 3;
  if (qualityScorn.has(x.lower) || qualityScorn.has(x.lemma) || scorningCompounds.test(x.lower))
    return -3;
  return valence(x.lower) || (x.pos === 'ADJ' ? valence(x.lemma) : 0);
}

/** Kinds whose phrase describes the offer or its alternative (an identity, a crowd or an agreement is the person's, not the offer's). */
const steeringKinds = new Set<Hit['kind']>([
  'praise-hypothetical',
  'loaded-choice',
  'assumptive-why',
]);

/**
 * Rated words that praise the offer or run down its alternative. Inside a
 * phrase of a kind that describes the offer ("Imagine a stunning…", "…or a
 * flimsy one?", "Why is our X the smartest…"), the phrase already steers, so
 * a rated word there is loaded from a rating of 2 and after any determiner.
 */
function loadedWords(s: Sentence, context: SentenceContext): Hit[] {
  const t = s.tokens;
  const steering = context.found;
  const hits: Hit[] = [];
  const within = (x: Token, h: Hit) => x.start >= h.start && x.end <= h.end;
  const steeredBy = (x: Token, kind: Hit['kind']) =>
    steering.some((h) => h.kind === kind && within(x, h));
  const steered = (x: Token) => steering.some((h) => steeringKinds.has(h.kind) && within(x, h));
  for (let i = 0; i < t.length; i += 1) {
    const x = t[i]!;
    if (!['ADJ', 'ADV', 'VERB', 'NOUN', 'PROPN'].includes(x.pos) && !x.text.includes('-')) continue;
    // Praise of how the offer is done, in a statement about it ("Our kitchens are beautifully
    // fitted…", "Our fitters hang doors superbly.") or inside a steering phrase ("If you
    // could have your photos beautifully framed…").
    const endsClause = !t[i + 1] || t[i + 1]!.pos === 'PUNCT';
    if (
      x.pos === 'ADV' &&
      (['VERB', 'ADJ'].includes(t[i + 1]?.pos ?? '') ||
        (endsClause && t.slice(0, i).some((y) => y.pos === 'VERB'))) &&
      valence(x.lower.replace(/ily$/, 'y').replace(/ly$/, '')) >= 3 &&
      ((!isQuestion(s) &&
        t.slice(0, i).some((y) => OFFER_DETERMINERS.has(y.lower) && y.lower !== 'we')) ||
        steered(x))
    ) {
      hits.push(span('loaded-words', x, endsClause ? x : t[i + 1]!));
      continue;
    }
    const v = ratedValence(x);
    // A scale's words ("good", "perfect") are plain in a rating, not inside a phrase that
    // already steers and praises with them ("Imagine a perfect first wave…").
    // Nor raised about the offer ("Our guides are really easy…"), unless offered as an answer.
    const boosted = intensifiers.has(t[i - 1]?.lower ?? '') && t[i - 1]?.lower !== 'so';
    const raisedOfOurs =
      boosted &&
      t.slice(0, i).some((y) => OFFER_DETERMINERS.has(y.lower) && y.lower !== 'we') &&
      !steeredBy(x, 'loaded-choice');
    const scaled = (scaleWords.has(x.lower) || scaleWords.has(x.lemma)) && !raisedOfOurs;
    if (v === 0 || (scaled && !(v >= 3 && x.pos === 'ADJ' && steeredBy(x, 'praise-hypothetical'))))
      continue;
    // Popularity ("best-selling") and rated endorsements ("five-star reviews") are social proof.
    if (bestsellerWords.has(x.lower) || endorsementTokens.has(t[i + 1]?.lemma ?? '')) continue;
    // Attributive: it sits in a noun phrase before its noun ("our award-winning CRM", "clunky spreadsheets").
    // A price or a number may sit among the modifiers ("our <praised> £9 <noun>").
    let k = i + 1;
    while (
      t[k] &&
      (t[k]!.pos === 'ADJ' ||
        t[k]!.pos === 'ADV' ||
        t[k]!.pos === 'NUM' ||
        t[k]!.pos === 'SYM' ||
        t[k]!.text === ',' ||
        t[k]!.lower === 'and' ||
        (t[k]!.pos === 'VERB' && /(?:ed|ing)$/.test(t[k]!.lower) && t[k + 1]?.pos === 'NOUN') ||
        t[k]!.text === '-')
    )
      k += 1;
    // A noun phrase that ends the clause on a word read as an adjective: that word is its head.
    const headless =
      k > i + 1 &&
      t[k - 1]!.pos === 'ADJ' &&
      valence(t[k - 1]!.lower) === 0 &&
      (!t[k] || t[k]!.pos === 'PUNCT');
    const noun = headless ? t[k - 1] : t[k];
    if (headless) k -= 1;
    const afterPossessive = ['our', 'your', 'their', 'this', 'the', 'a', 'an'].includes(
      t[i - 1]?.lower ?? '',
    );
    // The first of a list of modifiers, whatever it is read as ("our bright, roomy flats").
    const listed =
      afterPossessive && t[i + 1]?.text === ',' && ['ADJ', 'NOUN', 'VERB'].includes(x.pos);
    const attributive =
      noun !== undefined &&
      (noun.pos === 'NOUN' ||
        noun.pos === 'PROPN' ||
        headless ||
        (noun.pos === 'VERB' && (/ing$/.test(noun.lower) || afterPossessive))) &&
      k > i &&
      (listed ||
        x.pos === 'ADJ' ||
        x.pos === 'ADV' ||
        x.text.includes('-') ||
        (x.pos === 'VERB' && /(?:ed|ing)$/.test(x.lower)) ||
        (x.pos === 'NOUN' &&
          valence(x.lower) !== 0 &&
          k === i + 1 &&
          (x.lower === 'miracle' || isStrongPraise(x.lower))) ||
        // Strong praise in a participle read as a noun: "our thrilling climbing sessions".
        (x.pos === 'NOUN' && t[i - 1]?.lower === 'our' && /ing$/.test(x.lower) && v >= 3));
    // (A word graded "most" is praise at its top inside a steering phrase: "…the most peaceful week".)
    const topInside = t[i - 1]?.lower === 'most' && v >= 2 && steered(x);
    if (attributive && (!gradingWords.has(t[i - 1]?.lower ?? '') || topInside)) {
      let d = i - 1;
      while (
        d >= 0 &&
        (t[d]!.pos === 'ADJ' ||
          t[d]!.pos === 'ADV' ||
          t[d]!.text === ',' ||
          t[d]!.lower === 'and' ||
          t[d]!.text.includes('-'))
      )
        d -= 1;
      // The second of two things under one determiner: "our friendly staff and spotless rooms".
      if (t[d]?.pos === 'NOUN' && t[d + 1]?.lower === 'and') {
        let e = d - 1;
        while (e >= 0 && ['NOUN', 'ADJ', 'ADV', 'PUNCT'].includes(t[e]!.pos) && t[e]!.text !== '?')
          e -= 1;
        if (OFFER_DETERMINERS.has(t[e]?.lower ?? '')) d = e;
      }
      const determiner = t[d];
      const offer =
        determiner !== undefined &&
        (OFFER_DETERMINERS.has(determiner.lower) ||
          determiner.pos === 'PROPN' ||
          // "the new…", "the <praised> new…": something launched.
          (determiner.lower === 'the' && t.slice(d + 1, k).some((y) => y.lower === 'new')));
      const intensified = intensifiers.has(t[i - 1]?.lower ?? '') && v > 0;
      // A string of praise before the offer's noun, each word mild: "our friendly, knowledgeable team".
      const stacked =
        offer &&
        v > 0 &&
        t
          .slice(i + 1, k)
          .some(
            (y) =>
              (y.pos === 'ADJ' || (y.pos === 'VERB' && /ing$/.test(y.lower))) &&
              ratedValence(y) > 0,
          );
      const strong =
        intensified ||
        stacked ||
        Math.abs(v) >= 3 ||
        v <= -2 ||
        (offer && v >= 2) ||
        // A compound about the offer praises when it is rated as praise, not mildly.
        (offer &&
          x.text.includes('-') &&
          (v >= 2 ||
            isStrongPraise(x.lower) ||
            (v > 0 && x.lower.split('-').some((part) => valence(part) >= 2))));
      if (
        (strong &&
          (v < 0 ||
            offer ||
            Math.abs(v) >= 4 ||
            (Math.abs(v) >= 3 &&
              // Marketing's own praise ("breathtaking", "flawless") after any determiner.
              (!['a', 'an', 'the'].includes(determiner?.lower ?? '') ||
                (isStrongPraise(x.lower) && !x.text.includes('-')))))) ||
        (Math.abs(v) >= 2 && steered(x)) ||
        // The other side of an either-or, run down even mildly ("…or a cheap chain?"; not "a hidden gem").
        (x.pos === 'ADJ' &&
          disparages(x.lower) &&
          !offer &&
          valence(noun.lower) <= 0 &&
          steeredBy(x, 'loaded-choice'))
      ) {
        hits.push(span('loaded-words', intensifiers.has(t[i - 1]?.lower ?? '') ? t[i - 1]! : x, x));
        continue;
      }
    }
    // Predicative, about the offer: "is our … amazing", "…are worth every penny"
    const closes =
      !t[i + 1] ||
      ['?', ',', '.', '!', 'to', 'for', 'enough'].includes(t[i + 1]!.lower) ||
      (t[i + 1]!.lower === 'and' && ['ADJ', 'ADV'].includes(t[i + 2]?.pos ?? ''));
    if (x.pos === 'ADJ' && Math.abs(v) >= 3 && closes) {
      const be = t.slice(0, i).find((y) => y.lemma === 'be');
      // "is our … amazing?", or a statement about the offer: "Our seal dives are simply unforgettable."
      const subjectOurs =
        be &&
        (t.slice(be.i, i).some((y) => OFFER_DETERMINERS.has(y.lower)) ||
          (!isQuestion(s) && t.slice(0, be.i).some((y) => OFFER_DETERMINERS.has(y.lower))));
      // "…call our alterations flawless", "…describe the view from Elm Barn as stunning": a verdict.
      const called = t.slice(Math.max(0, i - 8), i).find(
        (y) =>
          (verdictVerbs.has(y.lemma) || (y.lemma === 'describe' && t[i - 1]?.lower === 'as')) &&
          // A verb read as a noun before its object: "customers call our…".
          (y.pos === 'VERB' || (y.pos === 'NOUN' && t[y.i + 1]?.lower === 'our')),
      );
      const named = (y: Token) =>
        (OFFER_DETERMINERS.has(y.lower) && y.lower !== 'we') || y.pos === 'PROPN';
      const calledOurs = called !== undefined && t.slice(called.i + 1, i).some(named);
      // "…our new app makes budgeting effortless": the praise as what the offer does.
      const makes = t
        .slice(Math.max(0, i - 4), i)
        .find((y) => y.lemma === 'make' && y.pos === 'VERB');
      const madeByOurs =
        makes !== undefined &&
        t.slice(Math.max(0, makes.i - 4), makes.i).some((y) => OFFER_DETERMINERS.has(y.lower));
      // A premise running down the alternative: "Cheap kettles … are flimsy and badly made."
      const runDown = be !== undefined && v <= -2 && !isQuestion(s) && context.next !== undefined;
      if (subjectOurs || madeByOurs || calledOurs || runDown) {
        hits.push(span('loaded-words', x, x));
        continue;
      }
    }
    // A premise whose subject is run down before the question: "Flimsy umbrellas break in a week."
    const subjectRunDown =
      (x.pos === 'ADJ' || (x.pos === 'PROPN' && i === firstWord(t) && v <= -3)) &&
      v <= -2 &&
      !isQuestion(s) &&
      context.next !== undefined &&
      isQuestion(context.next) &&
      t.slice(i + 1, i + 4).some((y) => y.pos === 'NOUN' && y.lower !== y.lemma) &&
      !t.slice(0, i).some((y) => y.pos === 'VERB' || y.pos === 'AUX');
    if (subjectRunDown) {
      hits.push(span('loaded-words', x, x));
      continue;
    }
    // A disparaging name for the other side of an either-or: "…or some cowboy with a grinder?"
    if (x.pos === 'NOUN' && isDisparagement(x.lower) && steered(x)) {
      hits.push(span('loaded-words', x, x));
      continue;
    }
    // Strong praise the why already leans on: "What makes our tour so magical…?", "…so much funnier…"
    // (Popularity is social proof: "…so popular".)
    const so = t[i - 1]?.lower === 'much' && t[i - 2]?.lower === 'so' ? t[i - 2]! : t[i - 1];
    if (x.pos === 'ADJ' && so?.lower === 'so' && v >= 3 && x.lemma !== 'popular' && steered(so)) {
      hits.push(span('loaded-words', x, x));
      continue;
    }
    // Intensified praise anywhere ("truly exceptional"), mild praise raised about the offer,
    // and a comparison raised far above the other ("far more rewarding than…").
    const raised = t[i - 1]?.lower === 'more' && ['far', 'way'].includes(t[i - 2]?.lower ?? '');
    const ours = t.some((y) => OFFER_DETERMINERS.has(y.lower));
    if (
      (boosted || raised) &&
      (Math.abs(v) >= 2 || raisedOfOurs || (raised && v > 0 && ours)) &&
      x.pos === 'ADJ'
    ) {
      hits.push(span('loaded-words', t[raised ? i - 2 : i - 1]!, x));
    }
  }
  return hits;
}

/** Praise as a claim: "our … is the best value on the market", "second to none". */
function praiseClaims(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  const lower = s.text.toLowerCase();
  for (const idiom of praiseIdioms) {
    const at = lower.indexOf(idiom);
    if (at >= 0)
      hits.push({ kind: 'loaded-words', start: s.start + at, end: s.start + at + idiom.length });
  }
  const claimVerb = (x: Token) =>
    x.lemma === 'be' || x.pos === 'VERB' || (x.lemma === 'have' && t[x.i + 1]?.lower === 'the');
  const statement = !isQuestion(s);
  for (const verb of t.filter(claimVerb)) {
    const be = verb.lemma === 'be';
    const subject = t.slice(Math.max(0, verb.i - (statement ? 7 : 5)), verb.i);
    // "our … is the best…", or in a statement any verb of the offer: "Highpoint serves the best flat white in town".
    const offerSubject = subject.some(
      (y) =>
        (OFFER_DETERMINERS.has(y.lower) && y.lower !== 'we') || (statement && y.pos === 'PROPN'),
    );
    if (!offerSubject || (!be && (!statement || t[verb.i + 1]?.lower !== 'the'))) continue;
    let k = verb.i + 1;
    // "Our <offer> is a joy to…", "…is a real treat": a praising noun as the claim.
    if (be && statement && ['a', 'an'].includes(t[k]?.lower ?? '')) {
      const real = nounIntensifiers.has(t[k + 1]?.lower ?? '');
      const noun = t[k + (real ? 2 : 1)];
      if (noun?.pos === 'NOUN' && (valence(noun.lower) >= 2 || (real && valence(noun.lower) >= 0)))
        hits.push(span('loaded-words', t[k + 1]!, noun));
    }
    if (t[k]?.lower === 'the') k += 1;
    const word = t[k];
    if (!word) continue;
    // In a statement, a superlative of a praising word, made a claim by its scope when the verb is not "be":
    // "…is the smoothest espresso in Bristol", "…has the most brilliant team in the region".
    const praised = word.lower === 'most' ? t[k + 1] : word;
    const claimed =
      statement &&
      praised !== undefined &&
      // Popularity is social proof, not praise.
      !bestsellerWords.has(praised.lower) &&
      praised.lemma !== 'popular' &&
      ((word.lower === 'most' && praised.pos === 'ADJ' && valence(praised.lower) >= 2) ||
        // A superlative of quality given a scope is a claim: "…are the quickest in Leeds", "…the most
        // experienced in Devon" (not one of size, age or time: "…the newest in town").
        (praised.pos === 'ADJ' &&
          (word.lower === 'most' || /est$/.test(word.lower)) &&
          !factualGrades.has(praised.lemma) &&
          t.slice(k + 1, k + 7).some((y) => ['in', 'on', 'around'].includes(y.lower))) ||
        // "…is the perfect way to…": a strongly praising word as the claim.
        (be && word.pos === 'ADJ' && valence(word.lower) >= 3) ||
        (word.pos === 'ADJ' && /est$/.test(word.lower) && gradedValence(word.lower) > 0) ||
        /^best-/.test(word.lower)) &&
      (be || t.slice(k + 1, k + 7).some((y) => ['in', 'on', 'around'].includes(y.lower)));
    if (
      claimSuperlatives.has(word.lower) ||
      (be && word.lower === 'most' && t[k + 1]?.pos === 'ADJ') ||
      (word.lower === 'number' && t[k + 1]?.lower === 'one') ||
      claimed
    ) {
      hits.push(
        span(
          'loaded-words',
          word,
          t[k + 1]?.pos === 'NOUN' || t[k + 1]?.pos === 'ADJ' ? t[k + 1]! : word,
        ),
      );
    }
  }
  return hits;
}

/**
 * Whether a word is the top of a praising scale: "perfect", "best", a
 * superlative of a praising word (scale words included: the verdict's frame,
 * not the word, makes it loaded).
 */
function topPraise(x: Token): boolean {
  if (x.pos !== 'ADJ') return false;
  return valence(x.lower) >= 3 || (/est$/.test(x.lower) && gradedValence(x.lower) > 0);
}

/**
 * A verdict of the best kind inside the question: "Why is our smokehouse the
 * perfect stop…", "What makes our gin the smoothest aperitif…", "…say a
 * spa day is the perfect way…". "The" and the top of a praising scale
 * complete "be" or "make", with the thing judged named before it: after "why
 * is" or "what makes", or as the subject of "be" in a question that does not
 * open with a question word ("Which day is the best…?" asks, it does not judge).
 */
function superlativeVerdict(s: Sentence): Hit[] {
  const t = s.tokens;
  if (!isQuestion(s)) return [];
  const opener = t[firstWord(t)]?.lower ?? '';
  const named = (ys: readonly Token[]) =>
    ys.some((y) => y.pos === 'NOUN' || y.pos === 'PROPN') &&
    !ys.some((y) => y.pos === 'PRON' && /^you/.test(y.lower));
  for (let i = 1; i < t.length - 1; i += 1) {
    if (t[i]!.lower !== 'the') continue;
    const word = t[i + 1]!;
    const praised = word.lower === 'most' ? t[i + 2] : word;
    const top =
      praised !== undefined &&
      (word.lower === 'most'
        ? praised.pos === 'ADJ' && ratedValence(praised) > 0
        : topPraise(word));
    if (!top) continue;
    const verb = t
      .slice(0, i)
      .reverse()
      .find((y) => y.lemma === 'be' || (y.lemma === 'make' && y.pos === 'VERB'));
    if (!verb) continue;
    const judged =
      ['why', 'what'].includes(opener) && (opener === 'why' || verb.lemma === 'make')
        ? named(t.slice(verb.i + 1, i))
        : !whWords.has(opener) &&
          verb.lemma === 'be' &&
          named(t.slice(Math.max(0, verb.i - 4), verb.i));
    if (judged) return [span('loaded-words', word, praised)];
  }
  return [];
}

/**
 * Praise in the claim a question asks people to agree with: "A spa day is the
 * ideal gift, isn't it?", "…makes a great impression, don't you agree?". The
 * top of a scale after "the", or a strongly praising adjective, outside the
 * agreement's own words.
 */
function agreedClaim(s: Sentence, context: SentenceContext): Hit[] {
  const framing = context.found.filter((h) => h.kind === 'agreement-framing');
  if (framing.length === 0) return [];
  for (const x of s.tokens) {
    if (framing.some((h) => x.start >= h.start && x.end <= h.end)) continue;
    const top =
      s.tokens[x.i - 1]?.lower === 'the' &&
      (topPraise(x) || ['ideal', 'perfect', 'best'].includes(x.lower) || /^best-/.test(x.lower));
    const before = s.tokens[x.i - 1]?.lower ?? '';
    // "…far tastier than…", "…much better than…": a comparative of praise, raised.
    const raised = intensifiers.has(before) || gradeRaisers.has(before);
    // A compound of how well it is kept or stocked praises ("well-stocked"); one of how it is made
    // by hand states a method.
    const rated = /^well-/.test(x.lower) ? ratedValence(x) : valence(x.lower);
    const praising =
      x.pos === 'ADJ' &&
      !scaleWords.has(x.lower) &&
      (rated >= 3 || (rated > 0 && raised) || (gradedValence(x.lower) >= 2 && raised));
    if (top || praising) return [span('loaded-words', x, x)];
  }
  return [];
}

/**
 * The top of a scale said of a whole life ("the best day of your life"), or
 * the top of a praising scale given a named place, outside a question that
 * asks which: "…eat the best pies in the North West…", "Named the
 * finest bakery in Yorkshire — …" ("Which is the best café in Leeds?" asks).
 */
function scopedTop(s: Sentence, context: SentenceContext): Hit[] {
  const t = s.tokens;
  // "the sharpest", "the most thrilling", "the best": the top of a scale not of size, age or time.
  const topAt = (i: number) => {
    if (t[i]?.lower !== 'the') return undefined;
    const most = t[i + 1]?.lower === 'most';
    const word = most ? t[i + 2] : t[i + 1];
    if (word?.pos !== 'ADJ' || factualGrades.has(word.lemma)) return undefined;
    return most || /est$/.test(word.lower) || word.lower === 'best' ? word : undefined;
  };
  // A why that already takes the offer's merit for granted: "Why is our X the neatest in the county?"
  const why = context.found.some((h) => h.kind === 'assumptive-why');
  for (let i = 0; i < t.length - 3; i += 1) {
    const word = topAt(i);
    if (!word) continue;
    let k = word.i + 1;
    while (k < word.i + 4 && ['NOUN', 'ADJ', 'PROPN'].includes(t[k]?.pos ?? '')) k += 1;
    // "…the sharpest cut of your life", "…the most romantic night of their lives": hyperbole.
    const life = t[k + 2]?.lemma === 'life' || t[k + 2]?.lower === 'lives';
    if (k > word.i + 1 && t[k]?.lower === 'of' && t[k + 1]?.pos === 'PRON' && life)
      return [span('loaded-words', t[i + 1]!, t[k + 2]!)];
    // "…in Leeds", "…in the county", "…on the high street": the scope of the claim.
    const scope = t.slice(k + 1, k + 4).find((y) => y.pos !== 'DET' && y.pos !== 'ADJ');
    if (
      why &&
      ['in', 'on'].includes(t[k]?.lower ?? '') &&
      ['NOUN', 'PROPN'].includes(scope?.pos ?? '')
    )
      return [span('loaded-words', t[i + 1]!, word)];
  }
  if (whWords.has(t[firstWord(t)]?.lower ?? '')) return [];
  for (let i = 0; i < t.length - 3; i += 1) {
    const word = t[i + 1]!;
    if (t[i]!.lower !== 'the' || !topPraise(word)) continue;
    let k = i + 2;
    while (k < i + 6 && ['NOUN', 'ADJ', 'PROPN'].includes(t[k]?.pos ?? '')) k += 1;
    const place = t[k + 1]?.lower === 'the' ? t[k + 2] : t[k + 1];
    if (t[k]?.lower === 'in' && place?.pos === 'PROPN') return [span('loaded-words', word, word)];
  }
  return [];
}

/**
 * A premise stated before the question and loaded with rated words: "Since
 * <strongly rated or disparaging words>, …?", "After the <-2 noun> of…, …?",
 * or a thing equated with a label ("…is basically <noun>, …?").
 */
function loadedPremise(s: Sentence): Hit[] {
  const t = s.tokens;
  if (!isQuestion(s)) return [];
  const opening = firstWord(t);
  const question = questionStart(t);
  if (question <= opening || !premiseOpeners.has(t[opening]?.lower ?? '')) return [];
  // A premise about the person ("Since you…", "As a…") is theirs, not a loaded claim.
  const premise = t.slice(opening + 1, question);
  if (premise.some((y) => y.pos === 'PRON' && /^you/.test(y.lower))) return [];
  if (['a', 'an'].includes(premise[0]?.lower ?? '')) return [];
  for (let i = opening + 1; i < question; i += 1) {
    const x = t[i]!;
    if (scaleWords.has(x.lower) || scaleWords.has(x.lemma)) continue;
    const v = valence(x.lower) || valence(x.lemma);
    const label =
      labellingAdverbs.has(x.lower) && t[i - 1]?.lemma === 'be' && t[i + 1] !== undefined;
    if (label) return [span('loaded-words', x, t[i + 1]!)];
    if (v <= -2 || Math.abs(v) >= 3 || (x.pos === 'ADJ' && v < 0))
      return [span('loaded-words', x, x)];
  }
  return [];
}

/** A verdict in an "it is <rated> to…" frame: "wouldn't it be <rated> to…", "is it <reckless> not to…". */
function itIsVerdict(s: Sentence): Hit[] {
  const t = s.tokens;
  for (let i = 0; i < t.length - 3; i += 1) {
    if (t[i]!.lower !== 'it') continue;
    let k = i + 1;
    if (t[k]?.lemma === 'be' && t[k + 1]?.lemma === 'be') k += 1;
    // "isn't it <word>…", "is it <word>…": the verb before "it".
    const inverted =
      t[i - 1]?.lemma === 'be' || (NEGATION.has(t[i - 1]?.lower ?? '') && t[i - 2]?.lemma === 'be');
    if (inverted) k = i;
    else if (t[k]?.lemma !== 'be') continue;
    const word = t[k + 1]!;
    if (word.pos !== 'ADJ' || scaleWords.has(word.lower)) continue;
    if (!['to', 'that', 'not'].includes(t[k + 2]?.lower ?? '')) continue;
    const v = valence(word.lower);
    if (v >= 3 || v <= -2) return [span('loaded-words', word, word)];
  }
  return [];
}

/**
 * Whether a finding sits where rated words describe the answers rather than
 * steer them: inside a scale that runs from one pole to the other ("from
 * very poor value to very good value"), or among the options of a question
 * that offers every answer ("handmade pieces, shop-bought sets, or a mix").
 */
function balanced(s: Sentence, hit: Hit): boolean {
  const t = s.tokens;
  for (let i = 0; i < t.length; i += 1) {
    if (t[i]!.lower !== 'from') continue;
    const to = t.findIndex((y, k) => k > i && y.lower === 'to');
    if (to < 0 || hit.start < t[i]!.start || hit.end > (t[to + 4] ?? t.at(-1)!).end) continue;
    const signs = (from: number, until: number) =>
      new Set(t.slice(from, until).map((y) => Math.sign(ratedValence(y))));
    const before = signs(i + 1, to);
    const after = signs(to + 1, to + 5);
    if ((before.has(1) && after.has(-1)) || (before.has(-1) && after.has(1))) return true;
  }
  // "…good, fair or poor value?": answers listed from one side to the other.
  const list = sideToSideList(t, ratedValence);
  if (list && hit.start >= t[list.first]!.start && hit.end <= t[list.last]!.end) return true;
  if (!everyAnswerPattern.test(s.text)) return false;
  const colon = t.find((y) => y.text === ':');
  const word = t.find((y) => y.start >= hit.start && y.end <= hit.end);
  return colon ? hit.start > colon.start : word?.pos === 'ADJ';
}

export const loadedWordsKind: KindRule = {
  kind: 'loaded-words',
  detect: (s, context) =>
    [
      ...loadedWords(s, context),
      ...praiseClaims(s),
      ...superlativeVerdict(s),
      ...agreedClaim(s, context),
      ...scopedTop(s, context),
      ...praiseInside(s, context),
      ...loadedPremise(s),
      ...burdenLabel(s),
      ...runDownPremise(s, context),
      ...verdictNoun(s, context),
      ...itIsVerdict(s),
    ].filter((hit) => !balanced(s, hit)),
  why: (p) =>
    `"${p}" praises or runs down what is asked about, so people hear the answer they are expected to give.`,
};
