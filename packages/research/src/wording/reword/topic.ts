// What a question is about: its topic's noun phrase without loaded words,
// and the object a dropped statement's pronoun stands for.
import { intensifiers, scaleWords, valence } from '../lexicon/valence';
import { analyse, type Sentence, type Token } from '../text';

function isLoadedWord(t: Token): boolean {
  if (scaleWords.has(t.lower) || scaleWords.has(t.lemma)) return false;
  if (!['ADJ', 'ADV', 'NOUN', 'VERB', 'PROPN'].includes(t.pos) && !t.text.includes('-'))
    return false;
  const v = valence(t.lower) || (t.pos === 'ADJ' ? valence(t.lemma) : 0);
  if (t.pos === 'NOUN' || t.pos === 'VERB')
    return t.lower === 'miracle' || (t.text.includes('-') && v !== 0);
  return v !== 0;
}

/** A loaded word, or a loaded noun used as an adjective ("our fun, inspiring lessons"). */
export function isLoadedModifier(t: Token, next: Token | undefined): boolean {
  if (isLoadedWord(t)) return true;
  return (
    t.pos === 'NOUN' &&
    Math.abs(valence(t.lower)) >= 3 &&
    (next?.text === ',' || next?.pos === 'NOUN' || next?.pos === 'ADJ')
  );
}

/** The noun phrase of the offer (or the question's first noun phrase), without loaded words. */
export function topicOf(text: string): string | undefined {
  const sentences = analyse(text);
  const tokens = sentences.flatMap((s) => s.tokens);
  const phraseAt = (from: number): string | undefined => {
    const words: string[] = [];
    let k = from;
    let sawNoun = false;
    while (k < tokens.length) {
      const x = tokens[k]!;
      const gerundModifier =
        x.pos === 'VERB' &&
        !sawNoun &&
        ((/ing$/.test(x.lower) && tokens[k + 1]?.pos === 'NOUN') ||
          (k === from &&
            k > 0 &&
            ['our', 'this', 'these', 'your', 'the', 'a', 'an'].includes(tokens[k - 1]!.lower)));
      const participle =
        x.pos === 'VERB' &&
        /ed$/.test(x.lower) &&
        !sawNoun &&
        ['NOUN', 'ADJ'].includes(tokens[k + 1]?.pos ?? '');
      if (
        !sawNoun &&
        (isLoadedModifier(x, tokens[k + 1]) ||
          participle ||
          (x.pos === 'ADV' && tokens[k + 1]?.pos !== 'NOUN'))
      ) {
        // dropped: praise, and what qualifies it
      } else if (x.pos === 'NOUN' || x.pos === 'PROPN' || gerundModifier) {
        words.push(x.text);
        sawNoun = true;
      } else if (!sawNoun && (x.pos === 'ADJ' || x.pos === 'NUM' || x.text.includes('-'))) {
        if (!isLoadedWord(x) && !intensifiers.has(x.lower)) words.push(x.text);
      } else if (!sawNoun && x.pos === 'ADV' && intensifiers.has(x.lower)) {
        // dropped
      } else if (!sawNoun && x.text === ',') {
        // between adjectives
      } else break;
      k += 1;
    }
    return sawNoun ? words.join(' ') : undefined;
  };
  for (const x of tokens) {
    if (['our', 'this', 'these'].includes(x.lower)) {
      const rest = phraseAt(x.i + 1 + tokens.indexOf(x) - x.i);
      if (rest) return `${x.lower} ${rest}`;
    }
  }
  for (let k = 0; k < tokens.length; k += 1) {
    const x = tokens[k]!;
    if (x.pos === 'PROPN' && k > 0) {
      const phrase = phraseAt(k);
      if (phrase) return phrase;
    }
  }
  for (let k = 0; k < tokens.length; k += 1) {
    const x = tokens[k]!;
    if (['the', 'a', 'an', 'your'].includes(x.lower)) {
      const phrase = phraseAt(k + 1);
      if (phrase) return `${x.lower === 'your' ? 'your' : 'the'} ${phrase}`;
    }
  }
  for (let k = 0; k < tokens.length; k += 1) {
    const x = tokens[k]!;
    if (x.pos === 'NOUN' || x.pos === 'PROPN') {
      const phrase = phraseAt(k);
      if (phrase) return phrase;
    }
  }
  return undefined;
}

/**
 * What a dropped statement's pronoun stands for: the object of its verb, with
 * the offer's words ("Most of our customers already love our planner" → "our
 * planner"), never the crowd that is its subject. Undefined when there is no
 * clear object, and then the pronoun stays as written.
 */
export function objectOf(s: Sentence): string | undefined {
  const t = s.tokens;
  const verb = t.find(
    (x) =>
      x.pos === 'VERB' && t.slice(0, x.i).some((y) => ['NOUN', 'PROPN', 'PRON'].includes(y.pos)),
  );
  if (!verb) return undefined;
  const rest = s.text
    .slice(verb.end - s.start)
    .replace(/^\s*(?:up\s+for|to|for|on|with|by|in|about)\b/i, '');
  const object = topicOf(rest);
  return object && !/\b(?:people|customers|users|everyone|others)\b/i.test(object)
    ? object
    : undefined;
}
