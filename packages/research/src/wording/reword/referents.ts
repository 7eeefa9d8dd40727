// Pronouns whose sentence is dropped are put back as what they stood for:
// "Thousands of gardeners use our planner. Would you try it?" is asked as
// "Would you try our planner?", never "Would you try it?".
import { isQuestion, questionStart } from '../rules/tokens';
import { analyse, type Token } from '../text';
import { tidy } from './edits';
import { isLoadedModifier } from './topic';

const STANDS_FOR = /^(?:it|them|this|that|they|one)$/i;

/** Who a statement says uses the offer: never the offer itself. */
export const CROWDS = new Set([
  'customer',
  'user',
  'client',
  'member',
  'people',
  'person',
  'owner',
  'reader',
  'subscriber',
  'buyer',
  'shopper',
  'fan',
  'player',
  'family',
  'friend',
  'household',
  'thousand',
  'million',
  'hundred',
  'expert',
  'colleague',
  'peer',
  'parent',
  'student',
  'everyone',
  'leader',
  'team',
  'company',
]);

/** Nouns that name no thing a question could be about. */
const GENERIC = new Set([
  'way',
  'thing',
  'place',
  'time',
  'lot',
  'choice',
  'one',
  'day',
  'week',
  'weekend',
  'month',
  'year',
  'season',
  'summer',
  'winter',
  'spring',
  'autumn',
  'night',
  'morning',
  'evening',
  'today',
  'number',
  'majority',
  'minority',
  'rest',
  'top',
  'best',
]);

/** Words that place a generic noun in time or order without naming a thing: "last night", "every week". */
const ORDER = new Set([
  'last',
  'next',
  'first',
  'same',
  'other',
  'whole',
  'few',
  'many',
  'several',
  'best',
  'busy',
  'early',
  'late',
]);

interface Phrase {
  tokens: Token[];
  offer: boolean;
}

/** The noun phrases of a sentence, each from its determiner to its last noun, loaded words left out. */
function phrasesOf(tokens: Token[]): Phrase[] {
  const out: Phrase[] = [];
  let k = 0;
  while (k < tokens.length) {
    const start = k;
    const words: Token[] = [];
    let sawNoun = false;
    let lastNoun = -1;
    while (k < tokens.length) {
      const x = tokens[k]!;
      const nounish =
        x.pos === 'NOUN' ||
        x.pos === 'PROPN' ||
        (x.pos === 'VERB' && /ing$/.test(x.lower) && tokens[k + 1]?.pos === 'NOUN');
      if (nounish) {
        words.push(x);
        sawNoun = true;
        lastNoun = words.length;
      } else if (
        ['DET', 'ADJ', 'NUM'].includes(x.pos) ||
        (x.pos === 'PRON' && /^(?:our|your|their|this|these|my)$/.test(x.lower)) ||
        x.text === ','
      ) {
        if (sawNoun) break;
        words.push(x);
      } else break;
      k += 1;
    }
    if (k === start) k += 1;
    if (!sawNoun) continue;
    const kept = words
      .slice(0, lastNoun)
      .filter((x, i, all) => x.text !== ',' && !isLoadedModifier(x, all[i + 1]));
    const head = kept.at(-1);
    // "night" names nothing; "a game night" does.
    const modifier = kept.at(-2);
    const named =
      modifier?.pos === 'NOUN' || (modifier?.pos === 'ADJ' && !ORDER.has(modifier.lower));
    if (
      !head ||
      (GENERIC.has(head.lemma) && !named) ||
      CROWDS.has(head.lemma) ||
      CROWDS.has(head.lower.replace(/s$/, ''))
    )
      continue;
    out.push({ tokens: kept, offer: /^(?:our|this|these)$/i.test(kept[0]?.text ?? '') });
  }
  return out;
}

/**
 * What a dropped sentence's pronoun stands for: the offer it names, else the
 * first thing it names after its subject (the subject of such a sentence is
 * the crowd or the person it describes). For "it" (`singular`), an offer named
 * in the plural is passed over: "Our coaches recommend the plan. Try it?" is
 * the plan. Undefined when there is none.
 */
export function referentOf(
  original: string,
  candidate: string,
  singular = false,
): string | undefined {
  const kept = candidate.toLowerCase();
  // Sentences the candidate no longer has, and the leading clause of the question.
  const dropped: Token[][] = [];
  for (const s of analyse(original)) {
    if (kept.includes(s.text.toLowerCase().replace(/[.!?]$/, ''))) continue;
    if (!isQuestion(s)) dropped.push(s.tokens);
    else {
      const qs = questionStart(s.tokens);
      const lead = s.tokens.slice(0, qs);
      const rest = s.tokens[qs] ? original.slice(s.tokens[qs]!.start, s.end).toLowerCase() : '';
      if (
        lead.length > 0 &&
        !kept.includes(original.slice(s.start, s.tokens[qs]!.start).toLowerCase().trim())
      )
        if (!rest || kept.includes(rest.split(' ').slice(0, 2).join(' '))) dropped.push(lead);
    }
  }
  for (const tokens of dropped.reverse()) {
    const phrases = phrasesOf(tokens);
    // The subject ends at the sentence's first verb: "Generous hosts always keep a game night…".
    const verb = tokens.find((x) => x.pos === 'VERB' || x.pos === 'AUX');
    const afterSubject = verb
      ? phrases.find((p) => p.tokens[0]!.start > verb.start)
      : phrases.length > 1
        ? phrases[1]
        : undefined;
    const plural = (head: Token) => head.lower !== head.lemma && /s$/.test(head.lower);
    const agrees = (p: Phrase) => !singular || !plural(p.tokens.at(-1)!);
    const chosen = phrases.find((p) => p.offer && agrees(p)) ?? afterSubject;
    if (chosen) return chosen.tokens.map((x) => x.text).join(' ');
  }
  return undefined;
}

/**
 * A pronoun that stands for people, whatever the dropped sentence named:
 * "Are you one of them?".
 */
export function standsForPeople(before: string, pronoun: string): boolean {
  if (!/^(?:them|they)$/i.test(pronoun)) return false;
  return /\byou\b.*\bone of\s*$/i.test(before);
}

/** The candidate with a pronoun that lost its sentence replaced by what it stood for. */
export function withReferents(original: string, candidate: string): string | undefined {
  const tokens = analyse(candidate).flatMap((s) => s.tokens);
  const pronoun = tokens.find(
    (t, k) =>
      STANDS_FOR.test(t.text) &&
      (t.pos === 'PRON' || ['it', 'them', 'they', 'one'].includes(t.lower)) &&
      !(
        t.lower === 'one' &&
        (['which', 'each', 'any', 'no', 'every', 'the', 'a'].includes(tokens[k - 1]?.lower ?? '') ||
          tokens[k + 1]?.lower === 'of')
      ) &&
      !tokens.slice(0, k).some((x) => x.pos === 'NOUN' || x.pos === 'PROPN'),
  );
  if (!pronoun || standsForPeople(candidate.slice(0, pronoun.start), pronoun.text))
    return undefined;
  let named = referentOf(original, candidate, pronoun.lower === 'it');
  if (!named) return undefined;
  const plural = /s$/i.test(named);
  if (pronoun.lower === 'they' && !plural) return undefined;
  // "buy one" is "buy a pan"; "try it" is "try the pan" (or "our pan").
  if (pronoun.lower === 'one') named = named.replace(/^(?:the|this)\s+/i, plural ? '' : 'a ');
  else named = named.replace(/^(?:an?)\s+/i, 'the ');
  // A sentence's first word moves inside the question: "Our new menu" reads "our new menu" there.
  const inside = named.replace(/^(?:Our|The|This|These|That|Those|An?|Your|My)\b/, (word) =>
    word.toLowerCase(),
  );
  const replacement = pronoun.start === 0 ? named.charAt(0).toUpperCase() + named.slice(1) : inside;
  return tidy(candidate.slice(0, pronoun.start) + replacement + candidate.slice(pronoun.end));
}

/**
 * A question whose verb lost its object with the statement that gave it:
 * "Most neighbours have switched to heat pumps. Would you switch?" is asked
 * as "Would you switch to heat pumps?"
 */
export function withObject(original: string, candidate: string): string | undefined {
  const asked = analyse(candidate).at(-1);
  const t = asked?.tokens ?? [];
  let end = t.length - 1;
  if (t[end]?.text === '?') end -= 1;
  if (/^(?:too|also)$/i.test(t[end]?.text ?? '')) end -= 1;
  const verb = t[end];
  if (!verb || verb.pos !== 'VERB') return undefined;
  for (const s of analyse(original)) {
    if (isQuestion(s)) continue;
    const same = s.tokens.find((x) => x.pos === 'VERB' && x.lemma === verb.lemma);
    const last = s.tokens.at(-1)?.pos === 'PUNCT' ? s.tokens.at(-2) : s.tokens.at(-1);
    if (!same || !last || last.i <= same.i) continue;
    const object = original.slice(s.tokens[same.i + 1]!.start, last.end);
    return tidy(`${candidate.slice(0, verb.end)} ${object}`);
  }
  return undefined;
}
