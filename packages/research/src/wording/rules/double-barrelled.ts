// Two asks in one
import { auxiliaries, binomials, whWords } from '../lexicon/question-words';
import type { Sentence } from '../text';
import { type Hit, questionStart, span } from './tokens';

const EVALUATIVE_FRAMES = new Set([
  'satisfied',
  'happy',
  'rate',
  'enjoy',
  'like',
  'love',
  'want',
  'offer',
  'prefer',
  'find',
  'think',
  'useful',
  'easy',
  'important',
  'pleased',
  'recommend',
  'consider',
  'add',
  'improve',
  'need',
  'value',
]);

export function doubleBarrelled(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  const qs = questionStart(t);
  const opener = t[qs];
  if (!opener) return hits;
  const closed = auxiliaries.has(opener.lower);
  const rating =
    (opener.lower === 'how' &&
      (['ADJ', 'ADV'].includes(t[qs + 1]?.pos ?? '') || /ed$/.test(t[qs + 1]?.lower ?? '')) &&
      t[qs + 1]?.lower !== 'often' &&
      t[qs + 1]?.lower !== 'much' &&
      t[qs + 1]?.lower !== 'many') ||
    opener.lemma === 'rate' ||
    (opener.lower === 'please' && t[qs + 1]?.lemma === 'rate') ||
    (opener.lower === 'how' &&
      t[qs + 1]?.lower === 'would' &&
      t.slice(qs + 2, qs + 5).some((y) => y.lemma === 'rate'));
  for (let i = qs + 1; i < t.length - 1; i += 1) {
    const x = t[i]!;
    if (x.lower !== 'and') continue;
    const before = t[i - 1]!;
    const after = t[i + 1]!;
    // "How often do you cook, and how much do you spend…?" (not "…, and why?", "and if so")
    if (whWords.has(after.lower) && after.lower !== 'why' && t[i + 2]?.text !== '?') {
      const verb = t.slice(i + 2, t.length).some((y) => y.pos === 'VERB' || y.pos === 'AUX');
      if (verb) {
        hits.push(span('double-barrelled', t[qs]!, t[Math.min(t.length - 2, i + 3)]!));
        break;
      }
    }
    // "Is the app reliable and does it save you time?": a second question joined on.
    if (
      auxiliaries.has(after.lower) &&
      ['PRON', 'DET', 'PROPN'].includes(t[i + 2]?.pos ?? '') &&
      (closed || rating)
    ) {
      hits.push(span('double-barrelled', before, t[Math.min(t.length - 2, i + 3)]!));
      break;
    }
    if (!closed && !rating) continue;
    if (after.lower === 'if' || after.lower === 'why' || after.lower === 'then') continue;
    const pair = `${before.lower} and ${after.lower}`;
    if (binomials.has(pair) || binomials.has(`${before.lemma} and ${after.lemma}`)) continue;
    if (t.slice(qs, i).some((y) => y.lower === 'between' || y.lower === 'both')) continue;
    if (t.slice(i + 1, i + 6).some((y) => y.lower === 'together')) continue;
    // Subjects joined ("Do you and your partner…") ask one thing.
    const mainVerbBefore = t
      .slice(qs + 1, i)
      .some(
        (y) =>
          y.pos === 'VERB' ||
          y.pos === 'ADJ' ||
          (y.pos === 'AUX' && y.i > qs + 1) ||
          (y.pos === 'ADV' && opener.lemma === 'be'),
      );
    if (!mainVerbBefore && !rating) continue;
    let kindOfPair = '';
    const nextContent = t
      .slice(i + 1)
      .find((y) => !['DET', 'PRON', 'ADV', 'PART'].includes(y.pos) || y.lower === 'more');
    if (
      (before.pos === 'ADJ' ||
        before.pos === 'ADV' ||
        before.lower === 'time' ||
        (before.pos === 'VERB' && /ed$/.test(before.lower) && t[before.i - 1]?.lower === 'how')) &&
      (after.pos === 'ADJ' || (after.pos === 'ADV' && t[i + 2]?.pos === 'ADJ'))
    )
      kindOfPair = 'adjectives';
    else if (
      after.pos === 'VERB' ||
      (after.pos === 'ADV' && t[i + 2]?.pos === 'VERB') ||
      (after.pos === 'NOUN' &&
        ['your', 'their', 'my', 'our', 'his', 'her', 'it', 'them'].includes(
          t[i + 2]?.lower ?? '',
        ) &&
        t.slice(qs, i).some((y) => y.pos === 'VERB'))
    )
      kindOfPair = 'verbs';
    else if (['DET', 'PRON'].includes(after.pos) && after.lower !== 'more') {
      // "…and the documentation clear?", "…and our service reliable?"
      const rest = t.slice(i + 2, t.length - 1);
      if (
        rest.length <= 5 &&
        rest.some(
          (y) => y.pos === 'ADJ' || y.lower === 'enough' || (y.pos === 'ADV' && y.i > i + 2),
        ) &&
        closed &&
        !rest.some((y) => y.pos === 'VERB' && !/(?:ed|en)$/.test(y.lower))
      )
        kindOfPair = 'clauses';
      else if (nextContent?.pos === 'NOUN' || nextContent?.pos === 'ADJ') kindOfPair = 'nouns';
    } else if (after.pos === 'NOUN' || after.pos === 'ADJ' || after.lower === 'more')
      kindOfPair = 'nouns';
    if (kindOfPair === 'nouns') {
      const frame = t
        .slice(qs, i)
        .some((y) => EVALUATIVE_FRAMES.has(y.lemma) || EVALUATIVE_FRAMES.has(y.lower));
      if (!frame && !rating) continue;
      if (!['NOUN', 'PROPN', 'ADJ'].includes(before.pos) && before.lower !== 'food') continue;
    }
    if (kindOfPair === 'verbs' && before.pos === 'AUX') continue;
    if (kindOfPair === '') continue;
    let to = i + 1;
    while (to < t.length - 2 && !['PUNCT', 'ADP'].includes(t[to + 1]!.pos)) to += 1;
    hits.push(span('double-barrelled', before, t[to]!));
    break;
  }
  return hits;
}
