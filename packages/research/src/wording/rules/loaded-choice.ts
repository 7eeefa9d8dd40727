// A loaded either-or
import { choiceFrameWords, preferenceVerbs, transactionVerbs } from '../lexicon/claims';
import { faultParticles, faultVerbs } from '../lexicon/phrasal';
import { scaleWords, valence } from '../lexicon/valence';
import { whWords, choiceLinks } from '../lexicon/question-words';
import { abandonVerbs, makingDoVerbs, threatWords } from '../lexicon/feelings';
import type { KindRule } from './kind';
import type { Sentence, Token } from '../text';
import { type Hit, span } from './tokens';

function sideValence(t: Token[], from: number, to: number) {
  let up = 0;
  let down = 0;
  let ours = false;
  let described = false;
  let threat = false;
  for (let k = from; k <= to; k += 1) {
    const x = t[k]!;
    // A harm or loss of the threat class, or a consequence left to others
    // ("leave <someone> to <verb>…").
    if (threatWords.has(x.lower) || threatWords.has(x.lemma)) threat = true;
    if (
      abandonVerbs.has(x.lemma) &&
      x.pos === 'VERB' &&
      t[k + 1] !== undefined &&
      !['it', 'us', 'me', 'them', 'that', 'this'].includes(t[k + 1]!.lower) &&
      t.slice(k + 2, Math.min(to + 1, k + 5)).some((y) => y.pos === 'VERB')
    )
      threat = true;
    if (['our', 'us', 'we'].includes(x.lower)) ours = true;
    if (scaleWords.has(x.lower) || choiceFrameWords.has(x.lower)) continue;
    // "breaks down", "falls apart", "lets you down", "wears out": a fault, in a phrase.
    const phrasal =
      faultVerbs.has(x.lemma) &&
      t.slice(k + 1, Math.min(to + 1, k + 3)).some((y) => faultParticles.has(y.lower));
    // "settle for…", "put up with…": the side is made do with.
    const makingDo = makingDoVerbs.get(x.lemma) === t[k + 1]?.lower;
    const v =
      phrasal || makingDo
        ? -2
        : x.pos === 'PRON' || x.pos === 'DET' || transactionVerbs.has(x.lemma)
          ? 0
          : valence(x.lower) || valence(x.lemma);
    if (x.pos === 'ADJ') described = true;
    if (v > 0) up += v;
    if (v < 0) down += v;
  }
  return { up, down, ours, described, threat };
}

function loadedChoice(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  for (let i = 1; i < t.length - 1; i += 1) {
    const x = t[i]!;
    const phrase = x.lower === 'rather' && t[i + 1]?.lower === 'than';
    const instead = x.lower === 'instead' && t[i + 1]?.lower === 'of';
    const compared =
      (x.lower === 'compared' || x.lower === 'comparison') &&
      ['to', 'with'].includes(t[i + 1]?.lower ?? '');
    if (!choiceLinks.has(x.lower) && !phrase && !instead && !compared) continue;
    if (x.lower === 'over' && !t.some((y) => preferenceVerbs.has(y.lemma))) continue;
    // A balanced scale ("satisfied or dissatisfied", "easy or difficult") is no choice.
    const before = t[i - 1]!;
    const after = t[i + 1]!;
    if (x.lower === 'or' && before.pos === after.pos && ['ADJ', 'ADV', 'VERB'].includes(before.pos))
      continue;
    if (x.lower === 'or' && after.lower === 'not') continue;
    let left = i - 1;
    while (
      left > 0 &&
      ![':', ';', '?'].includes(t[left - 1]!.text) &&
      !(t[left - 1]!.text === ',' && whWords.has(t[left]?.lower ?? ''))
    )
      left -= 1;
    let right = i + 1;
    while (right < t.length - 1 && !['?', '.', ':', ';'].includes(t[right + 1]!.text)) right += 1;
    const l = sideValence(t, left, i - 1);
    const r = sideValence(t, phrase || instead || compared ? i + 2 : i + 1, right);
    const loaded =
      (l.down <= -2 && (r.up >= 2 || r.ours)) ||
      (r.down <= -2 && (l.up >= 2 || l.ours)) ||
      (l.down <= -1 && r.ours && !r.down) ||
      (r.down <= -1 && l.ours && !l.down) ||
      (l.up >= 3 && r.down <= -1) ||
      (r.up >= 3 && l.down <= -1) ||
      // "a reliable car or a cheap one that breaks down": one side run down, the other not.
      (x.lower === 'or' && r.down <= -2 && l.down === 0 && l.described) ||
      (x.lower === 'or' && l.down <= -2 && r.down === 0 && r.described) ||
      // "…now, or risk <harm>…": one side frightening, the other a plain act.
      (x.lower === 'or' && r.threat && !l.threat && l.down > -2) ||
      (x.lower === 'or' && l.threat && !r.threat && r.down > -2);
    if (loaded) {
      hits.push(span('loaded-choice', t[left]!, t[right]!));
      break;
    }
  }
  return hits;
}

export const loadedChoiceKind: KindRule = {
  kind: 'loaded-choice',
  detect: (s) => loadedChoice(s),
  why: (p) =>
    `"${p}" praises one side of the choice and runs down the other, so the answer is chosen for them.`,
};
