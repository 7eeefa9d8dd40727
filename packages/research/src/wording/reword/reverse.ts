import { firstWord, isQuestion, questionStart } from '../rules/tokens';
import { auxiliaries } from '../lexicon/question-words';
import { analyse, type Token } from '../text';
import { upperFirst, lowerFirst, tidy } from './edits';
import { topicOf } from './topic';

/** The gerund of a verb's lemma ("buy" → "buying", "use" → "using", "plan" → "planning"). */
function gerund(lemma: string): string {
  const word = lemma.toLowerCase();
  if (word.endsWith('ie')) return `${word.slice(0, -2)}ying`;
  if (word.endsWith('e') && !/(?:ee|ye|oe)$/.test(word) && word !== 'be')
    return `${word.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(word)) return `${word}${word.at(-1)}ing`;
  return `${word}ing`;
}

/** Each scale word, adjective or verb and its opposite. */
export const ANTONYMS: Record<string, string> = {
  likely: 'unlikely',
  unlikely: 'likely',
  satisfied: 'dissatisfied',
  dissatisfied: 'satisfied',
  happy: 'unhappy',
  interested: 'uninterested',
  willing: 'unwilling',
  comfortable: 'uncomfortable',
  important: 'unimportant',
  easy: 'difficult',
  difficult: 'easy',
  confident: 'unsure',
  agree: 'disagree',
  disagree: 'agree',
  friendly: 'unfriendly',
  helpful: 'unhelpful',
  clear: 'unclear',
  fair: 'unfair',
  reasonable: 'unreasonable',
  convenient: 'inconvenient',
  pleasant: 'unpleasant',
  reliable: 'unreliable',
  appealing: 'unappealing',
  acceptable: 'unacceptable',
  affordable: 'unaffordable',
  useful: 'unhelpful',
  reassuring: 'worrying',
  worrying: 'reassuring',
  expensive: 'cheap',
  cheap: 'expensive',
  fast: 'slow',
  quick: 'slow',
  slow: 'quick',
  simple: 'complicated',
  complicated: 'simple',
  better: 'worse',
  worse: 'better',
  most: 'least',
  least: 'most',
  enjoyable: 'unenjoyable',
  safe: 'unsafe',
  familiar: 'unfamiliar',
  aware: 'unaware',
  positive: 'negative',
  negative: 'positive',
  like: 'dislike',
  love: 'dislike',
  enjoy: 'dislike',
  dislike: 'like',
  trust: 'distrust',
};

/** Verbs turned into their opposite in place ("Would you like…" → "Would you dislike…"). */
const OPPOSABLE_VERBS = new Set(['like', 'love', 'enjoy', 'dislike', 'trust', 'agree', 'disagree']);

const STATE_VERBS = new Set([
  'rate',
  'tell',
  'describe',
  'share',
  'explain',
  'list',
  'name',
  'give',
  'be',
  'have',
  'like',
  'love',
  'hate',
  'prefer',
  'rather',
  'think',
  'feel',
  'know',
  'agree',
  'say',
  'mind',
  'need',
  'want',
  'find',
  'see',
  'expect',
  'wish',
]);

/** An answer that catches every other one: "something else", "none of these", "not sure", "are you unsure". */
const CATCH_ALL =
  /^(?:something (?:else|in between)|another\b.*|none\b.*|neither|both|all of (?:these|them)|no preference|not\b.*|whichever\b.*|(?:it )?depends\b.*|(?:are|do|does|is|would) (?:you|it)\b.*)$/i;

/** Answers as a list in words: "a, b or c". */
const asList = (items: readonly string[]) => `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** Whether a question's words list its answers: "…a card, flowers, or both", "…sooner, or would you rather…". */
const listsAnswers = (words: string) => /,[^?]*\bor\s+\S/.test(words);

/**
 * The same ask framed the other way round, the likeliest first: a balanced
 * scale with its other pole first, the opposite of its scale word or
 * adjective, a price asked from the top, an action asked as deciding against
 * it, the two sides of a choice swapped. None is vetted here: the gates
 * choose among them.
 */
export function reverseCandidates(neutral: string): string[] {
  const sentences = analyse(neutral);
  const s = sentences.filter(isQuestion).at(-1) ?? sentences.at(-1);
  if (!s) return [];
  const preamble = neutral.slice(0, s.start).trim();
  const lead = neutral
    .slice(s.start, s.tokens[firstWord(s.tokens, questionStart(s.tokens))]?.start ?? s.start)
    .trim();
  const t = s.tokens;
  const first = firstWord(t, questionStart(t));
  const a = t[first];
  const body = (from: number) =>
    neutral.slice(t[from]?.start ?? s.end, t.at(-1)?.text === '?' ? t.at(-1)!.start : s.end).trim();
  const candidates: string[] = [];
  // A balanced scale keeps its words, the other pole first.
  const or = t.find(
    (x) => x.lower === 'or' && ANTONYMS[t[x.i - 1]?.lower ?? ''] === t[x.i + 1]?.lower,
  );
  if (or) {
    const left = t[or.i - 1]!;
    const right = t[or.i + 1]!;
    candidates.push(
      neutral.slice(0, left.start) + right.text + ' or ' + left.text + neutral.slice(right.end),
    );
  }
  if (a && a.lower === 'how' && t[first + 1] && ANTONYMS[t[first + 1]!.lower]) {
    const word = t[first + 1]!;
    candidates.push(neutral.slice(0, word.start) + ANTONYMS[word.lower]! + neutral.slice(word.end));
  }
  if (
    a &&
    a.lower === 'how' &&
    t[first + 1]?.lower === 'much' &&
    t.slice(first + 2, first + 5).some((x) => x.lemma === 'pay')
  ) {
    const forToken = t.find((x) => x.i > first + 2 && x.lower === 'for');
    if (forToken)
      candidates.push(`At what price would ${body(forToken.i + 1)} be too expensive for you?`);
  }
  if (
    a &&
    (a.lower === 'do' || a.lower === 'would') &&
    t[first + 1]?.lower === 'you' &&
    t[first + 2]?.lemma === 'think'
  ) {
    const that = t[first + 3]?.lower === 'that' ? first + 4 : first + 3;
    candidates.push(`Do you doubt that ${body(that).replace(/,\s*or not$/i, '')}?`);
  }
  if (a && auxiliaries.has(a.lower) && t[first + 1]?.lower === 'you') {
    let v = first + 2;
    while (t[v] && t[v]!.pos === 'ADV') v += 1;
    const verb = t[v];
    if (
      verb &&
      verb.pos === 'VERB' &&
      !STATE_VERBS.has(verb.lemma) &&
      ['would', 'will', 'could', 'can', 'might', 'should', 'do', 'does', 'did'].includes(a.lower)
    ) {
      const rest = body(v + 1).replace(/,\s*or not$/i, '');
      const modal = ['would', 'will', 'could', 'can', 'might', 'should'].includes(a.lower);
      const opener = modal
        ? `${upperFirst(a.lower)} you decide against`
        : `${upperFirst(a.lower === 'did' ? 'did' : a.lower)} you avoid`;
      // A list of answers ("none, two, four or eight loaves") is no deed to decide against.
      if (!listsAnswers(rest)) {
        candidates.push(`${opener} ${gerund(verb.lemma)}${rest ? ` ${rest}` : ''}?`);
        // The same lean put more plainly, for when "decide against…" reads as loaded itself.
        if (a.lower === 'would')
          candidates.push(`Would you rather not ${verb.lemma}${rest ? ` ${rest}` : ''}?`);
      }
    }
  }
  if (a && a.lower === 'which' && t.some((x) => x.lower === 'or')) {
    const colon = t.find((x) => x.text === ':');
    const orToken = t.find((x) => x.lower === 'or' && (!colon || x.i > colon.i));
    if (colon && orToken) {
      const left = neutral.slice(t[colon.i + 1]!.start, orToken.start).trim();
      const right = neutral
        .slice(orToken.end, t.at(-1)?.text === '?' ? t.at(-1)!.start : s.end)
        .trim();
      // Every answer in the other order: "lemon, ginger or mint" → "mint, ginger or
      // lemon"; an answer that catches the rest ("or none of these") stays last.
      const items = [...left.split(',').map((item) => item.trim()), right].filter(Boolean);
      const rest = CATCH_ALL.test(items.at(-1) ?? '') ? items.splice(-1) : [];
      const turned = [...items.reverse(), ...rest];
      candidates.push(`${neutral.slice(s.start, colon.end)} ${asList(turned)}?`);
    }
  }
  // "Was the ticket office helpful?" → "Was the ticket office unhelpful?";
  // "Which stall did you visit most…?" → "Which stall did you visit least…?"
  // Never among a list's answers (that changes an answer; a list after a colon
  // leaves the words before it), nor after "not" (a double negative).
  // A liking asked by when or where ("When would you like your check?") has no opposite.
  const colon = t.find((x) => x.i > first && x.text === ':');
  const listed = listsAnswers(body(first + 1).replace(/,\s*or not$/i, ''));
  const whenOrWhere = a !== undefined && ['when', 'where'].includes(a.lower);
  const opposite = t.find(
    (x) =>
      x.i > first + 1 &&
      (!listed || (colon !== undefined && x.i < colon.i)) &&
      !(whenOrWhere && x.pos === 'VERB') &&
      t[x.i - 1]?.lower !== 'not' &&
      ANTONYMS[x.lower] &&
      (['ADJ', 'ADV'].includes(x.pos) || (x.pos === 'VERB' && OPPOSABLE_VERBS.has(x.lower))) &&
      t[x.i - 1]?.lower !== 'or' &&
      t[x.i + 1]?.lower !== 'or',
  );
  if (opposite)
    candidates.push(
      neutral.slice(0, opposite.start) + ANTONYMS[opposite.lower]! + neutral.slice(opposite.end),
    );
  // "…by post rather than online?" → "…online rather than by post?"
  const rather = t.find((x) => x.lower === 'rather' && t[x.i + 1]?.lower === 'than');
  if (rather && rather.i > first + 1) {
    const from = rather.i + 2;
    let to = from;
    while (t[to] && ![',', '?', '.', ';'].includes(t[to]!.text) && to - from < 4) to += 1;
    const right = t.slice(from, to);
    const opener = right[0];
    let leftStart = rather.i - 1;
    if (opener && (opener.pos === 'DET' || opener.pos === 'ADP')) {
      const same = t
        .slice(Math.max(first + 1, rather.i - 4), rather.i)
        .reverse()
        .find((x) => (opener.pos === 'DET' ? x.pos === 'DET' : x.lower === opener.lower));
      if (same) leftStart = same.i;
    }
    const left = t.slice(leftStart, rather.i);
    if (right.length > 0 && right.length <= 4 && t[to] && left.length > 0) {
      const span = (xs: typeof t) => neutral.slice(xs[0]!.start, xs.at(-1)!.end);
      candidates.push(
        `${neutral.slice(0, left[0]!.start)}${span(right)} rather than ${span(left)}${neutral.slice(right.at(-1)!.end)}`,
      );
    }
  }
  // "Do you prefer tea or coffee?" → "Do you prefer coffee or tea?"; a longer
  // list of one-word answers turned round whole ("poor, fair, good or
  // excellent" → "excellent, good, fair or poor").
  const last = t.at(-1)?.text === '?' ? t.length - 2 : t.length - 1;
  const orLast = t[last - 1];
  if (
    orLast?.lower === 'or' &&
    t[last - 2] &&
    t[last - 2]!.pos === t[last]!.pos &&
    ['NOUN', 'ADJ', 'PROPN', 'VERB', 'NUM'].includes(t[last]!.pos)
  ) {
    // Counts may start at nothing: "none, one, two or three" → "three, two, one or none".
    const item = (x: Token | undefined) =>
      x !== undefined &&
      (x.pos === t[last]!.pos || (t[last]!.pos === 'NUM' && /^(?:none|zero)$/i.test(x.text)));
    let from = last - 2;
    while (t[from - 1]?.text === ',' && item(t[from - 2]) && from - 2 > first) from -= 2;
    const items = [...t.slice(from, last - 1).filter((x) => x.text !== ','), t[last]!];
    const turned = items.map((x) => x.text).reverse();
    candidates.push(
      neutral.slice(0, t[from]!.start) + asList(turned) + neutral.slice(t[last]!.end),
    );
  }
  // An opinion of the offer, asked as what would put them off it:
  // "What do you think of our map?" → "What, if anything, would put you off our map?"
  const topic = topicOf(s.text);
  const opinion =
    /^(?:what do you think (?:of|about)|how would you rate|how do you feel about|what is your opinion of)\b/i.test(
      neutral.slice(t[first]?.start ?? s.start),
    );
  if (opinion && topic && /^(?:our|this|these)\b/i.test(topic))
    candidates.push(`What, if anything, would put you off ${topic}?`);
  const framed: string[] = [];
  for (const candidate of candidates) {
    const keepsLead =
      lead && !candidate.startsWith('What, if anything') && !candidate.startsWith(lead);
    const withLead = keepsLead ? `${lead} ${lowerFirst(candidate)}` : candidate;
    const one = tidy(preamble ? `${preamble} ${withLead}` : withLead);
    if (one && one !== tidy(neutral) && !framed.includes(one)) framed.push(one);
  }
  return framed;
}
