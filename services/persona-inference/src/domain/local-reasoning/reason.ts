import type { PersonaAttributeName, ProfileFieldName } from '@chorus/contracts';
import type { BusinessContext } from '@chorus/proto/inference/v1/answers';
import type { PersonaReading, Trait } from '../persona-reading';
import type { QuestionReading } from '../question-themes';

/**
 * The local engine's unit of judgement. Every consideration is a Reason with
 * a weight (positive leans for, negative against) and the attributes it rests
 * on; the opinion is the sum (see weighing.ts).
 */
export interface Reason {
  /** Above zero leans positive, below zero negative; zero only informs. */
  weight: number;
  attributes: PersonaAttributeName[];
  profileFields?: ProfileFieldName[];
  /** In the persona's voice: a clause that can follow "As a 34-year-old nurse in Phoenix, ". */
  voice: string;
  /** For the reasoning, in the third person: a clause that can follow "because". */
  because: string;
  /** Rests on the persona's safety scores. */
  safety?: boolean;
  /** The trait it rests on: a trait counts once even when several themes call on it. */
  trait?: Trait;
}

/** What every theme reasons from: who is asked, what about, and what they are told. */
export interface Situation {
  persona: PersonaReading;
  question: QuestionReading;
  business: BusinessContext;
}

/** A theme's reasons: the persona's considerations on what the question is about. */
export type ThemeReasons = (situation: Situation) => Reason[];

export function findFact(business: BusinessContext, field: ProfileFieldName) {
  return business.facts.find((f) => f.field === field);
}

/** The profile's answer for a field, when the persona was told it. */
export function fact(business: BusinessContext, field: ProfileFieldName): string | undefined {
  return findFact(business, field)?.value;
}

/** A reason resting on a trait, when the persona has it, citing the words that showed it. */
export function traitReason(
  persona: PersonaReading,
  trait: Trait,
  weight: number,
  voice: string,
  because: string,
): Reason | undefined {
  const source = persona.traits.get(trait);
  if (!source) return undefined;
  // The persona's own words that showed the trait, so two personas with the same trait differ.
  const words = persona.evidence.get(trait);
  return {
    weight,
    attributes: [source],
    voice,
    because: words ? `${because} ("${words}")` : because,
    trait,
  };
}

/** The reasons that apply: a theme lists each as a condition `&&` the reason. */
export function defined<T>(items: (T | undefined | false)[]): T[] {
  return items.filter((item): item is T => item !== undefined && item !== false);
}

export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
