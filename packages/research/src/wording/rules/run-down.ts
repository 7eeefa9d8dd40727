// Loaded words in a label: a task run down as a burden ("the hassle of…", a
// premise that labels the alternative a burden before the question), or a
// verdict put as a noun in a claim the person is asked to share ("…is such
// fun, right?"). Read by the loaded-words rule.
import { burdenNouns, difficultyWords, wearingWords } from '../lexicon/feelings';
import { nounIntensifiers, valence } from '../lexicon/valence';
import type { Sentence } from '../text';
import type { SentenceContext } from './kind';
import { type Hit, isQuestion, span } from './tokens';

/** A task labelled a burden: "the hassle of <doing it>", "the chore of <it>". */
export function burdenLabel(s: Sentence): Hit[] {
  const t = s.tokens;
  for (let i = 1; i < t.length - 2; i += 1) {
    const x = t[i]!;
    if (!burdenNouns.has(x.lemma) || t[i + 1]!.lower !== 'of') continue;
    if (!['the', 'a', 'that', 'this', 'all'].includes(t[i - 1]!.lower)) continue;
    return [span('loaded-words', x, t[i + 1]!)];
  }
  return [];
}

/** Words between a verb and the label it gives: "is a real nuisance", "is such fun", "is a constant struggle". */
const LABEL_LEADS = new Set([
  'a',
  'an',
  'such',
  'complete',
  'constant',
  'huge',
  'big',
  ...nounIntensifiers,
]);

/**
 * A statement before the question that labels a task a burden, its subject
 * the task itself: "Queuing at the post office is a real nuisance.",
 * "Carrying bags up the hill is exhausting.", "Posting a parcel takes
 * painfully long." The question then offers the relief.
 */
export function runDownPremise(s: Sentence, context: SentenceContext): Hit[] {
  const t = s.tokens;
  if (isQuestion(s) || !context.next || !isQuestion(context.next)) return [];
  const task = t[0];
  if (!task || task.pos !== 'VERB' || !/ing$/.test(task.lower)) return [];
  const end = t.at(-1)?.pos === 'PUNCT' ? t.length - 2 : t.length - 1;
  const last = t[end];
  const verb = t.slice(1, end).find((y) => ['be', 'take', 'feel', 'get'].includes(y.lemma));
  if (!last || !verb) return [];
  let k = end - 1;
  while (k > verb.i && (LABEL_LEADS.has(t[k]!.lower) || valence(t[k]!.lower) < 0)) k -= 1;
  if (k !== verb.i) return [];
  const burden =
    valence(last.lower) <= -2 ||
    wearingWords.has(last.lower) ||
    ((burdenNouns.has(last.lemma) || difficultyWords.has(last.lemma)) && last.pos === 'NOUN') ||
    (last.lower === 'long' && valence(t[end - 1]?.lower ?? '') < 0);
  return burden ? [span('loaded-words', t[verb.i + 1]!, last)] : [];
}

/**
 * A verdict put as a noun at the end of a claim that asks for agreement or
 * comes before the question: "Baking bread is such fun, right?", "A broken
 * boiler is a nightmare, isn't it?".
 */
export function verdictNoun(s: Sentence, context: SentenceContext): Hit[] {
  const t = s.tokens;
  const agreed = context.found.some((h) => h.kind === 'agreement-framing');
  // (A crowd's verdict is theirs: "Most owners say the new van is an improvement.")
  const premise =
    !isQuestion(s) &&
    context.next !== undefined &&
    isQuestion(context.next) &&
    !context.found.some((h) => h.kind === 'social-proof');
  if (!agreed && !premise) return [];
  for (const x of t) {
    if (x.pos !== 'NOUN' && x.pos !== 'ADJ') continue;
    const rated = valence(x.lower) >= 2 || valence(x.lower) <= -2 || burdenNouns.has(x.lemma);
    if (!rated || !['PUNCT', undefined].includes(t[x.i + 1]?.pos)) continue;
    let k = x.i - 1;
    while (k > 0 && LABEL_LEADS.has(t[k]!.lower)) k -= 1;
    if (k < x.i - 1 && t[k]?.lemma === 'be') return [span('loaded-words', t[k + 1]!, x)];
  }
  return [];
}
