// Two asks in one
import { evaluativeFrames } from '../lexicon/claims';
import { auxiliaries, binomials, whWords } from '../lexicon/question-words';
import type { KindRule } from './kind';
import type { Sentence, Token } from '../text';
import { type Hit, questionStart, span } from './tokens';

function doubleBarrelled(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  const qs = questionStart(t);
  const opener = t[qs];
  if (!opener) return hits;
  // "When you visit, will you…": the yes/no question after a clause that sets the scene.
  const closed =
    auxiliaries.has(opener.lower) ||
    (whWords.has(opener.lower) &&
      t.some(
        (y, k) =>
          y.text === ',' && auxiliaries.has(t[k + 1]?.lower ?? '') && t[k + 2]?.lower === 'you',
      ));
  // "A good club should have X and Y, don't you think?": a claim put to the person by a tag.
  const tagged = t.some(
    (y, k) =>
      y.text === ',' &&
      auxiliaries.has(t[k + 1]?.lower ?? '') &&
      t[k + 2]?.lower === "n't" &&
      t.slice(k + 3).every((z) => z.pos === 'PRON' || z.pos === 'VERB' || z.pos === 'PUNCT'),
  );
  const rating =
    tagged ||
    (opener.lower === 'how' &&
      (['ADJ', 'ADV'].includes(t[qs + 1]?.pos ?? '') || /ed$/.test(t[qs + 1]?.lower ?? '')) &&
      t[qs + 1]?.lower !== 'often' &&
      t[qs + 1]?.lower !== 'much' &&
      t[qs + 1]?.lower !== 'many') ||
    opener.lemma === 'rate' ||
    (opener.lower === 'please' && t[qs + 1]?.lemma === 'rate') ||
    (opener.lower === 'how' &&
      t[qs + 1]?.lower === 'would' &&
      t.slice(qs + 2, qs + 5).some((y) => y.lemma === 'rate')) ||
    // "Why are our talks so…": a verdict presumed, its reason asked.
    (opener.lower === 'why' && t[qs + 1]?.lemma === 'be');
  // "What did you think of…": a verdict asked, of two things each named in full.
  const verdict =
    opener.lower === 'what' &&
    t
      .slice(qs + 1, qs + 5)
      .some((y) => y.lemma === 'think' && ['of', 'about'].includes(t[y.i + 1]?.lower ?? ''));
  // (The claim comes before its tag, which is where the question starts.)
  for (let i = tagged ? 1 : qs + 1; i < t.length - 1; i += 1) {
    const x = t[i]!;
    if (x.lower !== 'and') continue;
    const before = t[i - 1]!;
    const after = t[i + 1]!;
    // A second wh-question joined on: "…, and how much…" (not "…, and why?", "and if so")
    if (whWords.has(after.lower) && after.lower !== 'why' && t[i + 2]?.text !== '?') {
      const verb = t.slice(i + 2, t.length).some((y) => y.pos === 'VERB' || y.pos === 'AUX');
      if (verb) {
        hits.push(span('double-barrelled', t[qs]!, t[Math.min(t.length - 2, i + 3)]!));
        break;
      }
    }
    // A second yes/no question joined on: "… reliable and does it …".
    if (
      auxiliaries.has(after.lower) &&
      ['PRON', 'DET', 'PROPN'].includes(t[i + 2]?.pos ?? '') &&
      (closed || rating)
    ) {
      hits.push(span('double-barrelled', before, t[Math.min(t.length - 2, i + 3)]!));
      break;
    }
    const named = verdict && DETERMINERS.has(after.lower) && before.pos === 'NOUN';
    if (!closed && !rating && !named) continue;
    if (after.lower === 'if' || after.lower === 'why' || after.lower === 'then') continue;
    const pair = `${before.lower} and ${after.lower}`;
    if (binomials.has(pair) || binomials.has(`${before.lemma} and ${after.lemma}`)) continue;
    if (t.slice(qs, i).some((y) => y.lower === 'between' || y.lower === 'both')) continue;
    if (t.slice(i + 1, i + 6).some((y) => y.lower === 'together')) continue;
    // The same preposition or possessive again after "and": "with your <X> and
    // with our <Y>", "about our <X> and our <Y>": two things, each named in full.
    const repeated =
      (after.pos === 'ADP' &&
        DETERMINERS.has(t[i + 2]?.lower ?? '') &&
        t.slice(qs, i).some((y) => y.pos === 'ADP' && y.lower === after.lower)) ||
      (POSSESSIVES.has(after.lower) &&
        t.slice(qs, i - 1).some((y) => y.lower === after.lower && t[y.i - 1]?.pos === 'ADP'));
    if (repeated && ['NOUN', 'PROPN'].includes(before.pos)) {
      let to = i + 2;
      while (to < t.length - 2 && !['PUNCT', 'ADP'].includes(t[to + 1]!.pos)) to += 1;
      hits.push(span('double-barrelled', before, t[to]!));
      break;
    }
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
    if (!mainVerbBefore && !rating && !named) continue;
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
      // "hire skates and book a lesson": a verb read as a noun, its object after it.
      (after.pos === 'NOUN' &&
        ['a', 'an', 'the'].includes(t[i + 2]?.lower ?? '') &&
        t.slice(qs, i).some((y) => y.pos === 'VERB')) ||
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
        .some((y) => evaluativeFrames.has(y.lemma) || evaluativeFrames.has(y.lower));
      if (!frame && !rating && !named) continue;
      if (!['NOUN', 'PROPN', 'ADJ'].includes(before.pos) && !nounReadAsVerb(t, before.i)) continue;
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

/** A noun the tagger read as a verb, in its bare form after "be" or a determiner: "How important are price and…", "the food and…". */
function nounReadAsVerb(t: readonly Token[], k: number): boolean {
  const [before, x] = [t[k - 1], t[k]];
  return (
    x?.pos === 'VERB' &&
    x.lower === x.lemma &&
    (before?.lemma === 'be' || before?.pos === 'DET' || before?.pos === 'PRON')
  );
}

const DETERMINERS = new Set(['the', 'your', 'our', 'their', 'its', 'his', 'her']);
const POSSESSIVES = new Set(['your', 'our', 'their']);

/**
 * A yes/no question about two things at once, each with its own determiner:
 * two subjects of one judgement ("Were the <noun> and the <noun> <adjective>?")
 * or a second subject after the first one's judgement ("Was your <noun>
 * <adjective> … and the <noun> …?").
 */
function twoSubjects(s: Sentence): Hit[] {
  const t = s.tokens;
  const qs = questionStart(t);
  const opener = t[qs];
  if (!opener || opener.lemma !== 'be' || !DETERMINERS.has(t[qs + 1]?.lower ?? '')) return [];
  const and = t.findIndex((y, k) => k > qs + 2 && y.lower === 'and');
  if (and < 0 || !DETERMINERS.has(t[and + 1]?.lower ?? '')) return [];
  const first = t.slice(qs + 2, and);
  const second = t[and + 2];
  if (!first.some((y) => y.pos === 'NOUN' || y.pos === 'PROPN')) return [];
  if (!second || (second.pos !== 'NOUN' && second.pos !== 'PROPN')) return [];
  if (binomials.has(`${t[and - 1]!.lower} and ${second.lower}`)) return [];
  // What is said of them: an adjective after the second subject, or already after the first.
  const judged =
    t.slice(and + 3).some((y) => y.pos === 'ADJ') || first.some((y) => y.pos === 'ADJ');
  return judged
    ? [span('double-barrelled', t[qs + 1]!, t.at(-1)?.text === '?' ? t.at(-2)! : t.at(-1)!)]
    : [];
}

/**
 * A yes/no question that says two things of one subject: "Was the <noun>
 * <adjective> and <on time>?", "Is the <noun> <adjective> to <verb> and
 * <adjective> to <verb>?". Each side is a predicate of its own (an adjective,
 * a participle, or a prepositional phrase such as "on time").
 */
function twoPredicates(s: Sentence): Hit[] {
  const t = s.tokens;
  const qs = questionStart(t);
  const opener = t[qs];
  if (!opener || opener.lemma !== 'be' || !DETERMINERS.has(t[qs + 1]?.lower ?? '')) return [];
  if (t.some((y) => y.lower === 'or' || y.lower === 'both')) return [];
  const head = t.findIndex((y, k) => k > qs + 1 && (y.pos === 'NOUN' || y.pos === 'PROPN'));
  if (head < 0) return [];
  const and = t.findIndex((y, k) => k > head + 1 && y.lower === 'and');
  if (and < 0 || DETERMINERS.has(t[and + 1]?.lower ?? '')) return [];
  const end = t.findIndex((y, k) => k > and && ['?', '.', ','].includes(y.text));
  const left = t.slice(head + 1, and);
  const right = t.slice(and + 1, end < 0 ? t.length : end);
  if (right.length === 0 || right.length > 5) return [];
  if (binomials.has(`${t[and - 1]!.lower} and ${t[and + 1]!.lower}`)) return [];
  const predicate = (side: Token[]) =>
    side.some(
      (y) =>
        y.pos === 'ADJ' ||
        (y.pos === 'VERB' &&
          /(?:ed|en)$/.test(y.lower) &&
          (side[0] === y || (side[0]?.pos === 'ADV' && side[1] === y))) ||
        (y.pos === 'NOUN' && y.i > 0 && t[y.i - 1]!.pos === 'ADP' && side.includes(t[y.i - 1]!)),
    );
  // The predicate starts right after the subject ("the <noun> on time"), not a noun phrase going on.
  if (!predicate(left) || !predicate(right) || left[0]?.pos === 'NOUN') return [];
  return [span('double-barrelled', left[0]!, right.at(-1)!)];
}

/**
 * A rating asked of two offers at once, each with its own "our" (or
 * "your"): "How keen are you on our cleans and our maintenance contracts?".
 */
function twoRated(s: Sentence): Hit[] {
  const t = s.tokens;
  const qs = questionStart(t);
  if (t[qs]?.lower !== 'how' || t[qs + 1]?.pos !== 'ADJ' || t.some((y) => y.lower === 'or'))
    return [];
  const and = t.findIndex(
    (y, k) => k > qs + 2 && y.lower === 'and' && POSSESSIVES.has(t[k + 1]?.lower ?? ''),
  );
  if (and < 0) return [];
  const first = t.slice(qs + 2, and).find((y) => POSSESSIVES.has(y.lower));
  if (!first || first.lower !== t[and + 1]!.lower) return [];
  return [span('double-barrelled', first, t.at(-1)?.text === '?' ? t.at(-2)! : t.at(-1)!)];
}

export const doubleBarrelledKind: KindRule = {
  kind: 'double-barrelled',
  detect: (s) => [...doubleBarrelled(s), ...twoSubjects(s), ...twoPredicates(s), ...twoRated(s)],
  why: (p) => `"${p}" asks two things at once; one answer cannot say which part it is about.`,
};
