import winkNLP, { type ItemSentence, type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** One word or mark of the question, with where it sits in the text. */
export interface Token {
  text: string;
  lower: string;
  lemma: string;
  /** Universal part of speech (NOUN, VERB, ADJ, AUX, PRON, ...). */
  pos: string;
  start: number;
  end: number;
  /** Index within its sentence. */
  i: number;
}

export interface Sentence {
  tokens: Token[];
  start: number;
  end: number;
  text: string;
}

type Nlp = ReturnType<typeof winkNLP>;
let nlp: Nlp | undefined;

/** The English model is loaded once, on first use. */
function english(): Nlp {
  nlp ??= winkNLP(model);
  return nlp;
}

/** Characters of a question analysed at most: longer text is not a survey question. */
const MAX_ANALYSED = 2_000;

/**
 * The question as analysed: markup and entities gone, typographic quotes
 * straightened, whitespace collapsed.
 */
export function normalise(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_ANALYSED);
}

/** "award-winning", "one-size-fits-all": written as one word, read as one. */
function mergeHyphens(tokens: Token[], text: string): void {
  for (let i = 0; i + 2 < tokens.length; i += 1) {
    const [a, dash, b] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
    if (dash.text !== '-' || a.end !== dash.start || dash.end !== b.start) continue;
    if (!/[a-z0-9]/i.test(a.text) || !/[a-z]/i.test(b.text)) continue;
    const merged = text.slice(a.start, b.end);
    const next = tokens[i + 3];
    a.text = merged;
    a.lower = merged.toLowerCase();
    a.lemma = a.lower;
    a.pos =
      next &&
      (next.pos === 'NOUN' || next.pos === 'PROPN' || next.pos === 'ADJ' || next.text === ',')
        ? 'ADJ'
        : b.pos === 'VERB'
          ? 'ADJ'
          : b.pos;
    a.end = b.end;
    tokens.splice(i + 1, 2);
    i -= 1;
  }
  tokens.forEach((token, index) => (token.i = index));
}

const sentimentCache = new Map<string, number>();

/** wink's sentiment of one word, -1 to 1 (0 when it has none). */
export function wordSentiment(word: string): number {
  if (!/^[a-z][a-z-]*$/.test(word)) return 0;
  let found = sentimentCache.get(word);
  if (found === undefined) {
    const nlp = english();
    found = nlp.readDoc(word).out(nlp.its.sentiment) as number;
    if (sentimentCache.size > 50_000) sentimentCache.clear();
    sentimentCache.set(word, found);
  }
  return found;
}

/** Sentences of the text, each with its tokens, parts of speech and lemmas. */
export function analyse(text: string): Sentence[] {
  const nlp = english();
  const its = nlp.its;
  const doc = nlp.readDoc(text);
  const sentences: Sentence[] = [];
  let cursor = 0;
  doc.sentences().each((sentence: ItemSentence) => {
    const values = sentence.tokens().out(its.value) as string[];
    const pos = sentence.tokens().out(its.pos) as string[];
    // wink's typings give its.lemma an addons parameter its ItsFunction type lacks.
    const lemmas = sentence.tokens().out(its.lemma as ItsFunction<string>) as string[];
    const tokens: Token[] = [];
    values.forEach((value: string, index: number) => {
      const found = text.indexOf(value, cursor);
      const start = found >= 0 ? found : cursor;
      const end = found >= 0 ? found + value.length : cursor;
      cursor = end;
      tokens.push({
        text: value,
        lower: value.toLowerCase(),
        lemma: (lemmas[index] ?? value).toLowerCase(),
        pos: pos[index] ?? 'X',
        start,
        end,
        i: index,
      });
    });
    mergeHyphens(tokens, text);
    if (tokens.length === 0) return;
    const start = tokens[0]!.start;
    const end = tokens.at(-1)!.end;
    sentences.push({ tokens, start, end, text: text.slice(start, end) });
  });
  return sentences;
}
