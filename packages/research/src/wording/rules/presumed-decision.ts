// Presupposition, continued: the decision to buy taken for granted after a
// push (the salesman's "assumptive close").
import { whWords } from '../lexicon/question-words';
import type { Sentence, Token } from '../text';
import { type Hit, hedged, isQuestion, questionStart, span } from './tokens';

/** "would you like", "shall we", "will you", "you'll", "are you planning": the decision made, its details asked. */
function decidedFrame(t: readonly Token[], from: number): [Token, Token] | undefined {
  for (let i = from; i < t.length - 1; i += 1) {
    const [a, b, c] = [t[i]!, t[i + 1]!, t[i + 2]];
    if (a.lower === 'would' && b.lower === 'you' && c?.lemma === 'like') return [a, c];
    if (a.lower === 'shall' && b.lower === 'we') return [a, b];
    if ((a.lower === 'will' || a.lower === "'ll") && b.lower === 'you') return [a, b];
    if (a.lower === 'you' && b.lower === "'ll") return [a, b];
    if (
      a.lemma === 'be' &&
      b.lower === 'you' &&
      c?.pos === 'VERB' &&
      /ing$/.test(c.lower) &&
      !['be', 'think', 'consider', 'hope', 'wonder', 'look'].includes(c.lemma)
    )
      return [a, c];
  }
  return undefined;
}

/**
 * After a premise that pushes ("Join the 12,000 families who camp with us.",
 * "Serious collectors plan ahead."), a wh-question that asks only the
 * details of a decision not yet made: "Which weekend shall we hold for
 * you?", "How many sessions would you like to book?", "What's the first one
 * you'll buy?". An "if", an "or" or a hedge ("if any") leaves the decision
 * open; a question alone, with no premise, is a plain offer.
 */
export function presumedDecision(s: Sentence, sentences: readonly Sentence[]): Hit[] {
  if (sentences.length < 2 || sentences.at(-1) !== s || !isQuestion(s) || hedged(s)) return [];
  if (sentences.some((x) => x.tokens.some((y) => y.lower === 'if'))) return [];
  const t = s.tokens;
  const qs = questionStart(t);
  const opener = t[qs];
  if (!opener || !whWords.has(opener.lower) || opener.lower === 'why') return [];
  if (t.some((y) => y.lower === 'or')) return [];
  const frame = decidedFrame(t, qs + 1);
  return frame ? [span('presupposition', opener, frame[1])] : [];
}
