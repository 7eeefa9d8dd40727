import type { Hit } from '../rules/tokens';
import { intensifiers } from '../lexicon/valence';
import type { Sentence, Token } from '../text';
import type { Edit } from './edits';
import { isLoadedModifier } from './topic';

export function inside(t: Token, hit: Hit): boolean {
  return t.start >= hit.start && t.end <= hit.end;
}

/** Deletes loaded words (and their intensifiers and the commas between them). */
export function deleteLoaded(s: Sentence, edits: Edit[], hits: Hit[], everywhere: boolean) {
  const t = s.tokens;
  for (const x of t) {
    const relevant =
      everywhere ||
      hits.some(
        (h) =>
          inside(x, h) &&
          (h.kind === 'loaded-words' ||
            h.kind === 'praise-hypothetical' ||
            h.kind === 'loaded-choice' ||
            h.kind === 'assumptive-why'),
      );
    // A word found loaded by itself ("the ideal way…, isn't it?") goes, whatever its rating.
    const flagged = hits.some(
      (h) => h.kind === 'loaded-words' && h.start === x.start && h.end === x.end,
    );
    if (!relevant || !(flagged || isLoadedModifier(x, t[x.i + 1]))) continue;
    const next = t[x.i + 1];
    const attributive =
      next !== undefined &&
      (['NOUN', 'PROPN', 'ADJ'].includes(next.pos) ||
        next.text === ',' ||
        next.lower === 'and' ||
        next.text.includes('-') ||
        (next.pos === 'VERB' && /(?:ing|ed)$/.test(next.lower)));
    const intensifier = x.pos === 'ADV' && (next?.pos === 'ADJ' || next?.pos === 'VERB');
    if (!attributive && !intensifier) continue;
    let start = x.start;
    const prev = t[x.i - 1];
    if (prev && intensifiers.has(prev.lower)) start = prev.start;
    let end = x.end;
    if (x.pos === 'ADV' && next?.pos === 'VERB' && /ed$/.test(next.lower)) end = next.end;
    if (
      next &&
      (next.text === ',' || (next.lower === 'and' && t[x.i + 2] && t[x.i + 2]!.pos !== 'VERB'))
    )
      end = next.end;
    edits.push({ start, end, text: '' });
  }
  // "so enjoyable", "so much better": the intensifier goes.
  for (const x of t) {
    if (
      x.lower === 'so' &&
      (t[x.i + 1]?.pos === 'ADJ' || t[x.i + 1]?.lower === 'much') &&
      hits.some((h) => inside(x, h) || h.kind === 'assumptive-why')
    ) {
      edits.push({
        start: x.start,
        end: t[x.i + 1]?.lower === 'much' ? t[x.i + 1]!.end : x.end,
        text: '',
      });
    }
  }
}
