// Social proof, continued: others' endorsement of the offer stated as a
// premise before the ask ("Local chefs have praised our knives. Would you…?").
import { endorseVerbs, namingVerbs } from '../lexicon/claims';
import { strongEndorseVerbs } from '../lexicon/crowds';
import { countedThings } from '../lexicon/people';
import { valence } from '../lexicon/valence';
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
