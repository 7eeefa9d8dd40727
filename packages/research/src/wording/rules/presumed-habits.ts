// Presupposition, continued: a habit, a benefit or a feeling taken for
// granted in a wh-question about the offer or an experience.
import { benefitVerbs } from '../lexicon/claims';
import {
  advocacyVerbs,
  growthVerbs,
  opinionVerbs,
  plainEffects,
  stirringVerbs,
} from '../lexicon/habits';
import { valence } from '../lexicon/valence';
import { whWords } from '../lexicon/question-words';
import type { Sentence, Token } from '../text';
import { type Hit, MODALS, hedged, span, isQuestion, questionStart } from './tokens';

/** A verb in the past or a past participle: "used", "visited", "moved". */
const pastForm = (y: Token) =>
  y.pos === 'VERB' && y.lemma !== y.lower && !/(?:ing|s)$/.test(y.lower);

/**
 * A habit, a benefit or a feeling taken for granted: "How often do you
 * <verb> at our…", "How often do you recommend us", "When did you last tell
 * … about our…", "How much did the <experience> boost your…", "Which part of
 * … <moved> you most". A hedge ("if at all"), a modal or an "or" leaves the
 * person free to say it never happened.
 */
export function presumedHabit(s: Sentence): Hit[] {
  const t = s.tokens;
  if (!isQuestion(s) || hedged(s)) return [];
  const qs = questionStart(t);
  const opener = t[qs];
  if (!opener || !whWords.has(opener.lower)) return [];
  const rest = t.slice(qs + 1);
  if (rest.some((y) => MODALS.has(y.lower) || y.lower === 'or')) return [];
  const you = rest.find((y) => y.lower === 'you');
  // The offer named after a word: "our", "us", "we" or a name.
  const offerAfter = (from: number) =>
    t
      .slice(from)
      .some((y) => ['our', 'us', 'we'].includes(y.lower) || (y.pos === 'PROPN' && y.i > qs + 1));
  if (you && (opener.lower === 'how' || opener.lower === 'when')) {
    const verb = t[you.i + 1];
    // "How often do you <verb> … our…": the habit presumed, only its frequency asked.
    if (
      opener.lower === 'how' &&
      t[qs + 1]?.lower === 'often' &&
      ['do', 'does'].includes(t[you.i - 1]?.lower ?? '') &&
      verb?.pos === 'VERB' &&
      !opinionVerbs.has(verb.lemma) &&
      offerAfter(verb.i + 1)
    )
      return [span('presupposition', opener, verb)];
    // "How many friends have you told about our…", "When did you last recommend us": the advocacy presumed.
    const asks =
      (opener.lower === 'how' &&
        ['often', 'many', 'frequently'].includes(t[qs + 1]?.lower ?? '')) ||
      (opener.lower === 'when' && rest.some((y) => y.lower === 'last'));
    const advocacy = t
      .slice(you.i + 1, you.i + 3)
      .find((y) => y.pos === 'VERB' && advocacyVerbs.has(y.lemma));
    if (asks && advocacy && offerAfter(advocacy.i + 1))
      return [span('presupposition', opener, advocacy)];
  }
  // "How much did the workshop boost your…", "How has the course helped your…": the benefit of
  // an experience presumed, only its size or manner asked.
  if (opener.lower === 'how' || opener.lower === 'what') {
    const aux = rest.find((y) => ['has', 'have', 'did'].includes(y.lower));
    const subject = aux && t[aux.i + 1];
    const verb =
      subject &&
      t
        .slice(subject.i + 1, subject.i + 5)
        .find((y) => y.pos === 'VERB' && (benefitVerbs.has(y.lemma) || growthVerbs.has(y.lemma)));
    if (
      subject &&
      verb &&
      ['the', 'our', 'your', 'this'].includes(subject.lower) &&
      !plainEffects.has(verb.lemma) &&
      !t.slice(subject.i, verb.i).some((y) => y.lower === 'you') &&
      ['your', 'you'].includes(t[verb.i + 1]?.lower ?? '')
    )
      return [span('presupposition', opener, verb)];
  }
  // "Which part of … moved you most": a pleasing feeling presumed, only its source asked.
  if (opener.lower === 'what' || opener.lower === 'which') {
    const verb = rest.find(
      (y) =>
        pastForm(y) &&
        (stirringVerbs.has(y.lemma) || valence(y.lemma) >= 2) &&
        t[y.i + 1]?.lower === 'you' &&
        t[y.i + 2]?.lower === 'most',
    );
    if (verb) return [span('presupposition', opener, t[verb.i + 2]!)];
  }
  return [];
}
