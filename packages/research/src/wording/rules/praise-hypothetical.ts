// Praise in a "what if"
import { hedgePattern, whWords } from '../lexicon/question-words';
import { unpraisingPositives, valence } from '../lexicon/valence';
import { imagineVerbs, unrealForms } from '../lexicon/experience';
import { reliefAfterNo, reliefIdiomPattern, reliefWords } from '../lexicon/feelings';
import {
  ceasingVerbs,
  escapeLinks,
  flourishVerbs,
  sceneVerbs,
  shineWords,
  showyPraisePattern,
} from '../lexicon/delight';
import type { KindRule } from './kind';
import type { Sentence, Token } from '../text';
import { type Hit, firstWord, span, isQuestion } from './tokens';

/** Praise AFINN does not rate: a showy compound, a thing made to shine, a person flourishing. */
const delight = (y: Token) =>
  showyPraisePattern.test(y.lower) ||
  shineWords.has(y.lower) ||
  (flourishVerbs.has(y.lemma) && y.pos === 'VERB');

/** Words that refer back to an offer described before: "if we offered that", "if that were on offer". */
const ANAPHORS = new Set(['that', 'this', 'it', 'so', 'such']);

/**
 * A relief painted in a clause: a burden gone ("never", "no longer", "with
 * no…"), a burden ceasing ("stopped being a <burden>"), or something worse
 * escaped ("instead of a <disparaged>…").
 */
function reliefIn(t: Token[], from: number, to: number): Token | undefined {
  const clause = t.slice(from, to);
  const named = (v: number) => clause.some((y) => valence(y.lower) <= v || valence(y.lemma) <= v);
  return clause.find(
    (y) =>
      reliefWords.has(y.lower) ||
      (y.lower === 'no' &&
        (reliefAfterNo.has(t[y.i + 1]?.lower ?? '') ||
          t[y.i - 1]?.lower === 'with' ||
          t[y.i + 1]?.lower === 'need')) ||
      (ceasingVerbs.has(y.lemma) && y.pos === 'VERB' && named(-2)) ||
      (escapeLinks.has(`${y.lower} ${t[y.i + 1]?.lower ?? ''}`) &&
        clause.some((z) => z.i > y.i && (valence(z.lower) < 0 || valence(z.lemma) < 0))),
  );
}

function praiseHypothetical(
  s: Sentence,
  next: Sentence | undefined,
  previous: Sentence | undefined,
): Hit[] {
  const t = s.tokens;
  for (let i = 0; i < t.length; i += 1) {
    const x = t[i]!;
    // "If…, would you…": the main clause makes the "if" hypothetical.
    // (Not "If you <value>…, would you…", which tells people what they value.)
    const wouldAfter = () => {
      const comma = t.findIndex((y, k) => k > i && y.text === ',');
      return (
        comma > 0 &&
        ['would', 'could', "'d"].includes(t[comma + 1]?.lower ?? '') &&
        !['you', "you're", 'i', 'we'].includes(t[i + 1]?.lower ?? '')
      );
    };
    const conditional =
      x.lower === 'if' &&
      !hedgePattern.test(
        t
          .slice(i, i + 4)
          .map((y) => y.text)
          .join(' '),
      ) &&
      (t.slice(i + 1, i + 6).some(
        (y) =>
          unrealForms.has(y.lower) ||
          // A past form for the unreal: "if our … saved you…"
          (y.pos === 'VERB' && y.lemma !== y.lower && !/(?:ing|s)$/.test(y.lower)),
      ) ||
        wouldAfter());
    const opens = i === firstWord(t) || t[i - 1]?.text === ',';
    // "Think of <doing>…": a scene the person is put into.
    const scene =
      sceneVerbs.has(x.lower) &&
      ['of', 'about'].includes(t[i + 1]?.lower ?? '') &&
      /ing$/.test(t[i + 2]?.lower ?? '');
    const imagine = (imagineVerbs.has(x.lower) || scene) && opens;
    const whatIf = x.lower === 'what' && t[i + 1]?.lower === 'if';
    if (!conditional && !imagine && !whatIf) continue;
    let end = t.findIndex(
      (y, k) =>
        k > i &&
        (y.text === '?' ||
          y.text === '.' ||
          y.text === '—' ||
          ([',', ';'].includes(y.text) &&
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
        ) ??
      t.slice(i + 1, end).find((y) => y.lower === 'best' && t[y.i - 1]?.lower === "'s") ??
      t.slice(i + 1, end).find(delight);
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
    const relief = reliefIn(t, i + 1, end);
    // "What if you never had to…again?": the "what if" is the ask itself.
    const selfAsked = whatIf && isQuestion(s);
    // "If you could stop worrying about…, would you…?": a burden gone, in an unreal "could".
    const couldBe = conditional && t.slice(i + 1, i + 4).some((y) => y.lower === 'could');
    if ((imagine || whatIf || couldBe) && relief && (asksAfter || selfAsked))
      return [span('praise-hypothetical', x, t[Math.max(relief.i, end - 1)]!)];
    const clause = t.slice(i, end);
    const idiom =
      clause.length > 0 &&
      reliefIdiomPattern.test(
        s.text.slice(clause[0]!.start - s.start, clause.at(-1)!.end - s.start),
      );
    // "How would you feel if someone else took care of…?": the feeling asked of a burden lifted.
    const feelingAsked = conditional && t.slice(0, i).some((y) => y.lemma === 'feel');
    // "How would you feel if <a burden> no longer held you back?": relief from a named burden.
    const burdenLifted =
      feelingAsked &&
      relief !== undefined &&
      clause.some(
        (y) =>
          y.i !== relief.i && y.lower !== 'no' && !reliefWords.has(y.lower) && valence(y.lower) < 0,
      );
    if (
      ((imagine || whatIf) && idiom && (asksAfter || selfAsked)) ||
      (feelingAsked && idiom) ||
      burdenLifted
    )
      return [span('praise-hypothetical', x, t[end - 1]!)];
    // "<Praise or relief>. If we offered that, would you…?": the "if" refers
    // back to a scene painted before it, in the sentence before or in the
    // same sentence before the "if".
    if (conditional && t.slice(i + 1, end).some((y) => ANAPHORS.has(y.lower))) {
      const before = [
        ...(previous && !isQuestion(previous) ? [previous.tokens] : []),
        t.slice(0, i),
      ];
      const painted = before.some((u) =>
        u.some(
          (y) =>
            delight(y) ||
            ((y.pos === 'ADJ' || y.pos === 'ADV') && valence(y.lower) >= 2) ||
            (y.lower === 'no' && reliefAfterNo.has(u[u.indexOf(y) + 1]?.lower ?? '')) ||
            reliefWords.has(y.lower),
        ),
      );
      if (painted) return [span('praise-hypothetical', x, t[end - 1]!)];
    }
  }
  return [];
}

export const praiseHypotheticalKind: KindRule = {
  kind: 'praise-hypothetical',
  detect: (s, context) => praiseHypothetical(s, context.next, context.previous),
  why: (p) =>
    `"${p}" imagines the offer in glowing words, so people answer about the praise rather than the offer.`,
};
