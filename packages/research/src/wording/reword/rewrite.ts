// One pass of edits that take out what steers the answer, and the plain
// question asked about the topic when the wording cannot be mended in place.
import { detect } from '../detect';
import { firstWord, type Hit, isQuestion, questionStart } from '../rules/tokens';
import { auxiliaries, whWords } from '../lexicon/question-words';
import { analyse, type Sentence, type Token } from '../text';
import { type Edit, upperFirst, lowerFirst, applyEdits } from './edits';
import { standsForPeople } from './referents';
import { objectOf, topicOf } from './topic';
import { inside, deleteLoaded } from './delete-loaded';
import { allPraise } from '../rules/loaded-choice';

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
  // "How was your class with us?": the occasion itself is what may not have happened.
  if (
    (first.lower === 'how' || first.lower === 'what') &&
    (second?.lower === 'was' || second?.lower === 'were') &&
    t[first.i + 2]?.lower === 'your'
  )
    return second.lower === 'was' ? 'if you had one' : 'if you had any';
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

/** An edit that already leaves the occasion open: a condition ("If you joined, …"). */
const OPENED = /^If /;

const HEDGE_EDIT = /^, if /;

/**
 * A hedge ("…, if at all") said twice: one sentence gets one hedge however
 * many findings ask for it (a why that also presumes), and none where
 * another edit already leaves the occasion open.
 */
function needless(edit: Edit, edits: readonly Edit[], sentences: readonly Sentence[]): boolean {
  if (!HEDGE_EDIT.test(edit.text)) return false;
  const before = edits.slice(0, edits.indexOf(edit));
  if (before.some((e) => e.start === edit.start && HEDGE_EDIT.test(e.text))) return true;
  const s = sentences.find((x) => edit.start >= x.start && edit.start <= x.end);
  return (
    s !== undefined &&
    edits.some((e) => e !== edit && e.start >= s.start && e.end <= s.end && OPENED.test(e.text))
  );
}

/** One pass of edits that take out what steers the answer. */
export function rewriteOnce(
  text: string,
  sentences: Sentence[] = analyse(text),
  hits: Hit[] = detect(sentences),
): string {
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
            const rest = after?.text === ',' ? t[after.i + 1] : after;
            // "Surely a local shop beats…?" is a claim with a question mark: asked both ways instead.
            // (Not when a question follows the claim, "…, so would you…?", nor "you'd agree…".)
            const claim =
              t.at(-1)?.text === '?' &&
              qs <= firstWord(t) &&
              !t.some((x) => AGREE_VERBS.has(x.lemma)) &&
              rest !== undefined &&
              !auxiliaries.has(rest.lower) &&
              !whWords.has(rest.lower);
            edits.push({
              start: head.start,
              end: after?.text === ',' ? after.end : (after?.start ?? hit.end),
              text: claim ? 'Do you think ' : '',
            });
            if (claim)
              edits.push({ start: t.at(-1)!.start, end: t.at(-1)!.start, text: ', or not' });
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
              } else if (!t.some((x) => x.lemma === 'agree' && !inside(x, hit))) {
                // (An "agree" in the tag that goes does not count: "…, don't you agree?")
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
          // "Do you see yourself as a keen cook? Would our course suit you?": the first question goes;
          // asked alone, it has nothing left to ask.
          if (t[head.i + 1]?.lower === 'yourself') {
            if (isQuestion(s) && questions.length > 1 && questions.at(-1) !== s) {
              edits.push({ start: s.start, end: s.end, text: '' });
              break;
            }
            return fallback(text);
          }
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
            } else if (
              !isQuestion(s) ||
              head.lower === 'as' ||
              // "Would a caring owner…?", "…a keen gardener like you…": cut out, the question breaks.
              head.lower === 'would' ||
              ['a', 'an', 'the'].includes(t[head.i - 1]?.lower ?? '')
            ) {
              return fallback(text);
            } else edits.push({ start: head.start, end: hit.end, text: '' });
          }
          break;
        case 'assumptive-why':
        case 'presupposition': {
          if (hit.kind === 'presupposition' && head.lower === 'now') break;
          // A taking up put as settled with "when you…" is asked as a condition.
          const whenYou =
            hit.kind === 'presupposition' &&
            head.lower === 'when' &&
            t[head.i + 1]?.lower === 'you';
          // "When you join our club, which…?" → "If you join…".
          if (whenYou && head.i === firstWord(t) && t.some((x) => x.i > head.i && x.text === ',')) {
            edits.push({ start: head.start, end: head.end, text: 'If' });
            break;
          }
          // "Which size did you choose when you signed up?": the taking up asked first, as a
          // condition, "If you signed up, which size did you choose?".
          const lastWord = t.findLast((x) => x.pos !== 'PUNCT');
          if (
            whenYou &&
            head.i > firstWord(t) + 2 &&
            t[head.i + 2]?.lower !== t[head.i + 2]?.lemma &&
            lastWord &&
            !t.some((x) => x.i > head.i && x.i < lastWord.i && x.pos === 'PUNCT')
          ) {
            const opener = t[firstWord(t)]!;
            const clause = text.slice(t[head.i + 1]!.start, lastWord.end);
            edits.push({
              start: opener.start,
              end: opener.end,
              text: `If ${clause}, ${lowerFirst(opener.text)}`,
            });
            edits.push({ start: t[head.i - 1]!.end, end: lastWord.end, text: '' });
            break;
          }
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
    if (praised || praiseOnly(t, own)) return fallback(text, 'How would you rate');
  }
  let out = applyEdits(
    text,
    edits.filter((e) => !needless(e, edits, sentences)),
  );
  const pronoun = /\b(it|them)\b/.exec(out);
  if (
    pronounTarget &&
    pronoun &&
    /^(?:(?:our|this|these|the|your) |\p{Lu})/u.test(pronounTarget) &&
    // "Are you one of them?" asks about people, whatever the statement named.
    !standsForPeople(out.slice(0, pronoun.index), pronoun[1]!)
  )
    out =
      out.slice(0, pronoun.index) + pronounTarget + out.slice(pronoun.index + pronoun[0].length);
  // "Would you try it too?": with the crowd gone, "too" presumes others did.
  if (droppedCrowd) out = out.replace(/,?\s+(?:too|as well)(?=\s*[?.!]|$)/i, '');
  return out;
}

/** A choice whose every answer is praise ("…a gem or a must-see?"): no answer is left to keep. */
export function praiseOnly(t: readonly Token[], hits: readonly Hit[]): boolean {
  return hits.some((h) => h.kind === 'loaded-choice' && allPraise(t.filter((x) => inside(x, h))));
}

/** The question asked plainly about its topic, when it cannot be reworded in place. */
export function fallback(text: string, ask = 'What do you think of'): string {
  // A statement's crowd is not the topic: "Millions of households have switched to refills."
  const statement = analyse(text).find(
    (s) => !isQuestion(s) && detect([s]).some((h) => h.kind === 'social-proof'),
  );
  const topic = (statement && objectOf(statement)) ?? topicOf(text);
  return topic ? `${ask} ${topic}?` : 'What do you think about this?';
}
