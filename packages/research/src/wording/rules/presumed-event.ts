// Presupposition, continued: an occasion with the business taken as fact.
// A question about the person's own visit, lesson, purchase or service with
// the business, asked in the past with no screening clause, presumes the
// occasion happened: those who never came have no honest answer. Behind "if
// you have…", "if any", or after "Have you…? If so…" it is a plain question.
import {
  attendedOccasions,
  holdingBackVerbs,
  learningVerbs,
  occasionDates,
  occasionNouns,
  pastTimes,
  ratingWords,
  stanceGrades,
  takingUpVerbs,
  worksDone,
} from '../lexicon/presumed';
import { findingVerbs } from '../lexicon/experience';
import { benefitVerbs } from '../lexicon/claims';
import type { Sentence, Token } from '../text';
import { type Hit, firstWord, hedged, isQuestion, screened, span } from './tokens';
import { oneSidedList } from './loaded-choice';
import { openAsk } from './presumed-decision';

const YOU = new Set(['you', 'your']);
const OURS = new Set(['us', 'our']);
/** Words that lead into a grade: "so quick", "such a calm evening". */
const GRADE_LEADS = new Set(['so', 'such']);

/**
 * The person's own occasion of the kind the business provides, dated: "your
 * visit today", "your lesson last Friday", "your repair last month".
 */
function datedOccasion(t: readonly Token[], i: number): Token | undefined {
  const [your, noun, when, unit] = [t[i]!, t[i + 1], t[i + 2], t[i + 3]];
  if (your.lower !== 'your' || !noun || !occasionNouns.has(noun.lemma)) return undefined;
  const dated =
    ['today', 'yesterday'].includes(when?.lower ?? '') ||
    (['last', 'this'].includes(when?.lower ?? '') && pastTimes.has(unit?.lower ?? ''));
  return dated ? noun : undefined;
}

/** "your last…", "your first…": the person's own occasion, dated. */
const dated = (t: readonly Token[], i: number) =>
  t[i]!.lower === 'your' && occasionDates.has(t[i + 1]?.lower ?? '') ? t[i + 1] : undefined;

/**
 * An act of the business in the past, done for the person: "we" or a named
 * person, a verb in the past, and "you" or "your" right after ("…we painted
 * for you", "…Aisha gave you", "…Sam drew up for your porch").
 */
function actDone(t: readonly Token[], i: number): Token | undefined {
  const [doer, verb] = [t[i]!, t[i + 1]];
  // "did" as the main verb ("the tiling we did for you"), not a helper before one.
  const didIt = verb?.lemma === 'do' && t[i + 2]?.pos !== 'VERB';
  // "the driver who delivered your…": a doer of ours named by what they did.
  const ourDoer = doer.lower === 'who' && t[i - 1]?.pos === 'NOUN' && t[i - 2]?.lower === 'the';
  // (A past verb after "who" may be read as a noun: "the fitter who fitted…".)
  const verbAfterWho = ourDoer && verb?.pos === 'NOUN' && /ed$/.test(verb.lower);
  // "…the pressings our staff dug out for you": our people named before what they did.
  const ourPeople =
    doer.pos === 'NOUN' && t.slice(Math.max(0, i - 3), i).some((y) => y.lower === 'our');
  if (
    !verb ||
    (verb.pos !== 'VERB' && !didIt && !verbAfterWho) ||
    !(doer.lower === 'we' || doer.pos === 'PROPN' || ourDoer || ourPeople)
  )
    return undefined;
  // A past the same as the verb's base ("the fitter who set up your…"), told by a question put in the past.
  const askedInPast = t.slice(0, i).some((y) => y.lower === 'did');
  const past =
    verbAfterWho ||
    (verb.lower !== verb.lemma && !/(?:ing|s)$/.test(verb.lower)) ||
    (ourDoer && askedInPast && verb.lower === verb.lemma);
  // "since we fitted…", "since Sam serviced it": the act dated, done whoever it was for.
  const since = t[i - 1]?.lower === 'since';
  const forYou = since || t.slice(i + 2, i + 8).some((y) => YOU.has(y.lower));
  return past && forYou ? verb : undefined;
}

/** "did Edwin tune your piano", "did the Oakline crew prune your trees": a named doer's act on the person's things, asked in the past. */
function namedActAsked(t: readonly Token[], i: number): Token | undefined {
  if (t[i]!.lower !== 'did') return undefined;
  const named = t.slice(i + 1, i + 5).findIndex((y) => y.pos === 'PROPN');
  if (named < 0) return undefined;
  const verb = t.slice(i + 2 + named, i + 7).find((y) => y.pos === 'VERB');
  return verb && t.slice(verb.i + 1).some((y) => y.lower === 'your') ? verb : undefined;
}

/**
 * The person's own occasion of a kind the business provides, counted among
 * its occasions ("your last visit", "your first session", "during your hawk
 * walk"): asked by the business, it is an occasion with the business.
 */
function ownOccasion(t: readonly Token[], i: number): Token | undefined {
  // "on the course", "during the private hire": the occasion the person had, named as known.
  if (t[i]!.lower === 'the' && OCCASION_PREPOSITIONS.has(t[i - 1]?.lower ?? '')) {
    const noun = t.slice(i + 1, i + 4).find((y) => y.pos !== 'ADJ');
    if (noun && occasionNouns.has(noun.lemma) && noun.lower === noun.lemma) return noun;
  }
  // "your visit", or "the last visit" / "his last visit" said to the person who came or was called on.
  const own =
    t[i]!.lower === 'your' ||
    (['the', 'his', 'her', 'their'].includes(t[i]!.lower) &&
      occasionDates.has(t[i + 1]?.lower ?? ''));
  if (!own) return undefined;
  // "on your flight", "the start of your lesson": an occasion of the person's, placed.
  const placedHere =
    t[i]!.lower === 'your' &&
    (OCCASION_PREPOSITIONS.has(t[i - 1]?.lower ?? '') || t[i - 1]?.lower === 'of');
  // Up to three words between: "your last visit", "your hawk walk", "your last beginner swim class".
  for (let k = i + 1; k <= i + 4 && k < t.length; k += 1) {
    const noun = t[k]!;
    // One occasion ("your visit"), not a habit ("on your company trips").
    const between = t.slice(i + 1, k);
    const datedBy = between.some((y) => occasionDates.has(y.lower) || y.lower === 'second');
    // "during your…" places an occasion whatever it is called; so does a dated one asked
    // "How…" of ("How was your last trim?"): the occasion, not a choice made for it.
    const anyOccasion =
      (t[i - 1]?.lower === 'during' && t[i]!.lower === 'your') ||
      (datedBy && t[firstWord(t)]?.lower === 'how');
    // A head the tagger reads as a verb before the clause ends: "during your beard shave,".
    // (An -ing head may be read as an adjective: "during your last fitting,".)
    const ingHead = /ing$/.test(noun.lower) && ['VERB', 'ADJ'].includes(noun.pos);
    const head =
      noun.pos === 'NOUN' ||
      (anyOccasion &&
        (noun.pos === 'VERB' || ingHead) &&
        (k > i + 1 || ingHead) &&
        t[k + 1]?.pos === 'PUNCT');
    if (
      head &&
      noun.lower === noun.lemma &&
      t[k + 1]?.pos !== 'NOUN' &&
      (attendedOccasions.has(noun.lemma) ||
        ((datedBy || placedHere) && (occasionNouns.has(noun.lemma) || anyOccasion)))
    )
      return datedBy || placedHere ? noun : undefined;
    if (!['NOUN', 'ADJ', 'PROPN', 'ADV'].includes(noun.pos)) return undefined;
  }
  return undefined;
}

/** "the sewing kit you bought", "the hat you hired", "the kit you were given": a thing the person took up, named as theirs. */
function takenUp(t: readonly Token[], i: number): Token | undefined {
  const [thing, you, verb] = [t[i - 1], t[i]!, t[i + 1]];
  if (you.lower !== 'you' || !['NOUN', 'PROPN'].includes(thing?.pos ?? '') || !verb)
    return undefined;
  // "the samples you were shown", "the kit you were given": what was put in the person's hands.
  const given = t[i + 2];
  if (verb.lower === 'were' && given?.pos === 'VERB' && given.lower !== given.lemma) return given;
  return takingUpVerbs.has(verb.lemma) && verb.lower !== verb.lemma ? verb : undefined;
}

/** "the roof repair on your cottage", "the work done on your car", "the fitting of your blinds": work of ours on the person's things. */
function workOnYours(t: readonly Token[], i: number): Token | undefined {
  const [the, work] = [t[i]!, t[i + 1]];
  if (the.lower !== 'the' || !work) return undefined;
  let k = i + 1;
  while (t[k]?.pos === 'NOUN' || t[k]?.pos === 'ADJ') k += 1;
  if (t[k - 1]?.pos !== 'NOUN' || !worksDone.has(t[k - 1]!.lemma)) return undefined;
  if (t[k]?.lower === 'done' || t[k]?.lower === 'carried') k += t[k]?.lower === 'carried' ? 2 : 1;
  return ['on', 'for', 'to', 'of'].includes(t[k]?.lower ?? '') && t[k + 1]?.lower === 'your'
    ? t[k - 1]
    : undefined;
}

/** Prepositions that place an answer in the person's own occasion: "during your tour", "on your visit". */
const OCCASION_PREPOSITIONS = new Set(['during', 'on', 'at', 'after']);

/** The person's occasion with the business where the question names it by what we did, its date or its kind. */
const ourOccasion = (t: readonly Token[], i: number) =>
  actDone(t, i) ??
  namedActAsked(t, i) ??
  datedOccasion(t, i) ??
  ownOccasion(t, i) ??
  takenUp(t, i) ??
  workOnYours(t, i);

/**
 * "your spring seed subscription box", "your aerial wedding film": a thing of
 * the person's named as a product is named, by three words or more.
 */
function ownProduct(t: readonly Token[], i: number): Token | undefined {
  if (t[i]!.lower !== 'your') return undefined;
  let k = i + 1;
  while (['NOUN', 'ADJ'].includes(t[k]?.pos ?? '')) k += 1;
  const head = t[k - 1];
  // Not a dated one of the person's own ("your last home project"): that names no product of ours.
  if (t.slice(i + 1, k).some((y) => occasionDates.has(y.lower))) return undefined;
  return k - i > 3 && head?.pos === 'NOUN' ? head : undefined;
}

/** Where the question puts the occasion with the business: "with us", "from us", "our…", "at <Name>", or an act of the business done. */
function occasionWithUs(t: readonly Token[], from: number): Token | undefined {
  for (let i = from; i < t.length; i += 1) {
    const done = ourOccasion(t, i) ?? ownProduct(t, i);
    if (done) return done;
    const [a, b] = [t[i]!, t[i + 1]];
    if (['with', 'from', 'at', 'to'].includes(a.lower) && (b?.lower === 'us' || b?.pos === 'PROPN'))
      return b;
    if (a.lower === 'did' && b?.pos === 'PROPN' && ['VERB', 'NOUN'].includes(t[i + 2]?.pos ?? ''))
      return b;
    // "our sauna", "our mobile pizza van"
    const ours = a.lower === 'our' ? t.slice(i + 1, i + 4).find((y) => y.pos !== 'ADJ') : undefined;
    if (ours && (ours.pos === 'NOUN' || ours.pos === 'PROPN')) return ours;
    // A noun the tagger reads as an adjective where the question ends: "…with our chocolatier?"
    if (a.lower === 'our' && ours?.pos === 'PUNCT' && t[ours.i - 1]!.i > i) return t[ours.i - 1];
  }
  return undefined;
}

/** "our sashimi", "the interior in your van": a thing of the business's, or one the person had of it. */
function thingOfOurs(t: readonly Token[], from: number): boolean {
  if (t[from]?.lower === 'our') return true;
  if (t[from]?.lower !== 'the') return false;
  const within = t.slice(from + 1).findIndex((y) => y.pos === 'ADP');
  return within >= 0 && ['your', 'our'].includes(t[from + 1 + within + 1]?.lower ?? '');
}

/**
 * The past of the ask, with the person in it: "did you…", "was your…",
 * "were you…", or a verb in the past with "you" as its object ("What
 * surprised you…").
 */
function pastWithYou(t: readonly Token[], from: number): Token | undefined {
  for (let i = from; i < t.length - 1; i += 1) {
    const [a, b] = [t[i]!, t[i + 1]!];
    // "How long did your repair take…", "How neatly did our driver place the skip on your drive…"
    // "How quickly did Maya reply to your email…": one of ours, by name, acting for the person.
    if (
      a.lower === 'did' &&
      (['your', 'our'].includes(b.lower) || b.pos === 'PROPN') &&
      t.slice(i + 1).some((y) => YOU.has(y.lower))
    )
      return a;
    // "your last delivery from us", "our work on your trees last spring": an occasion dated in the past.
    if (
      dated(t, i) !== undefined ||
      (a.lower === 'last' &&
        pastTimes.has(b.lower) &&
        t.slice(from, i).some((y) => YOU.has(y.lower)))
    )
      return a;
    if (a.lower === 'did' && b.lower === 'you') {
      const verb = t.slice(i + 2, i + 5).find((y) => y.pos === 'VERB');
      // "How did you find us?", "…find out about…": how they came, not what they had.
      const foundUs =
        verb?.lemma === 'find' && ['us', 'out', 'about'].includes(t[verb.i + 1]?.lower ?? '');
      if (verb && (learningVerbs.has(verb.lemma) || foundUs)) return undefined;
      // "What did you think of…" dates an opinion, not an occasion: read on for one, unless
      // what it is of is the business's ("…of our sashimi?", "…of the interior in your van?").
      if (verb?.lemma !== 'think') return a;
      const of = t[verb.i + 1];
      if (['of', 'about'].includes(of?.lower ?? '') && thingOfOurs(t, of!.i + 1)) return a;
      continue;
    }
    if (['was', 'were'].includes(a.lower) && ['your', 'you'].includes(b.lower)) return a;
    // "…the party you held at our café": the person's own act, in the past; not
    // the alternatives set against ours ("…over the others you tried").
    // ("…the fitting you had in our shop": "had" read as a helper before its preposition.)
    const hadThere = b.lower === 'had' && t[i + 2]?.pos === 'ADP';
    if (
      a.lower === 'you' &&
      (b.pos === 'VERB' || hadThere) &&
      b.lower !== b.lemma &&
      !/(?:ing|s)$/.test(b.lower) &&
      !t.slice(Math.max(0, i - 4), i).some((y) => ['than', 'over'].includes(y.lower))
    )
      return b;
    // "the mural we painted for you", "the quote Aisha gave you": an act of the business, done.
    const done = ourOccasion(t, i);
    if (done) return done;
    // Not a thing that did not happen: "What stopped you from switching to us?"
    if (i === from && a.pos === 'VERB' && /ed$/.test(a.lower) && b.lower === 'you')
      return holdingBackVerbs.has(a.lemma) ? undefined : a;
    // "Which tutor took you through…", "Which engineer serviced your boiler…": who of ours did it.
    const doneToYou = b.pos === 'ADP' || b.pos === 'PART' ? t[i + 2] : b;
    if (
      i === from + 1 &&
      t[from]!.pos === 'NOUN' &&
      a.pos === 'VERB' &&
      a.lower !== a.lemma &&
      !/(?:ing|s)$/.test(a.lower) &&
      YOU.has(doneToYou?.lower ?? '')
    )
      return a;
  }
  return undefined;
}

/** "How did you find the pace…", "…find your first lesson…": what a thing the person had was like, asked in the past. */
function foundLike(t: readonly Token[], opener: Token): Token | undefined {
  // (Graded as it is asked: "How clean and quiet did you find the lounge…".)
  let at = opener.i;
  while (['ADJ', 'ADV', 'CCONJ'].includes(t[at + 1]?.pos ?? '') && t[at + 1]?.lower !== 'did')
    at += 1;
  const [did, you, verb, what] = [1, 2, 3, 4].map((k) => t[at + k]);
  if (opener.lower !== 'how' || did?.lower !== 'did' || you?.lower !== 'you') return undefined;
  if (!findingVerbs.has(verb?.lemma ?? '')) return undefined;
  return ['the', 'your', 'our', 'it', 'this', 'that'].includes(what?.lower ?? '')
    ? verb
    : undefined;
}

/**
 * "How was your group lesson with us on Saturday?", "Which instructor did you
 * have on your last visit to Frostline?": the last sentence asks, in the
 * past, about an occasion with the business, and nothing screens it.
 */
export function presumedEvent(s: Sentence, sentences: readonly Sentence[]): Hit[] {
  const opener = openAsk(s);
  if (sentences.at(-1) !== s || !opener) return [];
  if (sentences.some((x) => screened(x.tokens))) return [];
  // "Have you been to us? …": the occasion asked before it is presumed.
  if (sentences.some((x) => x !== s && isQuestion(x))) return [];
  const t = s.tokens;
  // A rating that offers both ends ("How satisfied or dissatisfied were you…", "On a scale from…"),
  // not a list of answers all on one side ("good, great or excellent"), or an opinion asked
  // ("What did you think of…") leaves room for whatever happened.
  const bothEnds = t.some((y) => y.lower === 'or') && !oneSidedList(s);
  if (bothEnds || t.some((y) => y.lower === 'scale')) return [];
  // "How satisfied were you with…" asks along a scale, unless it names what we did for them or dates it.
  const rating = opener.lower === 'how' && ratingWords.has(t[opener.i + 1]?.lower ?? '');
  // "How satisfied were you with the fitting…": a rating of what happened, in the past, one-sided.
  const ratedPast =
    rating && t[opener.i + 2]?.lower === 'were' && t[opener.i + 3]?.lower === 'you'
      ? t.slice(opener.i + 4).find((y) => y.pos === 'NOUN')
      : undefined;
  if (rating && !ratedPast && !t.some((_, i) => ourOccasion(t, i) ?? dated(t, i))) return [];
  const past = pastWithYou(t, opener.i + 1);
  const occasion = past && (occasionWithUs(t, opener.i + 1) ?? ratedPast ?? foundLike(t, opener));
  if (past && occasion) return [span('presupposition', opener, occasion)];
  // The occasion set before the ask, which then asks about it in the past: "During your
  // weekend hire, how easy was…?", "When Coach Ade restrung your racket, was it…?".
  const askedInPast = t.slice(opener.i).some((y) => ['was', 'were', 'did'].includes(y.lower));
  for (let i = 1; i < opener.i && askedInPast; i += 1) {
    const set = ourOccasion(t, i);
    if (set) return [span('presupposition', t[firstWord(t)]!, set)];
  }
  // "How clear was the briefing…", "How dry were the logs…": a grade of what the person had, in
  // the past, asked one-sided (not along a scale "from very unclear to very clear"); in the first
  // of two questions joined too ("How clear was the talk and how easy…").
  // (Not an infinitive: "…easy was it to park at our yard?")
  const from = t.findIndex((y) => y.lower === 'from');
  const along =
    from > 0 && t.some((y, k) => k > from && y.lower === 'to' && t[k + 1]?.pos !== 'VERB');
  for (const how of new Set([opener, t[firstWord(t)]!])) {
    const k = how.i + 2;
    const [grade, was, det] = [t[how.i + 1], t[k], t[k + 1]];
    // The thing graded: "the…", "your…", "our…", or one of ours by name ("Tom's explanation").
    const thing =
      ['the', 'your', 'our'].includes(det?.lower ?? '') ||
      (det?.pos === 'PROPN' && t[k + 2]?.lower === "'s");
    if (
      how.lower === 'how' &&
      ['ADJ', 'ADV'].includes(grade?.pos ?? '') &&
      !stanceGrades.has(grade!.lower) &&
      ['was', 'were'].includes(was?.lower ?? '') &&
      thing &&
      !along
    )
      return [span('presupposition', how, det!)];
  }
  return [];
}

/**
 * "Why did our course build your confidence so fast?", "Why did your stay
 * with us leave you so rested?": a why asked in the past of what the
 * business did for the person takes the occasion for granted, as well as its
 * merit. "What made …" asks the same why in other words when it asks about a
 * grade ("What made your evening with us so calm?", "What made last month's
 * fitting by our team so quick for you?"); without one it may ask the reason
 * for a choice ("What made your club pick the later slot?").
 */
export function presumedWhy(s: Sentence): Hit[] {
  const t = s.tokens;
  const first = firstWord(t);
  const [why, did, whose] = [t[first], t[first + 1], t[first + 2]];
  const whyDid = why?.lower === 'why' && did?.lower === 'did';
  const whatMade =
    why?.lower === 'what' &&
    did?.lower === 'made' &&
    t.slice(first + 3).some((y) => GRADE_LEADS.has(y.lower));
  if (!isQuestion(s) || hedged(s) || !(whyDid || whatMade)) return [];
  if (screened(t)) return [];
  // "What made last week's class…": an occasion dated, whoever's it is said to be.
  const dated = occasionDates.has(whose?.lower ?? '') && t[first + 4]?.lower === "'s";
  if (dated && t.slice(first + 5).some((y) => OURS.has(y.lower) || YOU.has(y.lower)))
    return [span('presupposition', why, t[first + 5]!)];
  if (!whose || !['our', 'your', 'the'].includes(whose.lower)) return [];
  // "Why did your last setup…": the person's own occasion, dated.
  if (whose.lower === 'your' && occasionDates.has(t[first + 3]?.lower ?? ''))
    return [span('presupposition', why, t[first + 3]!)];
  // "Why did the course boost your confidence…": what it did for the person, in the past.
  const other = whose.lower === 'your' ? OURS : YOU;
  const met = t.slice(first + 3).find((y) => other.has(y.lower));
  const acted =
    whose.lower !== 'the' ||
    t.slice(first + 3).some((y) => y.pos === 'VERB' && benefitVerbs.has(y.lemma));
  return met && acted ? [span('presupposition', why, met)] : [];
}
