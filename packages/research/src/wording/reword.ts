import { detect } from './detect';
import { firstWord, type Hit } from './rules/tokens';
import { analyse, type Sentence } from './text';
import { tidy } from './reword/edits';
import { topicOf } from './reword/topic';
import { rewriteOnce, fallback, praiseOnly } from './reword/rewrite';
import { deleteLoaded } from './reword/delete-loaded';
import { applyEdits, type Edit } from './reword/edits';
import { withObject, withReferents } from './reword/referents';
import { countsOnly, oneSidedList } from './rules/loaded-choice';
import { askedOfYou } from './reword/yourself';

function findings(text: string): Hit[] {
  return detect(analyse(text));
}

/**
 * Answers offered that all lean one way, asked with both sides instead: a
 * list after a colon goes ("How was the party: fun, great or amazing?" →
 * "How was the party?"); a list in the question keeps its first answer,
 * plainly, against its opposite ("Was it good, great or amazing?" → "Was it
 * good or not?").
 */
function balancedAnswers(text: string): string | undefined {
  const asked = analyse(text).at(-1);
  const list = asked && oneSidedList(asked);
  if (!list) return undefined;
  const before = text.slice(0, list.first.start).replace(/[\s,:]+$/, '');
  if (list.colon) return tidy(`${before}?`);
  const plain = list.options[0]!.replace(/^(?:very|really|quite|extremely|so)\s+/i, '');
  return tidy(`${before} ${plain} or not?`);
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

/** The question with only its loaded words taken out, everything else as written. */
function withoutLoadedWords(text: string): string {
  let current = text;
  for (let pass = 0; pass < 3; pass += 1) {
    const edits: Edit[] = [];
    const hits = findings(current);
    const sentences = analyse(current);
    for (const s of sentences) deleteLoaded(s, edits, hits, false);
    // A loaded word the lexicon does not rate, before what it describes: "our handcrafted bags".
    for (const hit of hits.filter((h) => h.kind === 'loaded-words')) {
      const t = sentences.flatMap((s) => s.tokens);
      const inside = t.filter((x) => x.start >= hit.start && x.end <= hit.end);
      const next = t[t.indexOf(inside.at(-1)!) + 1];
      if (
        inside.length > 0 &&
        inside.every((x) => ['ADJ', 'ADV'].includes(x.pos) || x.text.includes('-')) &&
        next &&
        (['NOUN', 'PROPN', 'ADJ'].includes(next.pos) || next.text === ',')
      )
        edits.push({ start: hit.start, end: next.text === ',' ? next.end : hit.end, text: '' });
    }
    const next = tidy(applyEdits(current, edits));
    if (next === current) break;
    current = next;
  }
  return current;
}

/** A double question's second word dropped: "rent and review our bikes" → "rent our bikes". */
function firstHalf(text: string): string | undefined {
  const hit = findings(text).find((h) => h.kind === 'double-barrelled');
  if (!hit) return undefined;
  const t = analyse(text).flatMap((s) => s.tokens);
  const and = t.find((x) => x.lower === 'and' && x.start >= hit.start && x.end <= hit.end);
  const before = and && t[t.indexOf(and) - 1];
  const after = and && t[t.indexOf(and) + 1];
  if (!and || !before || !after || before.pos !== after.pos) return undefined;
  if (!['VERB', 'ADJ', 'NOUN', 'ADV'].includes(after.pos)) return undefined;
  return tidy(text.slice(0, and.start) + text.slice(after.end));
}

/**
 * A loaded either-or whose other side is a straw man, asked about its first
 * side alone: "Would you rather ride our sleek bikes or sit in traffic all
 * day?" → "Would you ride our bikes?"
 */
function firstSide(text: string): string | undefined {
  const hit = findings(text).find((h) => h.kind === 'loaded-choice');
  if (!hit) return undefined;
  const part = text.slice(hit.start, hit.end);
  const link = /,?\s+\b(?:or|instead of|rather than|over)\b/i.exec(part);
  if (!link) return undefined;
  const kept = text
    .slice(0, hit.start + link.index)
    .replace(/\b(would|could|do|will) you (?:rather|prefer to)\b/i, '$1 you')
    .replace(/\bwould you prefer\b/i, 'would you like');
  return withoutLoadedWords(tidy(kept));
}

/**
 * A booking put as settled with two slots to pick ("Shall we come Monday or
 * Friday?", "Would you like 20 or 40…?"): a hedge leaves both slots, and a
 * question about its topic drops the booking, so no rewording is made; the
 * person rewords it.
 */
function settledBooking(s: Sentence, kinds: ReadonlySet<string>): boolean {
  return (
    kinds.has('presupposition') &&
    kinds.has('loaded-choice') &&
    ['shall', 'would', 'which'].includes(s.tokens[firstWord(s.tokens)]?.lower ?? '')
  );
}

/** The plain ask of a verdict, by the verb the question asks it with. */
const VERDICT_ASKS: Record<string, string> = {
  describe: 'How would you describe',
  call: 'What would you call',
  rate: 'How would you rate',
};

/**
 * Neutral rewordings of a leading question, the likeliest first: the
 * leading words taken out in place (pass by pass), a loaded either-or asked
 * as a plain choice, and the plain question about its topic. Each comes
 * also with the pronouns of a dropped sentence put back as what they stood
 * for. None is vetted here: the gates choose among them.
 */
export function neutralCandidates(text: string): string[] {
  const sentences = analyse(text);
  const hits = detect(sentences);
  const kindsIn = (s: Sentence) =>
    new Set(hits.filter((h) => h.start >= s.start && h.end <= s.end).map((h) => h.kind));
  if (sentences.some((s) => settledBooking(s, kindsIn(s)))) return [];
  const out: string[] = [];
  const add = (candidate: string | undefined) => {
    if (!candidate) return;
    for (const c of [candidate, withReferents(text, candidate), withObject(text, candidate)]) {
      if (c && !out.includes(c)) out.push(c);
      // A superlative claim made plain: "is the best way to…" → "is a good way to…".
      const plain = c && c.replace(/\bthe (?:very )?best (?=[a-z])/gi, 'a good ');
      if (plain && plain !== c && !out.includes(plain)) out.push(tidy(plain));
    }
  };
  if (hits.some((h) => h.kind === 'identity-appeal')) add(askedOfYou(text));
  // "…: one, two or three?" of what the person would buy: nothing offered too ("none, one, two or three").
  const counts = sentences.flatMap(countsOnly)[0];
  if (counts) add(tidy(`${text.slice(0, counts.start)}none, ${text.slice(counts.start)}`));
  // "…: our price, our guarantee, or both?": the answer left out is offered ("…, both or neither?").
  if (hits.some((h) => h.kind === 'loaded-choice') && /,? or both\?$/.test(text))
    add(text.replace(/,? or both\?$/, ', both or neither?'));
  add(balancedAnswers(text));
  if (describedTwice(text)) add(choiceOf(text));
  const passes: string[] = [];
  let current = text;
  for (let pass = 0; pass < 4; pass += 1) {
    // The first pass reads the question as analysed above.
    const next = tidy(pass === 0 ? rewriteOnce(current, sentences, hits) : rewriteOnce(current));
    if (next === current || !next) break;
    current = next;
    passes.push(current);
    if (findings(current).length === 0) break;
  }
  for (const p of passes.reverse()) add(p);
  // Every answer praise: asked plainly, in the question's own verb of verdict where it has one
  // ("How would you describe…", "What would you call…"), never with one of the answers kept.
  const tokens = sentences.flatMap((s) => s.tokens);
  const onlyPraise = praiseOnly(tokens, hits);
  if (onlyPraise) {
    const verdict = tokens.find((x) => x.pos === 'VERB' && VERDICT_ASKS[x.lemma]);
    add(tidy(fallback(text, verdict ? VERDICT_ASKS[verdict.lemma] : 'How would you rate')));
  }
  add(withoutLoadedWords(text));
  if (!onlyPraise) {
    add(firstHalf(text));
    // A list of counts has no straw side to drop: cutting at its "or" only loses an answer.
    if (!counts) add(firstSide(text));
    add(choiceOf(text));
  }
  add(tidy(fallback(text)));
  return out;
}
