// Praise in a "what if"
import { hedgePattern, whWords } from '../lexicon/question-words';
import { unpraisingPositives, valence } from '../lexicon/valence';
import { imagineVerbs, unrealForms } from '../lexicon/experience';
import { reliefAfterNo, reliefIdiomPattern, reliefWords } from '../lexicon/feelings';
import type { KindRule } from './kind';
import type { Sentence } from '../text';
import { type Hit, firstWord, span, isQuestion } from './tokens';

function praiseHypothetical(s: Sentence, next: Sentence | undefined): Hit[] {
  const t = s.tokens;
  for (let i = 0; i < t.length; i += 1) {
    const x = t[i]!;
    const conditional =
      x.lower === 'if' &&
      !hedgePattern.test(
        t
          .slice(i, i + 4)
          .map((y) => y.text)
          .join(' '),
      ) &&
      t.slice(i + 1, i + 6).some(
        (y) =>
          unrealForms.has(y.lower) ||
          // A past form for the unreal: "if our … saved you…"
          (y.pos === 'VERB' && y.lemma !== y.lower && !/(?:ing|s)$/.test(y.lower)),
      );
    const imagine = imagineVerbs.has(x.lower) && (i === firstWord(t) || t[i - 1]?.text === ',');
    const whatIf = x.lower === 'what' && t[i + 1]?.lower === 'if';
    if (!conditional && !imagine && !whatIf) continue;
    let end = t.findIndex(
      (y, k) =>
        k > i &&
        (y.text === '?' ||
          y.text === '.' ||
          y.text === '—' ||
          (y.text === ',' &&
            (t[k + 1]?.lower === 'would' ||
              whWords.has(t[k + 1]?.lower ?? '') ||
              t[k + 1]?.lower === 'will'))),
    );
    if (end < 0) end = t.length;
    const praised =
      t
        .slice(i + 1, end)
        .find(
          (y) =>
            (y.pos === 'ADJ' || y.pos === 'ADV' || y.pos === 'NOUN' || y.pos === 'VERB') &&
            (valence(y.lower) >= 2 || valence(y.lemma) >= 3) &&
            !unpraisingPositives.has(y.lemma) &&
            !(
              y.lower === 'best' &&
              t[y.i - 1]?.lower === 'the' &&
              !t.slice(i, y.i).some((z) => z.lower === "'s")
            ),
        ) ?? t.slice(i + 1, end).find((y) => y.lower === 'best' && t[y.i - 1]?.lower === "'s");
    if (praised) return [span('praise-hypothetical', x, t[Math.max(praised.i, end - 1)]!)];
    // "Picture yourself relaxing…", then a question: the person is put into
    // a pleasant scene, then asked about the offer.
    const intoScene = imagine && ['yourself', 'you'].includes(t[i + 1]?.lower ?? '');
    const asksAfter = (next !== undefined && isQuestion(next)) || end < t.length - 1;
    const pleasant = t
      .slice(i + 2, end)
      .find(
        (y) =>
          (y.pos === 'VERB' && /ing$/.test(y.lower) && valence(y.lemma) >= 0 && i + 3 >= y.i) ||
          ((y.pos === 'ADJ' || y.pos === 'ADV') && valence(y.lower) > 0),
      );
    if (intoScene && asksAfter && pleasant && !t.slice(i, end).some((y) => valence(y.lower) < 0))
      return [span('praise-hypothetical', x, t[Math.max(pleasant.i, end - 1)]!)];
    // A scene of relief, then the ask: a burden gone ("never have to", "no
    // longer", "without a…") or a task already done, in a "what if" or an
    // "imagine" that a question follows.
    const relief = t
      .slice(i + 1, end)
      .find(
        (y) =>
          reliefWords.has(y.lower) ||
          (y.lower === 'no' && reliefAfterNo.has(t[y.i + 1]?.lower ?? '')),
      );
    if ((imagine || whatIf) && relief && asksAfter)
      return [span('praise-hypothetical', x, t[Math.max(relief.i, end - 1)]!)];
    const clause = t.slice(i, end);
    const idiom =
      clause.length > 0 &&
      reliefIdiomPattern.test(
        s.text.slice(clause[0]!.start - s.start, clause.at(-1)!.end - s.start),
      );
    if ((imagine || whatIf) && idiom && asksAfter)
      return [span('praise-hypothetical', x, t[end - 1]!)];
    // "Imagine…." then the question in the next sentence.
    if (imagine && next === undefined) continue;
  }
  return [];
}

export const praiseHypotheticalKind: KindRule = {
  kind: 'praise-hypothetical',
  detect: (s, context) => praiseHypothetical(s, context.next),
  why: (p) =>
    `"${p}" imagines the offer in glowing words, so people answer about the praise rather than the offer.`,
};
