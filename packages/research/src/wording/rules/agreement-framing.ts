// Agreement framing and negative interrogatives
import { certaintyAdverbs, selfEvidentAdjectives } from '../lexicon/stance';
import { auxiliaries, agreementTags } from '../lexicon/question-words';
import type { KindRule } from './kind';
import type { Sentence } from '../text';
import { type Hit, firstWord, NEGATION, span, hedged, questionStart } from './tokens';

function agreement(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  // A negative question opens the sentence, or follows a premise clause
  // (e.g. "Since…, shouldn't…").
  const opening = firstWord(t);
  const afterPremise = questionStart(t);
  const first =
    afterPremise > opening && NEGATION.has(t[afterPremise + 1]?.lower ?? '')
      ? afterPremise
      : opening;
  const a = t[first];
  const b = t[first + 1];
  const c = t[first + 2];
  // "Isn't it…", "Don't you think…", "Wouldn't you say…", "Do you not agree…"
  const imperative = a?.lemma === 'do' && c?.pos === 'VERB';
  if (a && auxiliaries.has(a.lower) && b && NEGATION.has(b.lower) && c && !imperative) {
    // A tag after a statement, to its end: "…, don't you think?"
    const tagVerb = t[first + 3];
    const tag = first > opening && tagVerb?.pos === 'VERB' && t[first + 4]?.pos === 'PUNCT';
    hits.push(span('agreement-framing', a, tag ? tagVerb : c));
  } else if (
    a &&
    auxiliaries.has(a.lower) &&
    b?.pos === 'PRON' &&
    c &&
    NEGATION.has(c.lower) &&
    t[first + 3]?.pos === 'VERB'
  ) {
    hits.push(span('agreement-framing', a, t[first + 3]!));
  }
  // "Who wouldn't…", "What's not to…"
  if (
    a &&
    (a.lower === 'who' || a.lower === 'what') &&
    t[first + 1] &&
    (auxiliaries.has(t[first + 1]!.lower) || t[first + 1]!.lemma === 'be') &&
    NEGATION.has(t[first + 2]?.lower ?? '')
  ) {
    hits.push(span('agreement-framing', a, t[first + 2]!));
  }
  // A tag at the end: "…, isn't it?", "…, right?", "…, don't you?"
  const last = t.at(-1)?.text === '?' || t.at(-1)?.text === '.' ? t.length - 2 : t.length - 1;
  for (let i = Math.max(1, last - 3); i <= last; i += 1) {
    if (t[i - 1]?.text !== ',' && t[i - 1]?.text !== '-' && t[i - 1]?.text !== '—') continue;
    const word = t[i]!;
    if (i === last && agreementTags.has(word.lower)) {
      hits.push(span('agreement-framing', word, word));
    } else if (auxiliaries.has(word.lower) && NEGATION.has(t[i + 1]?.lower ?? '')) {
      hits.push(span('agreement-framing', word, t[Math.min(last, i + 2)]!));
    } else if (auxiliaries.has(word.lower) && t[i + 1]?.pos === 'PRON' && i + 1 === last && i > 2) {
      // "…, would you?" after a statement
      hits.push(span('agreement-framing', word, t[i + 1]!));
    }
  }
  // "Do you agree that…", "You'd agree…", "Can we agree…", without the other side.
  const disagree = t.some((x) => x.lemma === 'disagree' || x.lower === 'disagree');
  for (const x of t) {
    if (x.lemma !== 'agree' || disagree || hedged(s)) continue;
    const near = t.slice(Math.max(0, x.i - 4), x.i);
    if (near.some((y) => y.lower === 'you' || y.lower === 'we' || y.lower === "you'd")) {
      hits.push(span('agreement-framing', near[0]!, x));
    }
  }
  // "Surely…", "Obviously…", "Of course…", "Everyone knows…", "It's obvious that…"
  if (a && (certaintyAdverbs.has(a.lower) || (a.lower === 'of' && b?.lower === 'course'))) {
    hits.push(span('agreement-framing', a, a.lower === 'of' ? b! : a));
  }
  for (let i = 0; i < t.length - 2; i += 1) {
    const x = t[i]!;
    if (
      (x.lower === 'everyone' ||
        x.lower === 'everybody' ||
        (x.lower === 'we' && t[i + 1]?.lower === 'all')) &&
      t.slice(i + 1, i + 3).some((y) => y.lemma === 'know')
    ) {
      hits.push(span('agreement-framing', x, t[i + 2]!));
    }
    if (
      (x.lower === 'secret' && t[i - 1]?.lower === 'no') ||
      (x.lower === 'doubt' && t[i - 1]?.lower === 'no' && t[i + 1]?.lower === 'that') ||
      (x.lower === 'without' && t[i + 1]?.lower === 'saying') ||
      (x.lower === 'as' && t[i + 1]?.lower === 'we' && t[i + 2]?.lower === 'all')
    ) {
      hits.push(span('agreement-framing', t[i - 1] ?? x, t[i + 1] ?? x));
    }
    if (
      selfEvidentAdjectives.has(x.lower) &&
      t[i - 1]?.lemma === 'be' &&
      (t[i + 1]?.lower === 'that' || (t[i + 1]?.lower === 'to' && t[i + 2]?.lower === 'say'))
    ) {
      hits.push(span('agreement-framing', t[i - 2] ?? x, t[i + 1]!));
    }
  }
  return hits;
}

export const agreementFraming: KindRule = {
  kind: 'agreement-framing',
  detect: (s) => agreement(s),
  why: (p) =>
    `"${p}" invites a yes: people tend to agree with whoever asks, so the answer says more about the wording than about them.`,
};
