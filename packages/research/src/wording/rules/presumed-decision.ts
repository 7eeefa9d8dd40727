// Presupposition, continued: the decision to buy taken for granted after a
// push (the salesman's "assumptive close"), a next purchase taken for
// granted, and a change the person is presumed to have made.
import { everyAnswerPattern, whWords } from '../lexicon/question-words';
import { varietyWords } from '../lexicon/crowds';
import {
  bookingTimes,
  calendarWords,
  causeAskVerbs,
  choosingVerbs,
  holdingBackVerbs,
  joiningVerbs,
  occasionNouns,
  pastTimes,
  sizingVerbs,
  switchingVerbs,
  takingUpVerbs,
  visitTimes,
} from '../lexicon/presumed';
import { startingVerbs } from '../lexicon/claims';
import type { Sentence, Token } from '../text';
import {
  type Hit,
  OFFER_DETERMINERS,
  firstWord,
  hedged,
  isQuestion,
  pastForm,
  questionStart,
  span,
} from './tokens';

/** "would you like", "shall we", "will you", "you'll", "are you planning": the decision made, its details asked. */
function decidedFrame(t: readonly Token[], from: number): [Token, Token] | undefined {
  for (let i = from; i < t.length - 1; i += 1) {
    const [a, b, c] = [t[i]!, t[i + 1]!, t[i + 2]];
    // "…would you like us to sell next?" asks what we should do, not what the person will buy.
    if (a.lower === 'would' && b.lower === 'you' && c?.lemma === 'like')
      return t[i + 3]?.lower === 'us' ? undefined : [a, c];
    if (a.lower === 'shall' && b.lower === 'we') return [a, b];
    if ((a.lower === 'will' || a.lower === "'ll") && b.lower === 'you') return [a, b];
    // "How many boards will your group need…": the person's party, its booking settled.
    if (a.lower === 'will' && b.lower === 'your' && c?.pos === 'NOUN') return [a, c];
    if (a.lower === 'you' && b.lower === "'ll") return [a, b];
    if (
      a.lemma === 'be' &&
      b.lower === 'you' &&
      c?.pos === 'VERB' &&
      /ing$/.test(c.lower) &&
      !OPEN_MINDED.has(c.lemma)
    )
      return [a, c];
  }
  return undefined;
}

/** Verbs that leave a decision open: "are you thinking of…", "are you considering…". */
const OPEN_MINDED = new Set(['be', 'think', 'consider', 'hope', 'wonder', 'look']);

/** "When was yours last done?", "Which dates work for yours?": the premise's thing taken as the person's own. */
function yoursFrame(t: readonly Token[], from: number): [Token, Token] | undefined {
  const yours = t.slice(from).find((y) => y.lower === 'yours');
  if (!yours || t.some((y) => OPEN_MINDED.has(y.lemma) && y.pos === 'VERB' && y.lemma !== 'be'))
    return undefined;
  return [yours, yours];
}

/**
 * After a premise that pushes ("Join the 12,000 families who camp with us.",
 * "Serious collectors plan ahead."), a wh-question that asks only the
 * details of a decision not yet made: "Which weekend shall we hold for
 * you?", "How many sessions would you like to book?", "What's the first one
 * you'll buy?", or that takes the premise's thing as the person's own
 * ("When was yours last serviced?"). An "if", an "or" or a hedge ("if any") leaves the decision
 * open; a question alone, with no premise, is a plain offer.
 */
export function presumedDecision(s: Sentence, sentences: readonly Sentence[]): Hit[] {
  if (sentences.length < 2 || sentences.at(-1) !== s) return [];
  if (sentences.some((x) => x.tokens.some((y) => y.lower === 'if'))) return [];
  const opener = openAsk(s);
  const t = s.tokens;
  if (!opener || t.some((y) => y.lower === 'or')) return [];
  // "Everyone has different reasons. What are yours?": the premise names variety, not a thing owned.
  const variety = sentences.some((x) => x.tokens.some((y) => varietyWords.has(y.lower)));
  const frame =
    decidedFrame(t, opener.i + 1) ?? (variety ? undefined : yoursFrame(t, opener.i + 1));
  return frame ? [span('presupposition', opener, frame[1])] : [];
}

/** The wh-word opening a question that asks for details, unhedged and with no "if" ("Which…", not "Why…"). */
export function openAsk(s: Sentence): Token | undefined {
  if (!isQuestion(s) || hedged(s) || s.tokens.some((y) => y.lower === 'if')) return undefined;
  const opener = s.tokens[questionStart(s.tokens)];
  return opener && whWords.has(opener.lower) && opener.lower !== 'why' ? opener : undefined;
}

const YOU = new Set(['you', 'your', 'yours']);

/** "shall we", "should we", "should our team": the seller's next act, its details asked. */
function weAct(t: readonly Token[], from: number): Token | undefined {
  for (let i = from; i < t.length - 1; i += 1) {
    const [a, b, c] = [t[i]!, t[i + 1]!, t[i + 2]];
    // "Which engineer would you like us to book…?"
    if (a.lower === 'would' && b.lower === 'you' && c?.lemma === 'like' && t[i + 3]?.lower === 'us')
      return t[i + 3];
    if (!['shall', 'should'].includes(a.lower)) continue;
    if (b.lower === 'we') return b;
    if (b.lower === 'our' && c?.pos === 'NOUN') return c;
  }
  return undefined;
}

/** Grades a slot is weighed by: "Would Monday or Friday be better for…", "…be easier for…". */
const SUITING_GRADES = new Set(['good', 'better', 'best', 'easy', 'convenient']);

/** Ordinal words: "first", "fifteenth", "twenty-first". */
const ORDINAL_WORD =
  /^(?:(?:twenty|thirty)-)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|(?:thir|four|fif|six|seven|eigh|nine)teenth|twentieth|thirtieth)$/;

/** Words that close off a question's time: "sooner", "earlier", "before now". */
const SOONER = new Set(['sooner', 'earlier', 'before']);

/**
 * A question with no "if" or hedge that asks only the details of what we
 * shall do for the person ("Which date shall we pencil in for you?"), or
 * takes a next purchase for granted
 * ("When would you like to book your next lesson?", "Which month shall we
 * put your next service in for?") or a change the person is presumed to have
 * made ("What stopped you from switching sooner?").
 */
export function presumedNext(s: Sentence): Hit[] {
  const opener = openAsk(s);
  if (!opener || everyAnswerPattern.test(s.text)) return [];
  const t = s.tokens;
  const qs = opener.i;
  // "Which date shall we pencil in for you?", "Which day should our team come back to your house?"
  const ours = weAct(t, qs + 1);
  // "…for you", "…to your house", "When would you like us to come?" (the act's time asked), or
  // "Which would you like us to bring on Friday: …?" (the day set, only the thing asked).
  const timed =
    opener.lower === 'when' ||
    (opener.lower === 'which' && t.some((y) => calendarWords.has(y.lower)));
  if (ours && (t.slice(ours.i + 1).some((y) => YOU.has(y.lower)) || timed))
    return [span('presupposition', opener, ours)];
  if (t.some((y) => y.lower === 'or')) return [];
  // "Which day would suit a visit from our technician?": the visit's date asked, the visit presumed.
  const suits = t.findIndex((y, i) => i > qs && ['suit', 'work'].includes(y.lemma));
  if (
    suits > qs &&
    visitTimes.has(t[qs + 1]?.lemma ?? '') &&
    ['a', 'your', 'the'].includes(t[suits + 1]?.lower ?? '') &&
    t[suits + 2]?.pos === 'NOUN'
  )
    return [span('presupposition', opener, t[suits + 2]!)];
  // "your next lesson", "your car's next service"
  const next = t.findIndex(
    (y, i) =>
      y.lower === 'your' &&
      (t[i + 1]?.lower === 'next' ||
        (t[i + 1]?.pos === 'NOUN' && t[i + 2]?.lower === "'s" && t[i + 3]?.lower === 'next')),
  );
  const frame = decidedFrame(t, qs + 1);
  // "How soon would you like your assessment?", "When would you like your fitting?"
  const soon = opener.lower === 'when' || (opener.lower === 'how' && t[qs + 1]?.lower === 'soon');
  if (soon && frame && frame[1].lemma === 'like') {
    const yours = t.findIndex((y, i) => i > frame[1].i && y.lower === 'your');
    // "your fitting", "your finished hat", "your first box"
    const thing =
      yours > 0 ? t.slice(yours + 1, yours + 4).find((y) => y.pos === 'NOUN') : undefined;
    if (thing && t.slice(yours + 1, thing.i).every((y) => ['ADJ', 'VERB', 'NOUN'].includes(y.pos)))
      return [span('presupposition', opener, thing)];
  }
  if (next > qs && frame && t.slice(next + 2).some((y) => y.pos === 'NOUN'))
    return [span('presupposition', opener, t[next + 1]!)];
  // "What made you switch from your old printer to us?": a change to the business, presumed made.
  const change = t.find(
    (y, i) =>
      i > qs &&
      switchingVerbs.has(y.lemma) &&
      y.pos === 'VERB' &&
      t[i + 1]?.lower === 'from' &&
      t
        .slice(i + 2)
        .some(
          (z, k) =>
            z.lower === 'to' &&
            (OFFER_DETERMINERS.has(t[i + 3 + k]?.lower ?? '') || t[i + 3 + k]?.pos === 'PROPN'),
        ),
  );
  // "What made you switch (from caravans) to a narrowboat?": the switch itself presumed, only its cause asked.
  const madeYou =
    opener.lower === 'what' &&
    causeAskVerbs.has(t[qs + 1]?.lemma ?? '') &&
    t[qs + 2]?.lower === 'you'
      ? t.slice(qs + 3, qs + 5).find(
          (y) =>
            (switchingVerbs.has(y.lemma) && ['VERB', 'NOUN'].includes(y.pos)) ||
            // "What made you choose us…": the business chosen, presumed.
            (choosingVerbs.has(y.lemma) && t[y.i + 1]?.lower === 'us'),
        )
      : undefined;
  // "What is it about our X that made you book it?": the booking or purchase presumed, only its cause asked.
  const madeYouTake = t.find(
    (y, i) =>
      i > qs + 1 &&
      y.lower === 'made' &&
      t[i - 1]?.lower === 'that' &&
      t[i + 1]?.lower === 'you' &&
      (sizingVerbs.has(t[i + 2]?.lemma ?? '') || choosingVerbs.has(t[i + 2]?.lemma ?? '')) &&
      ['it', 'us', 'our', 'them', 'one'].includes(t[i + 3]?.lower ?? ''),
  );
  const taken = change ?? madeYou ?? (madeYouTake && t[madeYouTake.i + 2]);
  if (taken) return [span('presupposition', opener, taken)];
  const held = t.findIndex(
    (y, i) =>
      i > qs && holdingBackVerbs.has(y.lemma) && y.pos === 'VERB' && t[i + 1]?.lower === 'you',
  );
  const sooner = t.findIndex((y, i) => i > held && SOONER.has(y.lower));
  if (held > qs && sooner > held && t[sooner + 1]?.text === '?')
    return [span('presupposition', opener, t[sooner]!)];
  return [];
}

/**
 * A booking asked about as settled, with no "if" or hedge: its time
 * ("Which evening would you like to book for your team?", "Which week would
 * you like our crew to come?") or its size ("How many hampers will you need
 * for our show?", "How many vouchers would you like for Father's Day?").
 */
export function presumedBooking(s: Sentence): Hit[] {
  const opener = openAsk(s);
  if (!opener) return [];
  const t = s.tokens;
  const qs = opener.i;
  const frame = decidedFrame(t, qs + 2);
  if (!frame) return [];
  const when = ['which', 'what'].includes(opener.lower) && bookingTimes.has(t[qs + 1]?.lemma ?? '');
  // "…would you like (for…, delivered, to book)", not "…would you like to cook": a purchase, not a habit.
  const after = t[frame[1].i + 1];
  const taken = after?.lower === 'to' ? t[frame[1].i + 2] : after;
  // "How many matches will you play for us…": a commitment to us, only its size asked.
  const forUs =
    frame[0].lower === 'will' &&
    t.slice(frame[1].i + 1).some((y) => ['us', 'our'].includes(y.lower));
  const many =
    opener.lower === 'how' &&
    t[qs + 1]?.lower === 'many' &&
    (sizingVerbs.has(taken?.lemma ?? '') ||
      (frame[1].lemma === 'like' && after?.lower !== 'to') ||
      forUs);
  return when || many ? [span('presupposition', opener, frame[1])] : [];
}

/**
 * "Shall we fit your blinds on Tuesday or Friday?": the seller's next
 * act put as settled, with only its date or its size left to choose.
 */
export function presumedSlot(s: Sentence): Hit[] {
  const t = s.tokens;
  const first = firstWord(t);
  if (!isQuestion(s) || hedged(s)) return [];
  // "Would Tuesday or Thursday suit you for your fitting?", "…be better for your first class?",
  // "…suit your first visit?": the occasion presumed, only its day asked.
  const suits = t.find(
    (y) =>
      ['suit', 'work'].includes(y.lemma) ||
      (y.pos === 'ADJ' && SUITING_GRADES.has(y.lemma) && t[y.i - 1]?.lemma === 'be'),
  );
  // (The slots may be named in full: "Would the 10am or the 2pm slot suit…", "…the first or second week…".)
  const slots =
    suits !== undefined &&
    t.slice(first + 1, suits.i).some((y) => y.lower === 'or') &&
    t
      .slice(first + 1, suits.i)
      .some(
        (y) =>
          calendarWords.has(y.lower) ||
          /^\d{1,2}(?:[:.]\d\d)?(?:am|pm)$/.test(y.lower) ||
          ORDINAL_WORD.test(y.lower),
      );
  if (
    t[first]?.lower === 'would' &&
    (calendarWords.has(t[first + 1]?.lower ?? '') || slots) &&
    suits &&
    t.slice(suits.i).some(
      (y, k) =>
        y.lower === 'your' &&
        (t[suits.i + k - 1]?.lower === 'for' ||
          // "…suit your first visit?", not "…suit your family?"
          (k === 1 &&
            t
              .slice(y.i + 1, y.i + 4)
              .some((z) => occasionNouns.has(z.lemma) || occasionNouns.has(z.lower)))),
    )
  )
    return [span('presupposition', t[first]!, suits)];
  // "Shall we…", or "Would you like your <thing>…" with only its day left to choose.
  // ("Shall our fitter come…": one of ours acting.)
  const shallWe =
    t[first]?.lower === 'shall' &&
    (t[first + 1]?.lower === 'we' ||
      (t[first + 1]?.lower === 'our' && t[first + 2]?.pos === 'NOUN'));
  // "Would you like your sofa…", "Would you like 20 or 40 balloons added to your party?"
  const wanted =
    t[first]?.lower === 'would' && t[first + 1]?.lower === 'you' && t[first + 2]?.lemma === 'like';
  const yoursWanted =
    wanted &&
    (t[first + 3]?.lower === 'your' ||
      (t[first + 3]?.pos === 'NUM' && t[first + 4]?.lower === 'or'));
  // "Will you be playing on the Saturday or the Sunday of our…": taking part put as settled.
  const willTakePart =
    t[first]?.lower === 'will' &&
    t[first + 1]?.lower === 'you' &&
    t[first + 2]?.lower === 'be' &&
    /ing$/.test(t[first + 3]?.lower ?? '') &&
    t.some((y) => y.lower === 'our');
  if (!shallWe && !yoursWanted && !willTakePart) return [];
  const or = t.findIndex((y) => y.lower === 'or');
  if (or < 0 || !t.some((y) => YOU.has(y.lower))) return [];
  // A date, a number, a weekday or month, or an ordinal ("the fifteenth") in the second option.
  const slot = t.slice(or + 1, or + 8).find(
    (y) =>
      y.pos === 'NUM' ||
      calendarWords.has(y.lower) ||
      /^\d+(?:st|nd|rd|th)$/.test(y.lower) ||
      ORDINAL_WORD.test(y.lower) ||
      // "this month or next month", "this week or next?"
      (y.lower === 'next' &&
        (pastTimes.has(t[y.i + 1]?.lower ?? '') ||
          (t[y.i + 1]?.pos === 'PUNCT' && pastTimes.has(t[or - 1]?.lower ?? '')))),
  );
  return slot ? [span('presupposition', t[first]!, slot)] : [];
}

/** Verbs of taking up an offer, put as what the person will do: "When you join…", "When you book…". */
const TAKING_UP = new Set([
  ...takingUpVerbs,
  ...startingVerbs,
  'renew',
  'subscribe',
  'enrol',
  'upgrade',
]);

/**
 * "When you join the club next season, which month would suit you?": the
 * person's taking up one of ours put as settled, before a question about its
 * details. A habit with no offer named ("When you buy flowers, …") or an
 * "if" leaves it open.
 */
export function presumedTakeUp(s: Sentence): Hit[] {
  const t = s.tokens;
  const first = firstWord(t);
  const [when, you, verb, owner] = [t[first], t[first + 1], t[first + 2], t[first + 3]];
  if (!isQuestion(s) || hedged(s) || t.some((y) => y.lower === 'if')) return [];
  if (when?.lower !== 'when' || you?.lower !== 'you' || !verb || !owner) return [];
  // In the present, its base form: "When you join…", not "When you joined…" (an occasion past).
  if (verb.pos !== 'VERB' || verb.lower !== verb.lemma || !TAKING_UP.has(verb.lemma)) return [];
  if (!['the', 'our', 'your'].includes(owner.lower) || verb.lemma === 'use') return [];
  const comma = t.findIndex((y, i) => i > owner.i && y.text === ',');
  const ask = t[comma + 1];
  return comma > 0 && ask && (whWords.has(ask.lower) || ask.pos === 'AUX')
    ? [span('presupposition', when, t[comma - 1]!)]
    : [];
}

/**
 * "Which size did you choose when you signed up?", "When you booked our barn,
 * what did you…?": the person's taking up of one of ours, in the past, put
 * as settled inside a question about it. Joining needs no object; any
 * other taking up names ours ("our", "us", "in"). An "if" or a hedge
 * leaves it open.
 */
export function presumedJoined(s: Sentence): Hit[] {
  const t = s.tokens;
  if (!isQuestion(s) || hedged(s) || t.some((y) => y.lower === 'if')) return [];
  if (!whWords.has(t[questionStart(t)]?.lower ?? '') && t[firstWord(t)]?.lower !== 'when')
    return [];
  for (let k = 0; k < t.length - 2; k += 1) {
    const [when, you, verb] = [t[k]!, t[k + 1]!, t[k + 2]!];
    if (when.lower !== 'when' || you.lower !== 'you') continue;
    if (!pastForm(verb)) continue;
    const ours = t.slice(k + 3, k + 6).some((y) => ['our', 'us', 'in', 'here'].includes(y.lower));
    if (joiningVerbs.has(verb.lemma) || (TAKING_UP.has(verb.lemma) && ours))
      return [span('presupposition', when, verb)];
  }
  return [];
}
