/**
 * What the wording model reads in a question: features that name kinds of
 * words rather than the words of one domain. Nouns, names and numbers are
 * kept only as their part of speech (so "tent" and "kiln" read alike); every
 * other word is kept as its lemma, alone and with the next word; each word
 * also gives the lexicon classes it belongs to (`../lexicon`), its sentiment
 * (AFINN through wink, in four bands) and, in a question of several
 * sentences, whether it sits in a premise or in the sentence that asks.
 */
import * as character from '../lexicon/character';
import * as claims from '../lexicon/claims';
import * as comparison from '../lexicon/comparison';
import * as crowds from '../lexicon/crowds';
import * as delight from '../lexicon/delight';
import * as experience from '../lexicon/experience';
import * as feelings from '../lexicon/feelings';
import * as habits from '../lexicon/habits';
import * as harm from '../lexicon/harm';
import * as people from '../lexicon/people';
import * as phrasal from '../lexicon/phrasal';
import * as qualities from '../lexicon/qualities';
import * as questionWords from '../lexicon/question-words';
import * as stance from '../lexicon/stance';
import * as valence from '../lexicon/valence';
import { type Sentence, type Token, wordSentiment } from '../text';

/** A feature of one word: its name and the index of the word's token in its sentence. */
export interface WordFeature {
  name: string;
  /** The sentence and token it comes from; a pair of words names the first. */
  sentence: number;
  token: number;
}

const MASKED = new Set(['NOUN', 'PROPN', 'NUM']);

let classesOf: Map<string, string[]> | undefined;

/** Every word of the lexicon with the names of the classes that hold it. */
function lexiconClasses(): Map<string, string[]> {
  if (classesOf) return classesOf;
  classesOf = new Map();
  const modules: Record<string, unknown>[] = [
    character,
    claims,
    comparison,
    crowds,
    delight,
    experience,
    feelings,
    habits,
    harm,
    people,
    phrasal,
    qualities,
    questionWords,
    stance,
    valence,
  ];
  for (const module of modules)
    for (const [name, value] of Object.entries(module)) {
      if (!(value instanceof Set)) continue;
      for (const word of value as Set<unknown>) {
        if (typeof word !== 'string') continue;
        const classes = classesOf.get(word) ?? [];
        classes.push(name);
        classesOf.set(word, classes);
      }
    }
  return classesOf;
}

const isWord = (token: Token) =>
  /[a-z0-9]/i.test(token.text) || token.text === '?' || token.text === ',';

/** How a word is read: its lemma, or its part of speech for nouns, names and numbers. */
const shape = (token: Token) => (MASKED.has(token.pos) ? `<${token.pos}>` : token.lemma);

function band(token: Token): string | undefined {
  const score = wordSentiment(token.lower);
  if (score > 0.5) return '++';
  if (score > 0) return '+';
  if (score < -0.5) return '--';
  if (score < 0) return '-';
  return undefined;
}

/** The features of an analysed question, each with the word it comes from. */
export function wordFeatures(sentences: readonly Sentence[]): WordFeature[] {
  const found: WordFeature[] = [];
  const classes = lexiconClasses();
  sentences.forEach((sentence, s) => {
    const role = sentences.length === 1 ? 'one' : s === sentences.length - 1 ? 'ask' : 'premise';
    const tokens = sentence.tokens.filter(isWord);
    const add = (name: string, token: Token) => found.push({ name, sentence: s, token: token.i });
    tokens.forEach((token, index) => {
      const word = shape(token);
      add(`w:${word}`, token);
      add(`${role}:w:${word}`, token);
      const next = tokens[index + 1];
      if (next) add(`w2:${word}_${shape(next)}`, token);
      if (index === 0) add(`first:${word}`, token);
      if (index === 0 && next) add(`first2:${word}_${shape(next)}`, token);
      const named = new Set([
        ...(classes.get(token.lemma) ?? []),
        ...(classes.get(token.lower) ?? []),
      ]);
      for (const name of named) {
        add(`lex:${name}`, token);
        add(`${role}:lex:${name}`, token);
      }
      const feeling = band(token);
      if (feeling) {
        add(`sent:${feeling}`, token);
        add(`sent:${token.pos}:${feeling}`, token);
      }
    });
  });
  return found;
}

/**
 * The distinct feature names of a question, each with the value 1, and how
 * many sentences it has (from its word features, when already read).
 */
export function featureSet(
  sentences: readonly Sentence[],
  found: readonly WordFeature[] = wordFeatures(sentences),
): [string, number][] {
  const names = new Set(found.map((f) => f.name));
  names.add(`sentences:${Math.min(sentences.length, 3)}`);
  return [...names].map((name) => [name, 1]);
}
