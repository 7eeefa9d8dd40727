// Presupposition, continued: a habit, a benefit or a feeling taken for
// granted in a wh-question about the offer or an experience.
import { benefitVerbs } from '../lexicon/claims';
import {
  advocacyVerbs,
  growthVerbs,
  habitualAdverbs,
  opinionVerbs,
  plainEffects,
  stirringVerbs,
} from '../lexicon/habits';
import { valence } from '../lexicon/valence';
import { whWords } from '../lexicon/question-words';
import type { Sentence } from '../text';
import { type Hit, MODALS, hedged, pastForm, span, isQuestion, questionStart } from './tokens';

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
  const routine = routineWithUs(s);
  if (routine.length > 0) return routine;
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

/** Words that place a routine with the business: "our", "us", "we", "here", "in" ("come in"). */
const WITH_US = new Set(['our', 'us', 'we', 'here', 'in']);

/**
 * A routine with the business taken for granted before a wh-question: "Each
 * time you come in, which…?", "Whenever you order from us, what…?", "When
 * you browse our <shelves>, which… do you…?", "Each time we tune your piano,
 * what…?", or a past act put as the person's own: "When you last <did it>,
 * how…?".
 */
function routineWithUs(s: Sentence): Hit[] {
  const t = s.tokens;
  // "Which of our <things> do you <pick> most often?": the habit presumed, only its object asked.
  const often = t.findIndex((y, k) => y.lower === 'most' && t[k + 1]?.lower === 'often');
  const doYou = t.findIndex((y, k) => y.lemma === 'do' && t[k + 1]?.lower === 'you');
  if (
    often > doYou &&
    doYou > 0 &&
    whWords.has(t[0]!.lower) &&
    // "…of our <things>", or one of ours by name ("Which Green Bay do you…").
    t.slice(0, doYou).some((y) => y.lower === 'our' || (y.pos === 'PROPN' && y.i > 0))
  )
    return [span('presupposition', t[doYou]!, t[often + 1]!)];
  // "Which of our <staff> do you usually book with?", "Which <lane> do you normally swim in at
  // our pool?": a habit with the business presumed, only its detail asked.
  const usual = t[doYou + 2];
  if (
    doYou > 0 &&
    ['which', 'what'].includes(t[0]!.lower) &&
    !t.some((y) => y.lower === 'or') &&
    usual !== undefined &&
    habitualAdverbs.has(usual.lower) &&
    t[doYou + 3]?.pos === 'VERB' &&
    t.some((y) => y.lower === 'our' || y.lower === 'us')
  )
    return [span('presupposition', t[doYou]!, t[doYou + 3]!)];
  // The scene after the question: "Which… do you <pick> first when you come in?"
  const after = t.findIndex(
    (y, k) =>
      ['when', 'whenever'].includes(y.lower) &&
      t[k + 1]?.lower === 'you' &&
      t[k + 2]?.pos === 'VERB' &&
      t[k + 2]!.lower === t[k + 2]!.lemma,
  );
  if (
    after > doYou &&
    doYou > 0 &&
    whWords.has(t[0]!.lower) &&
    t.slice(after + 3, after + 6).some((y) => WITH_US.has(y.lower))
  )
    return [span('presupposition', t[after]!, t[after + 2]!)];
  // The question after a clause that sets the scene: "When you…, which…?"
  const comma = t.findIndex((y, k) => y.text === ',' && whWords.has(t[k + 1]?.lower ?? ''));
  if (comma < 2) return [];
  const clause = t.slice(0, comma);
  // The person in the scene, or the business serving them again and again: "Each time we <clean> your <gutters>, …"
  const again = ['each', 'every'].includes(clause[0]!.lower) && clause[1]?.lower === 'time';
  const you =
    clause.find((y) => y.lower === 'you') ??
    (again && clause[2]?.lower === 'we' && clause.slice(3).some((z) => z.lower === 'your')
      ? clause[2]
      : undefined);
  if (!you) return [];
  const opener = clause[0]!;
  const each = again && you.i === 2;
  const when = ['when', 'whenever'].includes(opener.lower) && you.i === 1;
  const done = clause[3];
  const last =
    when &&
    clause[2]?.lower === 'last' &&
    done !== undefined &&
    (pastForm(done) || /ed$/.test(done.lower));
  const verb = clause[you.i + 1];
  const withUs = you.lower === 'we' || clause.slice(you.i + 1).some((y) => WITH_US.has(y.lower));
  if (last) return [span('presupposition', opener, clause[3]!)];
  if ((each || (when && verb?.pos === 'VERB' && verb.lower === verb.lemma)) && withUs && verb)
    return [span('presupposition', opener, verb)];
  return [];
}
