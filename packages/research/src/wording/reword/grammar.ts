// The grammar gate: what a cut can break in a rewording, judged by what each
// word was in the original question.
import { firstWord, isQuestion } from '../rules/tokens';
import { analyse, type Token } from '../text';

const NOUNS = new Set(['NOUN', 'PROPN']);

/** A grammar failure, in plain words (one of the gates' failures). */
interface ShapeFailure {
  gate: 'shape';
  reason: string;
}

/** Determiners that need a noun phrase after them. */
const NEEDS_NOUN = new Set(['a', 'an', 'the', 'our', 'your', 'their', 'my']);

/**
 * Grammar a cut can break: a determiner left without its noun ("Would a
 * settle for…?"), or "do" asking with no verb left to ask ("Do you
 * parent?"). The tagger reads such a sentence as best it can ("a settle",
 * "you parent"), so each word is judged by what it was in the original: a
 * determiner now before a word that was only ever a verb or a preposition
 * there, or "do you" before no word that was a verb there.
 */
export function brokenGrammar(original: string, text: string): ShapeFailure[] {
  const was = new Map<string, Set<string>>();
  const pairs = new Set<string>();
  for (const s of analyse(original))
    s.tokens.forEach((x, k) => {
      was.set(x.lower, (was.get(x.lower) ?? new Set()).add(x.pos));
      pairs.add(`${x.lower} ${s.tokens[k + 1]?.lower}`);
    });
  const only = (x: Token, parts: readonly string[]) => {
    const pos = was.get(x.lower);
    return pos !== undefined && [...pos].every((p) => parts.includes(p));
  };
  const failures: ShapeFailure[] = [];
  for (const s of analyse(text)) {
    const t = s.tokens;
    const orphan = t.find((x, k) => {
      const next = t[k + 1];
      if (!NEEDS_NOUN.has(x.lower) || !next || pairs.has(`${x.lower} ${next.lower}`)) return false;
      const after = t[k + 2]?.pos ?? '';
      // A compound or an "-ing" word read as a verb or a preposition is still a noun ("the
      // touch-up"), unless "a" is left before one with no noun to follow ("a paying per bag").
      if (next.text.includes('-') || /ing$/.test(next.lower))
        return (
          /^an?$/.test(x.lower) &&
          next.lower !== next.lemma &&
          !only(next, ['NOUN', 'PROPN']) &&
          ['ADP', 'ADV', 'CCONJ', 'SCONJ'].includes(after)
        );
      return (
        ['AUX', 'ADP', 'CCONJ', 'PUNCT', 'PART'].includes(next.pos) ||
        // A verb's plain form, not a participle before its noun ("our cut shirts").
        (only(next, ['VERB', 'AUX', 'ADP', 'PART']) &&
          next.lower === next.lemma &&
          !NOUNS.has(after))
      );
    });
    if (orphan) failures.push({ gate: 'shape', reason: `"${orphan.text}" has no noun after it.` });
    // A grade cut from before a bare noun after "is": "…is excellent value" left as "…is value".
    const bare = t.find(
      (x, k) =>
        k > 0 &&
        t[k - 1]!.lemma === 'be' &&
        (x.pos === 'NOUN' || only(x, ['NOUN'])) &&
        x.lower === x.lemma &&
        !pairs.has(`${t[k - 1]!.lower} ${x.lower}`) &&
        [...was].some(([w, pos]) => pos.has('ADJ') && pairs.has(`${w} ${x.lower}`)),
    );
    if (bare)
      failures.push({ gate: 'shape', reason: `"${bare.text}" has lost the word before it.` });
    const first = firstWord(t);
    const [doing, subject] = [t[first], t[first + 1]];
    // A word that may be the verb: read as one and not only a noun in the original, or a new
    // word (a reversal's "dislike" may be read as a noun).
    const mayAsk = (x: Token) =>
      ((x.pos === 'VERB' || x.pos === 'AUX') && !only(x, ['NOUN', 'PROPN', 'ADJ'])) ||
      (x.pos === 'NOUN' && !was.has(x.lower));
    if (
      isQuestion(s) &&
      ['do', 'does', 'did'].includes(doing?.lower ?? '') &&
      subject?.pos === 'PRON' &&
      !t.slice(first + 2).some(mayAsk) &&
      !original.includes(s.text)
    )
      failures.push({
        gate: 'shape',
        reason: `"${doing!.text} ${subject.text}" asks with no verb after it.`,
      });
  }
  return failures;
}
