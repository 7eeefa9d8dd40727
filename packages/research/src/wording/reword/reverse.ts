import { firstWord, isQuestion, questionStart } from '../rules/tokens';
import { auxiliaries, whWords } from '../lexicon/question-words';
import { analyse } from '../text';
import { findings } from '../reword';
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

const ANTONYMS: Record<string, string> = {
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
};

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

/** The same ask framed the other way round, itself free of findings. */
export function reverse(neutral: string): string {
  const sentences = analyse(neutral);
  const s = sentences.filter(isQuestion).at(-1) ?? sentences.at(-1);
  if (!s) return 'What, if anything, would put you off this?';
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
      candidates.push(`${opener} ${gerund(verb.lemma)}${rest ? ` ${rest}` : ''}?`);
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
      candidates.push(`${neutral.slice(s.start, colon.end)} ${right} or ${left}?`);
    }
  }
  const question = body(first);
  if (a && auxiliaries.has(a.lower) && question) {
    candidates.push(
      `Would you answer no or yes: ${lowerFirst(question.replace(/,\s*or not$/i, ''))}?`,
    );
  }
  const topic = topicOf(s.text);
  if (topic && /^(?:our|this|these|[A-Z])/.test(topic))
    candidates.push(`What, if anything, would put you off ${topic}?`);
  // "How often do you cook at home?" → "What, if anything, would stop you from cooking at home?"
  const you =
    a && whWords.has(a.lower) ? t.find((x) => x.i > first && x.lower === 'you') : undefined;
  const act =
    you && t[you.i + 1]?.pos === 'VERB' && !STATE_VERBS.has(t[you.i + 1]!.lemma)
      ? t[you.i + 1]
      : undefined;
  if (act) {
    const rest = body(act.i + 1).replace(/,\s*if\s+(?:at all|any|anything|ever|anyone)$/i, '');
    candidates.push(
      `What, if anything, would stop you from ${gerund(act.lemma)}${rest ? ` ${rest}` : ''}?`,
    );
  }
  if (a && whWords.has(a.lower) && question) {
    candidates.push(`Would you answer this the other way round: ${lowerFirst(question)}?`);
  }
  if (topic) candidates.push(`What, if anything, would put you off ${topic}?`);
  candidates.push('What, if anything, would put you off this?');
  for (const candidate of candidates) {
    const keepsLead =
      lead && !candidate.startsWith('What, if anything') && !candidate.startsWith(lead);
    const withLead = keepsLead ? `${lead} ${lowerFirst(candidate)}` : candidate;
    const framed = tidy(preamble ? `${preamble} ${withLead}` : withLead);
    if (framed && findings(framed).length === 0) return framed;
  }
  return 'What, if anything, would put you off this?';
}
