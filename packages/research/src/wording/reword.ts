import { detect, firstWord, type Hit, isQuestion, questionStart } from './detect';
import { auxiliaries, intensifiers, scaleWords, valence, whWords } from './lexicon';
import { analyse, type Sentence, type Token } from './text';

/** Rewordings are questions of at most this many characters (the contract's limit). */
const MAX_REWORDING = 1_000;

interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let out = text;
  let floor = Infinity;
  for (const edit of sorted) {
    if (edit.end > floor) continue;
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    floor = edit.start;
  }
  return out;
}

const lowerFirst = (text: string) =>
  /^(?:I\b|[A-Z]{2,}|[A-Z][a-z]+[A-Z])/.test(text)
    ? text
    : text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Tidies spacing and punctuation, and makes it one question ending in "?". */
export function tidy(text: string): string {
  let out = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.?!;:])/g, '$1')
    .replace(/,(\s*,)+/g, ',')
    .replace(/(?:[,;:]\s*)+([?.!])/g, '$1')
    .replace(/^[\s,;:.\-—–]+/, '')
    .replace(/\b(\w+)(\s+\1\b)+/gi, '$1')
    .trim();
  out = out
    .replace(/^(?:honestly|so|well|ok|okay|now|and|but|look),?\s+/i, '')
    .replace(
      /, (Would|Will|Do|Does|Did|Is|Are|Was|Were|Can|Could|Should|Have|Has) /g,
      (_all, aux: string) => `, ${aux.toLowerCase()} `,
    )
    .replace(/\b([Aa])n (?=[bcdfgjklmnpqrstvwxz])/g, '$1 ')
    .replace(/\b([Aa]) (?=[aio][a-z])/g, '$1n ')
    .replace(/^please,? /i, '')
    .replace(
      /^(rate|tell|describe|share|explain|list|name|give|say)\b/i,
      (verb) => `Could you ${verb.toLowerCase()}`,
    );
  out = out
    .replace(/[.!]+$/, '')
    .replace(/\?+$/, '')
    .trim();
  out = out.replace(/[,;:\-—–]+$/, '').trim();
  if (out.length > MAX_REWORDING - 1) {
    out = out.slice(0, MAX_REWORDING - 1).replace(/\s+\S*$/, '');
  }
  return out ? `${upperFirst(out)}?` : '';
}

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
function isLoadedModifier(t: Token, next: Token | undefined): boolean {
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

function inside(t: Token, hit: Hit): boolean {
  return t.start >= hit.start && t.end <= hit.end;
}

/** Deletes loaded words (and their intensifiers and the commas between them). */
function deleteLoaded(s: Sentence, edits: Edit[], hits: Hit[], everywhere: boolean) {
  const t = s.tokens;
  for (const x of t) {
    const relevant =
      everywhere ||
      hits.some(
        (h) =>
          inside(x, h) &&
          (h.kind === 'loaded-words' ||
            h.kind === 'praise-hypothetical' ||
            h.kind === 'loaded-choice' ||
            h.kind === 'assumptive-why'),
      );
    if (!relevant || !isLoadedModifier(x, t[x.i + 1])) continue;
    const next = t[x.i + 1];
    const attributive =
      next !== undefined &&
      (['NOUN', 'PROPN', 'ADJ'].includes(next.pos) ||
        next.text === ',' ||
        next.lower === 'and' ||
        next.text.includes('-') ||
        (next.pos === 'VERB' && /(?:ing|ed)$/.test(next.lower)));
    const intensifier = x.pos === 'ADV' && (next?.pos === 'ADJ' || next?.pos === 'VERB');
    if (!attributive && !intensifier) continue;
    let start = x.start;
    const prev = t[x.i - 1];
    if (prev && intensifiers.has(prev.lower)) start = prev.start;
    let end = x.end;
    if (x.pos === 'ADV' && next?.pos === 'VERB' && /ed$/.test(next.lower)) end = next.end;
    if (
      next &&
      (next.text === ',' || (next.lower === 'and' && t[x.i + 2] && t[x.i + 2]!.pos !== 'VERB'))
    )
      end = next.end;
    edits.push({ start, end, text: '' });
  }
  // "so enjoyable", "so much better": the intensifier goes.
  for (const x of t) {
    if (
      x.lower === 'so' &&
      (t[x.i + 1]?.pos === 'ADJ' || t[x.i + 1]?.lower === 'much') &&
      hits.some((h) => inside(x, h) || h.kind === 'assumptive-why')
    ) {
      edits.push({
        start: x.start,
        end: t[x.i + 1]?.lower === 'much' ? t[x.i + 1]!.end : x.end,
        text: '',
      });
    }
  }
}

function hedgeFor(s: Sentence): string {
  const t = s.tokens;
  const first = t[firstWord(t)];
  if (!first) return 'if at all';
  const second = t[first.i + 1];
  if (first.lower === 'why') {
    const aux = t.find((x) => x.i > first.i && auxiliaries.has(x.lower));
    if (!aux) return 'if at all';
    const subject = NEGATIONS.has(t[aux.i + 1]?.lower ?? '') ? t[aux.i + 2] : t[aux.i + 1];
    const auxWord = aux.lower === 'wo' ? 'will' : aux.lower === 'ca' ? 'can' : aux.lower;
    if (subject?.lower === 'you') return `if you ${auxWord}`;
    if (subject?.lower === 'i' || subject?.lower === 'we' || subject?.lower === 'they')
      return `if ${subject.lower} ${auxWord}`;
    const plural = ['are', 'were', 'do', 'have'].includes(auxWord);
    return `if ${plural ? 'they' : 'it'} ${auxWord}`;
  }
  if (first.lower === 'what') return 'if anything';
  if (first.lower === 'which') return 'if any';
  if (first.lower === 'when') return 'if ever';
  if (first.lower === 'who') return 'if anyone';
  if (first.lower === 'how' && (second?.lower === 'much' || second?.lower === 'many'))
    return 'if any';
  return 'if at all';
}

const POSSESSIVES = new Set([
  'your',
  'their',
  'my',
  'our',
  'his',
  'her',
  'it',
  'them',
  'the',
  'a',
  'an',
]);

/** Whether adjectives from `from` lead to a noun ("shorter school days"). */
function nounAfterAdjectives(t: Token[], from: number): boolean {
  let k = from;
  while (t[k] && (t[k]!.pos === 'ADJ' || t[k]!.pos === 'ADV')) k += 1;
  return t[k]?.pos === 'NOUN' || t[k]?.pos === 'PROPN';
}

const NEGATIONS = new Set(["n't", 'not']);

const AGREE_VERBS = new Set(['think', 'agree', 'believe', 'feel', 'say', 'find', 'wish']);

/**
 * What a dropped statement's pronoun stands for: the object of its verb, with
 * the offer's words ("Most of our customers already love our planner" → "our
 * planner"), never the crowd that is its subject. Undefined when there is no
 * clear object, and then the pronoun stays as written.
 */
function objectOf(s: Sentence): string | undefined {
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

/** One pass of edits that take out what steers the answer. */
function rewriteOnce(text: string): string {
  const sentences = analyse(text);
  const hits = detect(sentences);
  if (hits.length === 0) return text;
  const questions = sentences.filter(isQuestion);
  const edits: Edit[] = [];
  let pronounTarget: string | undefined;
  let droppedCrowd = false;
  for (const s of sentences) {
    const t = s.tokens;
    const own = hits.filter((h) => h.start >= s.start && h.end <= s.end);
    const kinds = new Set(own.map((h) => h.kind));
    // A statement before the question that points at others, tells people
    // who they are or takes agreement for granted goes.
    if (
      !isQuestion(s) &&
      questions.length > 0 &&
      (kinds.has('social-proof') || kinds.has('identity-appeal') || kinds.has('agreement-framing'))
    ) {
      pronounTarget ??= objectOf(s);
      droppedCrowd ||= kinds.has('social-proof');
      edits.push({ start: s.start, end: s.end, text: '' });
      continue;
    }
    if (own.length === 0) continue;
    const qs = questionStart(t);
    // A leading clause before the question ("As a parent who cares…,", "Since most… ,", "Now that…,").
    if (
      qs > 0 &&
      own.some(
        (h) =>
          h.start < t[qs]!.start && h.kind !== 'loaded-words' && h.kind !== 'praise-hypothetical',
      )
    ) {
      edits.push({ start: s.start, end: t[qs]!.start, text: '' });
    }
    // "X, so which plan would you pick?" keeps the question.
    const so = t.findIndex(
      (x, k) =>
        x.lower === 'so' &&
        t[k - 1]?.text === ',' &&
        t[k + 1] &&
        (auxiliaries.has(t[k + 1]!.lower) || whWords.has(t[k + 1]!.lower)),
    );
    if (so > 0 && qs < so) edits.push({ start: s.start, end: t[so + 1]!.start, text: '' });
    for (const hit of own) {
      const ht = t.filter((x) => inside(x, hit));
      const head = ht[0];
      if (!head) continue;
      switch (hit.kind) {
        case 'agreement-framing': {
          if (
            head.i === firstWord(t) &&
            (head.lower === 'surely' ||
              head.lower === 'obviously' ||
              head.lower === 'clearly' ||
              head.lower === 'of' ||
              head.lower === 'certainly' ||
              head.lower === 'undoubtedly' ||
              head.lower === 'naturally')
          ) {
            const after = t[hit.end === head.end ? head.i + 1 : head.i + 2];
            edits.push({
              start: head.start,
              end: after?.text === ',' ? after.end : (after?.start ?? hit.end),
              text: '',
            });
          } else if (
            (head.lower === 'who' || head.lower === 'what') &&
            NEGATIONS.has(t[head.i + 2]?.lower ?? '')
          ) {
            // "Who wouldn't want…?" → "Would you want…, or not?"
            const aux = t[head.i + 1]!;
            const word = aux.lower === 'wo' ? 'will' : aux.lower === 'ca' ? 'can' : aux.lower;
            const end = t.at(-1)?.text === '?' ? t.at(-1)!.start : s.end;
            edits.push({
              start: head.start,
              end: t[head.i + 2]!.end,
              text: `${upperFirst(word)} you`,
            });
            edits.push({ start: end, end, text: ', or not' });
          } else if (auxiliaries.has(head.lower) && head.i === firstWord(t)) {
            // "Don't you think…" → "Do you think…, or not?"; "Wouldn't you agree…" → "Would you agree or disagree…"
            const neg = t.find(
              (x) => x.i > head.i && x.i <= head.i + 2 && (x.lower === "n't" || x.lower === 'not'),
            );
            if (neg) {
              const word = head.lower === 'wo' ? 'will' : head.lower === 'ca' ? 'can' : head.lower;
              edits.push({ start: head.start, end: head.end, text: upperFirst(word) });
              edits.push({ start: neg.start, end: neg.end, text: '' });
            }
            const verb = t.find(
              (x) => x.i > head.i && x.i <= head.i + 4 && AGREE_VERBS.has(x.lemma),
            );
            if (verb?.lemma === 'agree')
              edits.push({ start: verb.end, end: verb.end, text: ' or disagree' });
            else {
              const end = t.at(-1)?.text === '?' ? t.at(-1)!.start : s.end;
              edits.push({ start: end, end, text: ', or not' });
            }
          } else if (
            hit.end === t.at(-1)?.start ||
            t.slice(head.i).every((x) => x.text === '?' || inside(x, hit) || x.text === '.')
          ) {
            // A tag at the end goes; a statement left behind is asked both ways.
            const comma =
              t[head.i - 1]?.text === ',' || t[head.i - 1]?.text === '-' ? t[head.i - 1]! : head;
            edits.push({ start: comma.start, end: hit.end, text: '' });
            const opener = t[firstWord(t)];
            if (opener && !auxiliaries.has(opener.lower) && !whWords.has(opener.lower)) {
              if (
                opener.lower === "you'd" ||
                (opener.lower === 'you' && ["'d", 'would'].includes(t[opener.i + 1]?.lower ?? ''))
              ) {
                const end = opener.lower === "you'd" ? opener.end : t[opener.i + 1]!.end;
                edits.push({ start: opener.start, end, text: 'Would you' });
              } else if (!t.some((x) => x.lemma === 'agree')) {
                edits.push({
                  start: opener.start,
                  end: opener.end,
                  text: `Do you agree or disagree that ${lowerFirst(opener.text)}`,
                });
              }
            }
          } else if (t.some((x) => inside(x, hit) && x.lemma === 'agree')) {
            // "Do you agree that…", "You'd agree that…", "Can we agree that…"
            const agree = t.find((x) => inside(x, hit) && x.lemma === 'agree')!;
            edits.push({
              start: t[firstWord(t)]!.start,
              end: agree.end,
              text: 'Do you agree or disagree',
            });
          } else if (
            t.some(
              (x) =>
                inside(x, hit) &&
                (x.lower === 'obvious' || x.lower === 'clear' || x.lower === 'fair'),
            )
          ) {
            const that = t.find((x) => x.i >= head.i && x.lower === 'that');
            if (that)
              edits.push({
                start: t[firstWord(t)]!.start,
                end: that.end,
                text: 'Do you agree or disagree that',
              });
          } else if (
            head.lower === 'everyone' ||
            head.lower === 'everybody' ||
            head.lower === 'we'
          ) {
            const that = t[ht.at(-1)!.i + 1]?.lower === 'that' ? t[ht.at(-1)!.i + 1]! : ht.at(-1)!;
            edits.push({ start: head.start, end: that.end, text: '' });
            if (
              head.i === firstWord(t) &&
              t.at(-1)?.text === '?' &&
              !t.some((x) => x.lemma === 'agree')
            ) {
              edits.push({
                start: head.start,
                end: head.start,
                text: 'Do you agree or disagree that ',
              });
            }
          }
          break;
        }
        case 'social-proof': {
          // "Most people agree that X" → "X"; "Experts recommend…, so…" handled above.
          const verb = t.find(
            (x) => x.i > ht.at(-1)!.i && x.i <= ht.at(-1)!.i + 3 && x.pos === 'VERB',
          );
          const that = verb && t[verb.i + 1]?.lower === 'that' ? t[verb.i + 1]! : undefined;
          if (that && head.i <= firstWord(t))
            edits.push({ start: head.start, end: that.end, text: '' });
          else if (isQuestion(s) && head.start >= t[qs]!.start) {
            // The crowd sits inside the question: take the question back to its topic.
            return fallback(text);
          }
          break;
        }
        case 'identity-appeal':
          if (head.start >= t[qs]!.start || qs === 0) {
            // "If you love your family," inside: drop the clause up to its comma.
            const comma = t.find((x) => x.i > ht.at(-1)!.i && x.text === ',');
            if (
              comma &&
              (head.lower === 'if' ||
                head.lower === 'since' ||
                head.lower === 'because' ||
                head.lower === 'as' ||
                head.lower === 'for' ||
                head.lower === 'being')
            ) {
              edits.push({ start: head.start, end: comma.end, text: '' });
            } else if (!isQuestion(s) || head.lower === 'as') {
              return fallback(text);
            } else edits.push({ start: head.start, end: hit.end, text: '' });
          }
          break;
        case 'assumptive-why':
        case 'presupposition': {
          if (hit.kind === 'presupposition' && head.lower === 'now') break;
          // "Do you still waste time…?": the "still" goes.
          if (hit.kind === 'presupposition' && (head.lower === 'still' || head.lower === 'keep')) {
            if (head.lower === 'still') edits.push({ start: head.start, end: head.end, text: '' });
            break;
          }
          // "Why wouldn't you switch…?" is asked as "Would you switch…?"
          const neg = t[head.i + 2];
          if (
            head.lower === 'why' &&
            t[head.i + 1] &&
            auxiliaries.has(t[head.i + 1]!.lower) &&
            neg &&
            (neg.lower === "n't" || neg.lower === 'not')
          ) {
            const aux = t[head.i + 1]!;
            const word = aux.lower === 'wo' ? 'will' : aux.lower === 'ca' ? 'can' : aux.lower;
            edits.push({ start: head.start, end: neg.end, text: upperFirst(word) });
            break;
          }
          if (
            hit.kind === 'presupposition' &&
            (head.lower === 'after' || head.lower === 'since') &&
            qs > head.i
          )
            break;
          if (hit.kind === 'presupposition' && (head.lower === 'after' || head.lower === 'since')) {
            const comma = t.find((x) => x.i > head.i && x.text === ',');
            edits.push({
              start: (t[head.i - 1]?.text === ',' ? t[head.i - 1]! : head).start,
              end: comma ? comma.start : t.at(-1)?.text === '?' ? t.at(-1)!.start : s.end,
              text: '',
            });
            break;
          }
          const end = t.at(-1)?.text === '?' || t.at(-1)?.text === '.' ? t.at(-1)!.start : s.end;
          edits.push({ start: end, end, text: `, ${hedgeFor(s)}` });
          break;
        }
        case 'double-barrelled': {
          const and = t.find((x) => inside(x, hit) && x.lower === 'and');
          if (!and) break;
          const after = t[and.i + 1];
          const end = t.at(-1)?.text === '?' || t.at(-1)?.text === '.' ? t.at(-1)!.start : s.end;
          if (after && whWords.has(after.lower)) {
            const comma = t[and.i - 1]?.text === ',' ? t[and.i - 1]! : and;
            edits.push({ start: comma.start, end, text: '' });
          } else if (
            after &&
            (after.pos === 'ADJ' || after.pos === 'ADV') &&
            !nounAfterAdjectives(t, and.i + 1)
          ) {
            let k = and.i + 1;
            while (t[k] && (t[k]!.pos === 'ADJ' || t[k]!.pos === 'ADV')) k += 1;
            edits.push({ start: and.start, end: t[k - 1]!.end, text: '' });
          } else if (
            after &&
            (after.pos === 'NOUN' ||
              after.pos === 'DET' ||
              after.pos === 'ADJ' ||
              after.lower === 'more') &&
            !(after.pos === 'NOUN' && POSSESSIVES.has(t[and.i + 2]?.lower ?? '')) &&
            !(
              ['DET', 'PRON'].includes(after.pos) &&
              t.slice(and.i + 2, t.length - 1).some((y) => y.pos === 'ADJ' || y.lower === 'enough')
            )
          ) {
            // A second subject with its own predicate: "…and the course well organised" goes whole.
            const clause =
              ['DET', 'PRON'].includes(after.pos) &&
              t
                .slice(and.i + 2, t.length - 1)
                .some((y) => y.pos === 'ADJ' || y.pos === 'ADV' || y.lower === 'enough');
            let k = and.i + 1;
            while (
              (t[k] && ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM'].includes(t[k]!.pos)) ||
              t[k]?.lower === 'more' ||
              (clause && t[k] && !['?', '.', ',', ';'].includes(t[k]!.text))
            )
              k += 1;
            edits.push({ start: and.start, end: t[k - 1]!.end, text: '' });
          } else {
            const comma = t.find((x) => x.i > and.i && x.text === ',');
            edits.push({ start: and.start, end: comma ? comma.start : end, text: '' });
          }
          break;
        }
        case 'loaded-choice':
        case 'loaded-words':
        case 'praise-hypothetical':
          break;
      }
    }
    // "…our new app makes budgeting effortless" → "…our new app changes how you budget":
    // the claim is kept, its praise is not.
    let madeOver: Token | undefined;
    for (const hit of own.filter((h) => h.kind === 'loaded-words')) {
      const word = t.find((x) => inside(x, hit) && x.pos === 'ADJ');
      const makes =
        word && t.slice(Math.max(0, word.i - 4), word.i).find((y) => y.lemma === 'make');
      if (!word || !makes || makes.i + 1 >= word.i) continue;
      const object = t.slice(makes.i + 1, word.i);
      const past = makes.lower === 'made';
      const third = makes.lower === 'makes';
      const verb = (base: string) =>
        past ? `${base}${base.endsWith('e') ? 'd' : 'ed'}` : third ? `${base}s` : base;
      const gerundObject =
        object.length === 1 && object[0]!.pos === 'VERB' && /ing$/.test(object[0]!.lower);
      const text = gerundObject
        ? `${verb('change')} how you ${object[0]!.lemma}`
        : `${verb('affect')} ${s.text.slice(object[0]!.start - s.start, object.at(-1)!.end - s.start)}`;
      edits.push({ start: makes.start, end: word.end, text });
      madeOver = word;
    }
    deleteLoaded(s, edits, own, false);
    // Praise said of the offer as the answer ("Is our app amazing?") is asked plainly.
    const praised = t.find(
      (x) =>
        x !== madeOver &&
        x.pos === 'ADJ' &&
        own.some((h) => h.kind === 'loaded-words' && inside(x, h)) &&
        (!t[x.i + 1] ||
          ['?', '.', '!', 'to', 'for', 'enough'].includes(t[x.i + 1]!.lower) ||
          (t[x.i + 1]!.text === ',' &&
            !['ADJ', 'ADV', 'NOUN'].includes(t[x.i + 2]?.pos ?? '') &&
            !/(?:-|ed$|ing$)/.test(t[x.i + 2]?.text ?? ''))),
    );
    if (praised) return fallback(text, 'How would you rate');
  }
  let out = applyEdits(text, edits);
  if (pronounTarget && /^(?:(?:our|this|these|the|your) |\p{Lu})/u.test(pronounTarget)) {
    out = out.replace(/\b(it|them)\b/, pronounTarget);
  }
  // "Would you try it too?": with the crowd gone, "too" presumes others did.
  if (droppedCrowd) out = out.replace(/,?\s+(?:too|as well)(?=\s*[?.!]|$)/i, '');
  return out;
}

/** The question asked plainly about its topic, when it cannot be reworded in place. */
function fallback(text: string, ask = 'What do you think of'): string {
  // A statement's crowd is not the topic: "Millions of households have switched to refills."
  const statement = analyse(text).find(
    (s) => !isQuestion(s) && detect([s]).some((h) => h.kind === 'social-proof'),
  );
  const topic = (statement && objectOf(statement)) ?? topicOf(text);
  return topic ? `${ask} ${topic}?` : 'What do you think about this?';
}

function findings(text: string): Hit[] {
  return detect(analyse(text));
}

/** A loaded either-or asked plainly: "Which would you choose: spreadsheets or our dashboard?" */
function choiceOf(text: string): string | undefined {
  const hit = findings(text).find((h) => h.kind === 'loaded-choice');
  if (!hit) return undefined;
  const part = text.slice(hit.start, hit.end);
  const link = /\b(?:or|versus|vs\.?|over|instead of|rather than|compared (?:to|with))\b/i.exec(
    part,
  );
  if (!link) return undefined;
  const before = part.slice(0, link.index);
  const after = part.slice(link.index + link[0].length);
  // "a reliable car or a cheap one that breaks down": one thing, described twice.
  const one = /\bones?\b/i;
  if (one.test(after) !== one.test(before)) {
    const described = topicOf(one.test(after) ? before : after)?.replace(/^(?:the|a|an) /i, '');
    // Its descriptions go too: "a modern, energy-efficient home" → "a home".
    const words = described ? analyse(described).flatMap((x) => x.tokens) : [];
    const noun = words.findIndex((x) => x.pos === 'NOUN' || x.pos === 'PROPN');
    const thing =
      noun < 0
        ? described
        : words
            .slice(noun)
            .map((x) => x.text)
            .join(' ');
    if (!thing || one.test(thing)) return undefined;
    return tidy(
      `What matters most to you when choosing ${/^[aeiou]/i.test(thing) ? 'an' : 'a'} ${thing}`,
    );
  }
  const left = topicOf(before);
  const right = topicOf(after);
  if (!left || !right || left === right) return undefined;
  return tidy(`Which would you choose: ${left} or ${right}`);
}

/** Whether a loaded either-or describes one thing twice ("…or a cheap one"). */
function describedTwice(text: string): boolean {
  const hit = findings(text).find((h) => h.kind === 'loaded-choice');
  return hit !== undefined && /\bor\b[^?]*\bones?\b/i.test(text.slice(hit.start, hit.end));
}

/** A neutral rewording: grammatical, free of findings. */
export function neutralise(text: string): string {
  // A loaded either-or is asked as a plain choice, not half-mended in place.
  if (describedTwice(text)) {
    const choice = choiceOf(text);
    if (choice && findings(choice).length === 0) return choice;
  }
  let current = text;
  for (let pass = 0; pass < 4; pass += 1) {
    const next = tidy(rewriteOnce(current));
    if (next === current || !next) break;
    current = next;
    if (findings(current).length === 0) break;
  }
  const words = current
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (findings(current).length === 0 && words.length >= 4) return current;
  const choice = choiceOf(text);
  if (choice && findings(choice).length === 0) return choice;
  const plain = tidy(fallback(text));
  if (findings(plain).length === 0) return plain;
  return 'What do you think about this?';
}

/** The gerund of a verb's lemma ("buy" → "buying", "use" → "using", "plan" → "planning"). */
export function gerund(lemma: string): string {
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
