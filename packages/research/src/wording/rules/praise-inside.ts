// Loaded words inside another kind's phrase: a grade the asker gives the
// offer, its people or its results where another kind already steers (a why
// that takes the merit for granted, a crowd's verdict, a glowing "what if",
// a premise put before the question). Read by the loaded-words rule.
import { amountWords, factualGrades } from '../lexicon/comparison';
import { bestsellerWords, characterAdjectives } from '../lexicon/claims';
import { talentAdjectives } from '../lexicon/character';
import { authorityNouns, groupNouns, peoplePlurals, sortNouns } from '../lexicon/people';
import { qualityPraise } from '../lexicon/qualities';
import {
  gradeRaisers,
  gradedValence,
  intensifiers,
  scaleWords,
  unpraisingPositives,
  valence,
} from '../lexicon/valence';
import type { Sentence, Token } from '../text';
import type { SentenceContext } from './kind';
import { type Hit, adjectiveReadAsNoun, isQuestion, span } from './tokens';
import { praiseOf } from './loaded-choice';

const foundIn = (context: SentenceContext, kind: Hit['kind']) =>
  context.found.filter((h) => h.kind === kind);

/** A word that grades rather than measures: not one of size, age, time or popularity, nor run down. */
function grades(x: Token): boolean {
  if (!['ADJ', 'ADV'].includes(x.pos) && !/ing$/.test(x.lower)) return false;
  // A verb's -ing form grades only when the verb itself is rated: "sparkling", not "taking".
  if (x.pos === 'VERB' && valence(x.lemma) <= 0 && !qualityPraise.has(x.lower)) return false;
  if (factualGrades.has(x.lemma) || factualGrades.has(x.lower) || amountWords.has(x.lower))
    return false;
  if (bestsellerWords.has(x.lower) || x.lemma === 'popular') return false;
  return valence(x.lower) >= 0 && gradedValence(x.lower) >= 0;
}

/**
 * "so <grade>" in a why that takes the merit for granted: "Why are our
 * guides so <grade>…?", "…so much <comparative>…", "…so much more <grade>…",
 * "…do so well…". The why presumes the grade, so the grade is the asker's;
 * so does a premise put before the question ("A hamper makes the day so
 * much easier. …?").
 */
function soGraded(s: Sentence, context: SentenceContext): Hit[] {
  const premise = !isQuestion(s) && context.next !== undefined && isQuestion(context.next);
  if (foundIn(context, 'assumptive-why').length === 0 && !premise) return [];
  const t = s.tokens;
  for (let i = 0; i < t.length - 1; i += 1) {
    // "…such good value?", "…such a friendly team?": "such" grades as "so" does.
    if (t[i]!.lower === 'such') {
      const word = t[i + 1]?.lower === 'a' ? t[i + 2] : t[i + 1];
      if (word?.pos === 'ADJ' && grades(word) && valence(word.lower) > 0)
        return [span('loaded-words', t[i]!, word)];
      continue;
    }
    if (t[i]!.lower !== 'so') continue;
    let k = i + 1;
    if (t[k]?.lower === 'much') k += 1;
    if (t[k]?.lower === 'more' && t[k + 1]) k += 1;
    const word = t[k]!;
    // "so much better", "so much tastier" (not "so much bigger": size is a fact).
    const comparative =
      k > i + 1 &&
      !factualGrades.has(word.lemma) &&
      (word.lower === 'better' || gradedValence(word.lower) > 0);
    const misread = k === i + 1 && adjectiveReadAsNoun(word, t[k + 1]);
    if (comparative || misread || (grades(word) && (k === i + 1 || t[k - 1]!.lower === 'more')))
      return [span('loaded-words', t[i]!, word)];
  }
  return [];
}

/**
 * The top of a praising scale: "best", "the finest", "the friendliest",
 * "the most trusted" (not of size, age or time, nor popularity, which is the
 * crowd's own claim).
 */
function topOfScale(t: readonly Token[], i: number): Token | undefined {
  const x = t[i]!;
  if (bestsellerWords.has(x.lower)) return undefined;
  if (x.lower === 'best' || /^best-/.test(x.lower)) return x;
  if (x.lower === 'most') {
    const next = t[i + 1];
    // "the most <graded>", or a rated participle: "the most trusted".
    const rated =
      next !== undefined &&
      next.pos !== 'ADV' &&
      (grades(next) || (/ed$/.test(next.lower) && valence(next.lemma) > 0));
    return rated && t[i - 1]?.lower === 'the' ? next : undefined;
  }
  return x.pos === 'ADJ' && /est$/.test(x.lower) && grades(x) && gradedValence(x.lower) > 0
    ? x
    : undefined;
}

/**
 * The crowd's or the judges' verdict given in superlatives: "Voted best
 * <offer> in…", "…rate our <offer> the finest…", "Named the friendliest…".
 * The crowd is social proof; the grade it hands the offer is loaded too.
 */
function crowdVerdict(s: Sentence, context: SentenceContext): Hit[] {
  if (foundIn(context, 'social-proof').length === 0) return [];
  const t = s.tokens;
  for (let i = 0; i < t.length; i += 1) {
    const top = topOfScale(t, i);
    // "Which is the best…?" asks; only a verdict stated or reported is loaded.
    if (top && !['which', 'what'].includes(t[i - 2]?.lower ?? ''))
      return [span('loaded-words', t[i]!, top)];
  }
  return [];
}

/**
 * Praise of the result inside a glowing "what if": "…your bins <gleaming>
 * like new", "…were <sparkling> clean", "…the best they have ever had".
 */
function glowingResult(s: Sentence, context: SentenceContext): Hit[] {
  const t = s.tokens;
  for (const hit of foundIn(context, 'praise-hypothetical')) {
    const inside = t.filter((x) => x.start >= hit.start && x.end <= hit.end);
    for (const x of inside) {
      const praised =
        qualityPraise.has(x.lower) ||
        (grades(x) && !scaleWords.has(x.lower) && valence(x.lower) >= 3);
      if (praised) return [span('loaded-words', x, x)];
    }
  }
  // The top of a scale raised to "ever": "…the best they have ever had".
  if (
    foundIn(context, 'praise-hypothetical').length > 0 ||
    foundIn(context, 'social-proof').length > 0
  )
    for (let i = 0; i < t.length; i += 1) {
      const top = topOfScale(t, i);
      if (top && t.slice(top.i + 1, top.i + 6).some((y) => y.lower === 'ever'))
        return [span('loaded-words', t[i]!, top)];
    }
  return [];
}

/**
 * A grade put in a premise as a matter of course: "Given how <grade> our
 * <offer> is, …?", "Seeing how <grade> our…". The premise takes the grade for
 * granted before the question asks anything.
 */
function gradedPremise(s: Sentence): Hit[] {
  const t = s.tokens;
  for (let i = 1; i < t.length - 2; i += 1) {
    if (
      t[i]!.lower !== 'how' ||
      !['given', 'seeing', 'considering', 'knowing'].includes(t[i - 1]!.lower)
    )
      continue;
    const word = t[i + 1]!;
    const ours = t.slice(i + 2, i + 6).some((y) => ['our', 'we', 'us'].includes(y.lower));
    if (ours && grades(word)) return [span('loaded-words', word, word)];
  }
  return [];
}

/** People by the work they do: "instructors", "florist", "technicians" (not "burgers": -er is left out). */
const PERSON_ENDING = /^[a-z-]{3,}(?:or|ist|ician)s?$/;

/**
 * Mild praise of the business's people, before them: "our <friendly>
 * coaches", "the <patient> fitter who…". A person's character or talent
 * given by the asker grades the offer's staff as surely as strong praise.
 */
function praisedPeople(s: Sentence, context: SentenceContext): Hit[] {
  const t = s.tokens;
  const identity = foundIn(context, 'identity-appeal');
  const person = (x: Token | undefined) =>
    x !== undefined &&
    x.pos === 'NOUN' &&
    (groupNouns.has(x.lemma) ||
      peoplePlurals.has(x.lower) ||
      authorityNouns.has(x.lemma) ||
      PERSON_ENDING.test(x.lower));
  for (let i = 1; i < t.length - 1; i += 1) {
    const x = t[i]!;
    if (x.pos !== 'ADJ' || !grades(x) || unpraisingPositives.has(x.lower)) continue;
    if (identity.some((h) => x.start >= h.start && x.end <= h.end)) continue;
    // (A compound rated only for one of its parts describes who they are: "have-a-go".)
    const rated =
      (valence(x.lower) > 0 && (!x.text.includes('-') || valence(x.lower) >= 2)) ||
      talentAdjectives.has(x.lower) ||
      characterAdjectives.has(x.lower);
    const noun = t[i + 1]!;
    const determiner = t[i - 1]!.lower;
    // "…you're the <confident> type who…", "Picture yourself as the <bold> rider who…": the person.
    const yours = t
      .slice(Math.max(0, i - 5), i - 1)
      .some((y) => y.lower === 'yourself' || (y.lower === 'you' && t[y.i + 1]?.lemma === 'be'));
    const ours =
      determiner === 'our' ||
      (determiner === 'the' && t[i + 2]?.lower === 'who' && !yours && !sortNouns.has(noun.lower));
    if (rated && ours && (person(noun) || t[i + 2]?.lower === 'who'))
      return [span('loaded-words', x, x)];
  }
  return [];
}

/**
 * Praise offered as every answer: "…was it good, very good or <excellent>?",
 * "…<exciting> or <thrilling>?". The strongest grade of a one-sided choice
 * is the asker's.
 */
function praisedAnswers(s: Sentence, context: SentenceContext): Hit[] {
  const t = s.tokens;
  for (const hit of foundIn(context, 'loaded-choice')) {
    // Graded answers, or praised names offered as answers ("a lifesaver or…", "…or a must-visit?").
    const inside = t.filter(
      (x) =>
        x.start >= hit.start &&
        x.end <= hit.end &&
        (x.pos === 'ADJ' ||
          (/ing$/.test(x.lower) && valence(x.lower) > 0) ||
          (x.pos === 'NOUN' &&
            praiseOf(x) > 0 &&
            (['or', ','].includes(t[x.i + 1]?.lower ?? '') || x.end === hit.end))),
    );
    const praised = inside.filter((x) => praiseOf(x) > 0);
    // (A mild word inside a praised name leaves it praise: "a hidden gem".)
    if (praised.length === 0 || inside.some((x) => valence(x.lower) < (x.pos === 'NOUN' ? 0 : -1)))
      continue;
    // Offered as answers: the praised words stand apart by "or" or a comma, or set level
    // with the other ("as good as…, or even better").
    const apart = praised
      .slice(0, -1)
      .every((x) => ['or', ',', 'as'].includes(t[x.i + 1]?.lower ?? ''));
    if (!apart) continue;
    const top = praised.reduce((a, b) => (valence(b.lower) >= valence(a.lower) ? b : a));
    const before = t[top.i - 1];
    const intensified =
      before !== undefined && (intensifiers.has(before.lower) || gradeRaisers.has(before.lower));
    // One answer praised and raised is the asker's too: "…or merely very nice to have?".
    if (praised.length < 2 && !(intensified && valence(top.lower) >= 3)) continue;
    if (valence(top.lower) >= 3 || (intensified && valence(top.lower) >= 2))
      return [span('loaded-words', intensified ? before : top, top)];
  }
  return [];
}

/** Loaded words inside another kind's phrase (see the top of this file). */
export function praiseInside(s: Sentence, context: SentenceContext): Hit[] {
  return [
    ...soGraded(s, context),
    ...crowdVerdict(s, context),
    ...glowingResult(s, context),
    ...gradedPremise(s),
    ...praisedPeople(s, context),
    ...praisedAnswers(s, context),
  ];
}
