import type { Opinion, ProfileFieldName } from '@chorus/contracts';
import type { BusinessContext } from '@chorus/proto/inference/v1/answers';
import type { PersonaReading } from '../persona-reading';
import { findFact, type Reason } from './reason';
import type { Weighing } from './weighing';

// How an answer is put into words: the response in the persona's voice, and
// the reasoning about them in the third person.

const openers: Record<Opinion, readonly string[]> = {
  positive: ["I'd welcome this.", 'This gets a yes from me.', 'I like the sound of this.'],
  negative: ["I'd be against this.", "This isn't for me.", "I'm not convinced."],
  neutral: ['I could go either way.', "I'm on the fence.", "I don't feel strongly about this."],
};

const counterLeads = ['That said,', 'Still,', 'On the other hand,'] as const;

/** "an 18-year-old", "a 34-year-old" */
function aged(age: number): string {
  const an = age === 8 || age === 11 || age === 18 || (age >= 80 && age <= 89);
  return `${an ? 'an' : 'a'} ${age}-year-old`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A small, stable hash, so the same persona and question always pick the same wording. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function pick<T>(options: readonly T[], seed: number): T {
  return options[seed % options.length]!;
}

/** Quotes a profile value briefly in the reasoning. */
function quote(value: string): string {
  const short = value.length > 80 ? `${value.slice(0, 79).trimEnd()}…` : value;
  return `"${short}"`;
}

function joinClauses(clauses: readonly string[]): string {
  if (clauses.length <= 1) return clauses.join('');
  return `${clauses.slice(0, -1).join(', ')} and ${clauses[clauses.length - 1]!}`;
}

function labelOf(business: BusinessContext, field: ProfileFieldName): string {
  return (findFact(business, field)?.label ?? field).toLowerCase();
}

/** What the persona says: where they land, in their own voice and circumstances. */
export function spokenResponse(
  persona: PersonaReading,
  questionText: string,
  { opinion, supporting, counter, informing }: Weighing,
): string {
  const seed = hash(`${persona.name}|${questionText}`);
  const who = `As ${aged(persona.age)} ${persona.occupationPhrase} in ${persona.place}`;
  const sentences = [pick(openers[opinion], seed)];
  if (supporting.length === 0) {
    sentences.push(`${who}, nothing in this touches my own situation enough to lean either way.`);
  } else {
    sentences.push(`${who}, ${supporting[0]!.voice}.`);
    for (const reason of supporting.slice(1, 2)) sentences.push(`${capitalize(reason.voice)}.`);
  }
  if (counter) sentences.push(`${pick(counterLeads, seed >>> 3)} ${counter.voice}.`);
  if (opinion === 'neutral' && counter) sentences.push('So I end up somewhere in the middle.');
  if (informing) sentences.push(`${capitalize(informing.voice)}.`);
  return sentences.join(' ');
}

/** Why the persona lands there, and the business-profile answers weighed. */
export function reasoningText(
  persona: PersonaReading,
  { opinion, supporting, counter, informing }: Weighing,
  facts: readonly { field: ProfileFieldName; value: string }[],
  business: BusinessContext,
): string {
  return [
    leaning(persona, opinion, supporting, counter),
    counter && opinion !== 'neutral' ? `Pulling the other way, ${counter.because}.` : '',
    informing ? `${capitalize(informing.because)}.` : '',
    facts.length > 0
      ? `Weighed against the business profile: ${facts
          .map((f) => `${labelOf(business, f.field)} ${quote(f.value)}`)
          .join('; ')}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Who the persona is, briefly: "Dorothy Jenkins (70, retired postal worker in Savannah, $31,000 per year)". */
function who(persona: PersonaReading): string {
  const household = persona.household > 1 ? `, a household of ${persona.household}` : '';
  return `${persona.name} (${persona.age}, ${persona.occupationPhrase} in ${persona.place}, ${persona.income.text}${household})`;
}

/** The first sentence of the reasoning: who the persona is, where they land, and why. */
function leaning(
  persona: PersonaReading,
  opinion: Opinion,
  supporting: readonly Reason[],
  counter: Reason | undefined,
): string {
  const because = joinClauses(supporting.map((r) => r.because));
  if (opinion !== 'neutral') return `${who(persona)} leans ${opinion} because ${because}.`;
  if (supporting.length === 0) {
    return `${who(persona)} stays neutral: the question touches none of the things that weigh most for ${persona.firstName}.`;
  }
  if (counter) return `${who(persona)} stays neutral: ${because}, but ${counter.because}.`;
  return `${who(persona)} stays neutral: ${because}, though not enough to take a side.`;
}
