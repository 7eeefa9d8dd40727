// Social proof, continued: others' endorsement of the offer stated as a
// premise before the ask ("Local chefs have praised our knives. Would you…?"),
// and a score others gave it ("Rated 4.8 stars on Google — would you…?").
import { endorseVerbs, namingVerbs } from '../lexicon/claims';
import { strongEndorseVerbs } from '../lexicon/crowds';
import { countedThings } from '../lexicon/people';
import { factualGrades } from '../lexicon/comparison';
import { gradedValence, valence } from '../lexicon/valence';
import type { Sentence } from '../text';
import { type Hit, firstWord, isQuestion, span } from './tokens';

/**
 * Others endorsing the offer, stated before the ask: a plural subject
 * ("<people> have praised our…", "<people> call us…") whatever people they
 * are, with an endorsing or naming verb whose object is the offer.
 */
export function endorsedByOthers(s: Sentence, next: Sentence | undefined): Hit[] {
  const t = s.tokens;
  if (isQuestion(s) || next === undefined || !isQuestion(next)) return [];
  const first = firstWord(t);
  if (t.slice(first, first + 6).some((y) => ['we', 'i', 'you'].includes(y.lower))) return [];
  for (let i = first; i < Math.min(t.length, first + 6); i += 1) {
    const x = t[i]!;
    if (x.pos !== 'NOUN' && x.pos !== 'PROPN') continue;
    if (countedThings.has(x.lemma)) continue;
    // A plural subject with any endorsing verb; a single body ("<a scheme> has
    // recommended us") with a verb of strong endorsement.
    const plural = x.pos === 'NOUN' && x.lower !== x.lemma;
    const verb = t
      .slice(i + 1, i + 4)
      .find(
        (y) =>
          (y.pos === 'VERB' || y.pos === 'NOUN') &&
          (plural
            ? endorseVerbs.has(y.lemma) || namingVerbs.has(y.lemma)
            : strongEndorseVerbs.has(y.lemma) && y.lower !== y.lemma) &&
          valence(y.lemma) >= 0,
      );
    if (!verb || !t.slice(i + 1, verb.i).every((y) => ['AUX', 'ADV', 'NOUN'].includes(y.pos)))
      continue;
    const object = t[verb.i + 1];
    if (object && ['our', 'us'].includes(object.lower)) return [span('social-proof', x, verb)];
  }
  return [];
}

/** Words a score is given in: "4.8 stars", "4.9 out of 5". */
const SCORE_UNITS = new Set(['star', 'out']);

/**
 * A score others gave the offer, stated: "Rated 4.8 stars on Google…", "our
 * 4.9-star reviews", "a five-star rating". A scale the person is asked to
 * use ("…from 1 to 5 stars") is not one: the score is "rated", or is a
 * rating or reviews.
 */
export function ratedScore(s: Sentence): Hit[] {
  const t = s.tokens;
  for (const x of t) {
    const score = x.pos === 'NUM' || /^\d(?:\.\d)?-star$/.test(x.lower) || x.lower === 'five-star';
    if (!score) continue;
    const unit = /star$/.test(x.lower) ? x : t[x.i + 1];
    if (!unit || (unit !== x && !SCORE_UNITS.has(unit.lemma))) continue;
    // "Rated 4.8 stars", or others rating us: "Local cyclists rate us 4.9 stars".
    const rater = t
      .slice(Math.max(0, x.i - 2), x.i)
      .find(
        (y) =>
          y.lower === 'rated' ||
          (y.lemma === 'rate' && t[y.i + 1]?.lower === 'us' && t[y.i - 1]?.pos === 'NOUN'),
      );
    const rated = rater !== undefined;
    const given = ['rating', 'review'].includes(t[unit.i + 1]?.lemma ?? '');
    if (rated || given) return [span('social-proof', rater ?? x, given ? t[unit.i + 1]! : unit)];
  }
  return [];
}

/**
 * An honour stated as given by others, naming the offer the top of a
 * scale: "Named the finest <shop> in…", "Rated the most trusted…",
 * "Crowned the friendliest…". Who gave it is left unsaid; the honour is the
 * crowd's or the judges' verdict.
 */
export function namedTop(s: Sentence): Hit[] {
  const t = s.tokens;
  for (let i = 0; i < t.length - 2; i += 1) {
    const x = t[i]!;
    const honoured =
      (namingVerbs.has(x.lemma) || x.lemma === 'rate') &&
      x.lower !== x.lemma &&
      /ed$/.test(x.lower) &&
      (i === firstWord(t) || t[i - 1]?.lemma === 'be');
    if (!honoured || t[i + 1]?.lower !== 'the') continue;
    const word = t[i + 2]!;
    const most = word.lower === 'most' ? t[i + 3] : undefined;
    const top = most
      ? valence(most.lower) > 0 || valence(most.lemma) > 0
      : word.lower === 'best' ||
        (/est$/.test(word.lower) &&
          !factualGrades.has(word.lemma) &&
          gradedValence(word.lower) > 0);
    if (top) return [span('social-proof', x, most ?? word)];
  }
  return [];
}

/** "…a pop-top, 9 in 10 of them last year.": a share of a crowd already named, by pronoun. */
export function shareOfThem(s: Sentence): Hit[] {
  const t = s.tokens;
  const number = (k: number) => /^\d+$/.test(t[k]?.text ?? '');
  for (let k = 0; k < t.length; k += 1) {
    // "9 in 10 of them", "9 out of 10 of them"
    const by = t[k + 1]?.lower === 'out' && t[k + 2]?.lower === 'of' ? k + 3 : k + 2;
    const share = number(k) && ['in', 'out'].includes(t[k + 1]?.lower ?? '') && number(by);
    const them = t[by + 2];
    if (share && t[by + 1]?.lower === 'of' && ['them', 'those'].includes(them?.lower ?? ''))
      return [span('social-proof', t[k]!, them!)];
  }
  return [];
}
