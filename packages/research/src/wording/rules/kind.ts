// The shape every kind of leading wording is detected through: one module
// per kind, each exporting one `KindRule`, registered in `./index.ts`.
import type { LeadingKind } from '@chorus/contracts';
import type { Sentence } from '../text';
import type { Hit } from './tokens';

/** What a rule may read besides the sentence it checks. */
export interface SentenceContext {
  /** Every sentence of the text, in order. */
  sentences: readonly Sentence[];
  /** The position of the checked sentence in `sentences`. */
  index: number;
  /** The sentence before the checked one, if any. */
  previous: Sentence | undefined;
  /** The sentence after the checked one, if any. */
  next: Sentence | undefined;
  /** What the kinds registered before this one found in the checked sentence. */
  found: readonly Hit[];
}

/** One kind of leading wording: how it is found and why it steers. */
export interface KindRule {
  kind: LeadingKind;
  /** Where this kind sits in one sentence (every hit carries this rule's kind). */
  detect(sentence: Sentence, context: SentenceContext): Hit[];
  /** Why the words found steer the answer, in one plain sentence. */
  why(phrase: string): string;
}
