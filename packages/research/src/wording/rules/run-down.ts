// Loaded words that run a task down: a burden named ("the hassle of…") or
// a premise that labels the alternative a burden before the question. Read
// by the loaded-words rule.
import { burdenNouns, difficultyWords, wearingWords } from '../lexicon/feelings';
import { valence } from '../lexicon/valence';
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

/** Words that grade how much of a burden something is: "a real nuisance", "a constant struggle". */
const BURDEN_GRADES = new Set([
  'a',
  'real',
  'constant',
  'such',
  'total',
  'huge',
  'big',
  'an',
  'absolute',
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
  while (k > verb.i && (BURDEN_GRADES.has(t[k]!.lower) || valence(t[k]!.lower) < 0)) k -= 1;
  if (k !== verb.i) return [];
  const burden =
    valence(last.lower) <= -2 ||
    wearingWords.has(last.lower) ||
    ((burdenNouns.has(last.lemma) || difficultyWords.has(last.lemma)) && last.pos === 'NOUN') ||
    (last.lower === 'long' && valence(t[end - 1]?.lower ?? '') < 0);
  return burden ? [span('loaded-words', t[verb.i + 1]!, last)] : [];
}
