// A loaded either-or
import {
  benefitVerbs,
  choiceFrameWords,
  preferenceVerbs,
  transactionVerbs,
  describingVerbs,
} from '../lexicon/claims';
import { faultParticles, faultVerbs } from '../lexicon/phrasal';
import { scaleWords, valence } from '../lexicon/valence';
import { likingVerbs } from '../lexicon/experience';
import { auxiliaries, whWords, choiceLinks } from '../lexicon/question-words';
import { abandonVerbs, makingDoVerbs, threatWords } from '../lexicon/feelings';
import {
  aimlessVerbs,
  chanceIdiomPattern,
  consequenceVerbs,
  damageAdjectives,
  damageLemmas,
  fumblingVerbs,
  hazardNouns,
} from '../lexicon/harm';
import { amountDegrees, beatingVerbs, equallingVerbs } from '../lexicon/comparison';
import { labelLean } from '../options';
import type { KindRule } from './kind';
import type { Sentence, Token } from '../text';
import { praisingCompounds } from '../lexicon/qualities';
import {
  type Hit,
  MODALS,
  NEGATION,
  OFFER_DETERMINERS,
  isQuestion,
  sideToSideList,
  span,
} from './tokens';
import { buyingMoreWords } from '../lexicon/presumed';

/** Particles that turn a `consequenceVerbs` verb into meeting a consequence: "end up", "find out", "deal with". */
const CONSEQUENCE_PARTICLES: Record<string, string[]> = {
  end: ['up'],
  find: ['out'],
  deal: ['with'],
  cope: ['with'],
  live: ['with'],
};

/** Words that make "any" a scarcity: "hardly any", "barely any". */
const SCARCELY = new Set(['hardly', 'barely', 'scarcely']);

/** Whether a word is a form of a verb in the class ("fumbling" of "fumble"), whatever it is tagged as. */
function formOf(word: Token, verbs: ReadonlySet<string>): boolean {
  if (verbs.has(word.lemma) || verbs.has(word.lower)) return true;
  const stem = word.lower.replace(/(?:ing|ed|es|s)$/, '');
  return stem !== word.lower && (verbs.has(stem) || verbs.has(`${stem}e`));
}

/** A word of damage, dirt, hazard or fumbling effort (see `lexicon/harm.ts`). */
function harmful(t: Token[], k: number): boolean {
  const x = t[k]!;
  if (damageAdjectives.has(x.lower)) return true;
  if (damageLemmas.has(x.lemma) && (x.pos === 'VERB' || x.pos === 'ADJ')) return true;
  if ((hazardNouns.has(x.lower) || hazardNouns.has(x.lemma)) && x.pos === 'NOUN') return true;
  if (formOf(x, fumblingVerbs) && x.pos !== 'ADJ') return true;
  return formOf(x, aimlessVerbs) && ['around', 'about'].includes(t[k + 1]?.lower ?? '');
}

/** A harm put as a possibility: "could leak", "might break". */
const possibleHarm = (t: Token[], k: number, to: number) =>
  ['could', 'might', 'may', 'will', "'ll"].includes(t[k]!.lower) &&
  t.slice(k + 1, Math.min(to + 1, k + 3)).some((y) => harmful(t, y.i));

/** A verb that meets what follows it as a consequence: "face…", "risk…", "end up…", "leave you with…". */
function meetsConsequence(t: Token[], k: number): boolean {
  const x = t[k]!;
  if (x.pos !== 'VERB' && x.pos !== 'NOUN') return false;
  if (abandonVerbs.has(x.lemma) && t[k + 1]?.pos === 'PRON' && t[k + 2]?.lower === 'with')
    return true;
  if (!consequenceVerbs.has(x.lemma)) return false;
  const particles = CONSEQUENCE_PARTICLES[x.lemma];
  return particles === undefined || particles.includes(t[k + 1]?.lower ?? '');
}

/**
 * Options listed with commas before the "or" ("a, b or c"): a menu, not an
 * either-or. A comma after an adjective only joins two adjectives.
 */
function listed(t: Token[], left: number, or: number): boolean {
  // A comma right before the "or" only pauses: "…in our heated kennels, or leave her…".
  // Nor does one that ends an opening clause: "When booking a cleaner, would you…".
  return t
    .slice(left, or - 1)
    .some(
      (y) =>
        y.text === ',' &&
        y.i < or - 1 &&
        or - y.i <= 8 &&
        t[y.i - 1]?.pos !== 'ADJ' &&
        !(
          auxiliaries.has(t[y.i + 1]?.lower ?? '') &&
          t[y.i + 2]?.lower === 'you' &&
          t[y.i - 1]?.lower !== 'any'
        ),
    );
}

function sideValence(t: Token[], from: number, to: number) {
  let up = 0;
  let down = 0;
  let ours = false;
  let described = false;
  let threat = false;
  let consequence = false;
  for (let k = from; k <= to; k += 1) {
    const x = t[k]!;
    // A harm or loss of the threat class, or a consequence left to others
    // ("leave <someone> to <verb>…").
    if (threatWords.has(x.lower) || threatWords.has(x.lemma)) threat = true;
    if (
      abandonVerbs.has(x.lemma) &&
      x.pos === 'VERB' &&
      t[k + 1] !== undefined &&
      !['it', 'us', 'me', 'them', 'that', 'this'].includes(t[k + 1]!.lower) &&
      // "leave her shivering…": the -ing word is a verb whatever it is tagged as.
      t.slice(k + 2, Math.min(to + 1, k + 5)).some((y) => y.pos === 'VERB' || /ing$/.test(y.lower))
    )
      threat = true;
    // The offer's own words, or its name: "our classes", "Harbour Yoga".
    if (['our', 'us', 'we'].includes(x.lower) || x.pos === 'PROPN') ours = true;
    if (meetsConsequence(t, k) || possibleHarm(t, k, to)) consequence = true;
    // A scale word describing a noun ("a bad back") rates it; alone it only names a scale.
    const attributive = t[k - 1]?.pos === 'DET' && !['or', 'and'].includes(t[k + 1]?.lower ?? '');
    if ((scaleWords.has(x.lower) && !attributive) || choiceFrameWords.has(x.lower)) continue;
    // "breaks down", "falls apart", "lets you down", "wears out": a fault, in a phrase.
    const phrasal =
      faultVerbs.has(x.lemma) &&
      t.slice(k + 1, Math.min(to + 1, k + 3)).some((y) => faultParticles.has(y.lower));
    // "settle for…", "put up with…": the side is made do with.
    const makingDo = makingDoVerbs.get(x.lemma) === t[k + 1]?.lower;
    // "…or end up with hardly any spares?": a loss put as a scarcity.
    const scarce = consequence && SCARCELY.has(x.lower) && t[k + 1]?.lower === 'any';
    const rated =
      phrasal || makingDo || scarce
        ? -2
        : x.pos === 'PRON' || x.pos === 'DET' || transactionVerbs.has(x.lemma)
          ? 0
          : valence(x.lower) || valence(x.lemma);
    const v = harmful(t, k) ? Math.min(rated, -2) : rated;
    if (x.pos === 'ADJ') described = true;
    if (v > 0) up += v;
    if (v < 0) down += v;
  }
  // A harm met as a consequence ("face <illness>", "find out <it failed>"), or left to luck.
  if (consequence && down <= -2) threat = true;
  const text = t
    .slice(from, to + 1)
    .map((y) => y.text)
    .join(' ');
  if (chanceIdiomPattern.test(text)) threat = true;
  return { up, down, ours, described, threat };
}

/** An answer in the middle ("no difference", "about the same", "neither") balances the rest. */
const MIDDLE = /\b(?:difference|same|neither|unsure|sure|mixed|neutral)\b/i;
/** "less relaxed", "fewer visits": the rating turned round. */
const LESS = /\b(?:less|fewer)\b/i;

/** Parts of speech no answer option before the "or" holds ("truly fun" may be read as a verb). */
const STOPS = new Set(['AUX', 'PRON', 'SCONJ']);

/** Words that may open an answer option offered after the question: "very", "the", "a", "quite". */
const OPTION_OPENERS = new Set(['ADJ', 'ADV', 'DET', 'NUM']);

/**
 * Answers offered at the end of the question ("…: a, b or c?", "Was it a, b or
 * c?") that all lean the same way, so no answer is left for the other side:
 * "good, very good or excellent". Three options at least; each must be rated
 * (`labelLean`, AFINN and the praise and disparagement classes). Gives the
 * options, where they start and end, and whether a colon sets them off.
 */
export function oneSidedList(
  s: Sentence,
): { first: Token; last: Token; options: string[]; colon: boolean } | undefined {
  const t = s.tokens;
  const end = t.at(-1)?.text === '?' ? t.length - 2 : t.length - 1;
  const or = t.findLastIndex((y) => y.lower === 'or');
  if (or < 3 || or >= end) return undefined;
  // The options run back from the "or" over commas, to a colon or to where a rated phrase begins.
  const cuts = [or];
  // Back over short options only: an auxiliary, a pronoun or a colon ends the list.
  for (let k = or - 1; k > 0 && t[k]!.text !== ':' && !STOPS.has(t[k]!.pos); k -= 1)
    if (t[k]!.text === ',') cuts.unshift(k);
  if (cuts.length < 2) return undefined;
  let first = cuts[0]! - 1;
  while (first > 0 && t[first - 1]!.text !== ':' && OPTION_OPENERS.has(t[first - 1]!.pos))
    first -= 1;
  if (first >= cuts[0]!) return undefined;
  const bounds = [first - 1, ...cuts, end + 1];
  // ", or" leaves nothing between the comma and the "or".
  const options = bounds
    .slice(1)
    .map((to, k) =>
      t
        .slice(bounds[k]! + 1, to)
        .filter((y) => y.lower !== 'or')
        .map((y) => y.text)
        .join(' '),
    )
    .filter((option) => option !== '');
  if (options.length < 3) return undefined;
  const found = { first: t[first]!, last: t[end]!, options, colon: t[first - 1]?.text === ':' };
  // "likely, very likely or extremely likely": one word only graded up, its opposite never offered.
  // "fast, very fast or faster than expected": the comparative graded up from the same word.
  const words = options.map((option) =>
    option
      .replace(/\s+than\b.*$/i, '')
      .split(' ')
      .at(-1)!
      .toLowerCase(),
  );
  const heads = words.map((word) =>
    /er$/.test(word) && words.includes(word.slice(0, -2)) ? word.slice(0, -2) : word,
  );
  if (
    heads.every((head) => head === heads[0]) &&
    !NEGATION.has(t[first - 1]?.lower ?? '') &&
    !options.some((option) => /\b(?:not|no|less|least)\b/i.test(option))
  )
    return found;
  // "a little, a lot or enormously": amounts only, and none of them nothing.
  if (options.every((option) => amountDegrees.test(option))) return found;
  const leans = options.map((option) =>
    MIDDLE.test(option) ? 0 : LESS.test(option) ? -labelLean(option) : labelLean(option),
  );
  const oneWay = leans.every((lean) => lean > 0) || leans.every((lean) => lean < 0);
  return oneWay ? found : undefined;
}

function loadedChoice(s: Sentence): Hit[] {
  const t = s.tokens;
  const list = oneSidedList(s);
  if (list) return [span('loaded-choice', list.first, list.last)];
  const hits: Hit[] = [];
  for (let i = 1; i < t.length - 1; i += 1) {
    const x = t[i]!;
    const phrase = x.lower === 'rather' && t[i + 1]?.lower === 'than';
    const instead = x.lower === 'instead' && t[i + 1]?.lower === 'of';
    const compared =
      (x.lower === 'compared' || x.lower === 'comparison') &&
      ['to', 'with'].includes(t[i + 1]?.lower ?? '');
    if (!choiceLinks.has(x.lower) && !phrase && !instead && !compared) continue;
    if (x.lower === 'over' && !t.some((y) => preferenceVerbs.has(y.lemma))) continue;
    // A balanced scale ("satisfied or dissatisfied", "easy or difficult") is no choice.
    const before = t[i - 1]!;
    const after = t[i + 1]!;
    if (x.lower === 'or' && before.pos === after.pos && ['ADJ', 'ADV', 'VERB'].includes(before.pos))
      continue;
    // "How easy or complicated was…": the two ends of a scale asked along.
    if (x.lower === 'or' && t[i - 2]?.lower === 'how' && before.pos === 'ADJ') continue;
    // "…very good, good, fair, poor or very poor?": every answer offered.
    const list = x.lower === 'or' ? sideToSideList(t, (y) => valence(y.lower)) : undefined;
    if (list && list.first < i && i < list.last) continue;
    if (x.lower === 'or' && after.lower === 'not') continue;
    // "…, or is there no real difference?": the middle offered, the scale balanced.
    if (x.lower === 'or' && MIDDLE.test(s.text.slice(after.start - s.start))) continue;
    let left = i - 1;
    while (
      left > 0 &&
      ![':', ';', '?'].includes(t[left - 1]!.text) &&
      !(t[left - 1]!.text === ',' && whWords.has(t[left]?.lower ?? ''))
    )
      left -= 1;
    if (x.lower === 'or' && listed(t, left, i)) continue;
    let right = i + 1;
    while (right < t.length - 1 && !['?', '.', ':', ';'].includes(t[right + 1]!.text)) right += 1;
    const l = sideValence(t, left, i - 1);
    const r = sideValence(t, phrase || instead || compared ? i + 2 : i + 1, right);
    const loaded =
      (l.down <= -2 && (r.up >= 2 || r.ours)) ||
      (r.down <= -2 && (l.up >= 2 || l.ours)) ||
      (l.down <= -1 && r.ours && !r.down) ||
      (r.down <= -1 && l.ours && !l.down) ||
      (l.up >= 3 && r.down <= -1) ||
      (r.up >= 3 && l.down <= -1) ||
      // "a reliable car or a cheap one that breaks down": one side run down, the other not.
      (x.lower === 'or' && r.down <= -2 && l.down === 0 && l.described) ||
      (x.lower === 'or' && l.down <= -2 && r.down === 0 && r.described) ||
      // "…now, or risk <harm>…": one side frightening, the other a plain act.
      (x.lower === 'or' && r.threat && !l.threat && l.down > -2) ||
      (x.lower === 'or' && l.threat && !r.threat && r.down > -2);
    if (loaded) {
      hits.push(span('loaded-choice', t[left]!, t[right]!));
      break;
    }
  }
  return hits;
}

/**
 * Two grades of praise offered as the only answers about the offer: "Is our
 * room <comfortable> or very <comfortable>?", "…are <exciting> or
 * <thrilling>?". Each answer says yes; no answer is left for the other side.
 */
function praisedPair(s: Sentence): Hit[] {
  const t = s.tokens;
  // A grade, or a rated -ing form read as a noun ("thrilling").
  const graded = (y: Token) =>
    ['ADJ', 'ADV'].includes(y.pos) || (/ing$/.test(y.lower) && valence(y.lower) > 0);
  const or = t.findLastIndex((y) => y.lower === 'or');
  if (or < 2) return [];
  const option = (from: number, step: 1 | -1) => {
    let k = from;
    const words: Token[] = [];
    while (t[k] && graded(t[k]!) && words.length < 3) {
      words.push(t[k]!);
      k += step;
    }
    return { words, edge: k - step };
  };
  const left = option(or - 1, -1);
  const right = option(or + 1, 1);
  if (left.words.length === 0 || right.words.length === 0) return [];
  const a = left.words[0]!;
  const b = right.words.at(-1)!;
  // One grade offered plain and intensified ("useful or very useful") leaves out "not useful".
  // Not the last two of a longer list of answers ("…, a bit high or far too high"), nor an excess.
  const same =
    a.lemma === b.lemma &&
    right.words.length > 1 &&
    !right.words.some((y) => y.lower === 'too') &&
    !t.slice(0, or).some((y) => y.text === ',');
  if (!same && [a, b].some((y) => y.pos === 'ADV')) return [];
  // Said of the offer: "…our <offer> is/are <a> or <b>"; one grade offered twice, of anything.
  const be = t[left.edge - 1];
  const ours = same || t.slice(0, left.edge).some((y) => y.lower === 'our');
  if (!ours || (be?.lemma !== 'be' && be?.pos !== 'NOUN')) return [];
  if (same ? valence(a.lower) < 0 : !(valence(a.lower) > 0 && valence(b.lower) > 0)) return [];
  if (t.slice(or + 1).some((y) => NEGATION.has(y.lower) || y.lower === 'less')) return [];
  return [span('loaded-choice', t[left.edge]!, t[right.edge]!)];
}

/** Words that lead an option without grading it: "…or just a great convenience?", "…or even better?". */
const OPTION_HEDGES = new Set(['just', 'even', 'merely', 'simply', 'only', 'really', 'rather']);
const ARTICLES = new Set(['a', 'an', 'the']);

/** How strongly a word praises: its rating, or that of marketing's compounds ("must-visit"). */
export const praiseOf = (y: Token) =>
  Math.max(
    valence(y.lower),
    y.pos === 'ADJ' ? valence(y.lemma) : 0,
    praisingCompounds.test(y.lower) ? 3 : 0,
  );

/**
 * Whether the words of a choice are all praise: two praised at least, none
 * running down (a mild word before a praised name leaves it praise: "a
 * hidden gem").
 */
export function allPraise(words: readonly Token[]): boolean {
  return (
    words.filter((x) => praiseOf(x) > 0).length >= 2 &&
    words.every((x, k) => valence(x.lower) >= 0 || praiseOf(words[k + 1] ?? x) > 0)
  );
}

/**
 * Two answers about the offer, each praise, offered as the whole choice:
 * "Which word fits our photos better: <impressive> or <stunning>?", "Would
 * you describe our shop as a <hidden gem> or a <must-visit>?", "Is our
 * service a <lifesaver> or just a <great convenience>?". Every answer says
 * yes.
 */
function praisedOptions(s: Sentence): Hit[] {
  const t = s.tokens;
  const or = t.findLastIndex((y) => y.lower === 'or');
  if (!isQuestion(s) || or < 2) return [];
  if (t.slice(or + 1).some((y) => NEGATION.has(y.lower) || y.lower === 'less')) return [];
  // (A grade may be read as a verb: "…was fun or…".)
  const word = (y: Token | undefined) =>
    y !== undefined &&
    (['ADJ', 'NOUN', 'ADV'].includes(y.pos) ||
      y.text.includes('-') ||
      (y.pos === 'VERB' && y.lower === y.lemma && valence(y.lower) > 0)) &&
    !OPTION_HEDGES.has(y.lower);
  const leads = (y: Token | undefined) =>
    y !== undefined && (OPTION_HEDGES.has(y.lower) || ARTICLES.has(y.lower));
  let r = or + 1;
  while (leads(t[r])) r += 1;
  const rightFrom = r;
  while (word(t[r])) r += 1;
  if (r === rightFrom || r - rightFrom > 3 || t[r]?.text !== '?') return [];
  const ours = (until: number) => t.slice(0, until).some((y) => OFFER_DETERMINERS.has(y.lower));
  // "Is our <offer> as good as <the other>, or even better?": level with the other or above it.
  const above =
    t[or + 1]?.lower === 'even' && Math.max(...t.slice(rightFrom, r).map(praiseOf)) >= 2;
  const level = t.findIndex(
    (y, i) => i < or && y.lower === 'as' && praiseOf(t[i + 1]!) >= 2 && t[i + 2]?.lower === 'as',
  );
  if (above && level > 0 && ours(level)) return [span('loaded-choice', t[level]!, t[r - 1]!)];
  // (A comma may close the first answer: "…a treasure, or merely very nice?".)
  const end = t[or - 1]?.text === ',' ? or - 1 : or;
  let l = end - 1;
  while (l > end - 4 && word(t[l])) l -= 1;
  if (l === end - 1) return [];
  // "Would you call our <offer> <a> or <b>?": the answers as the verdict on it.
  const judged = t.slice(0, l).some((y) => describingVerbs.has(y.lemma) && y.pos === 'VERB');
  // (The thing judged ends on its noun: "…call your spa day <a> or <b>?", "Was your visit <a>…".)
  const named =
    judged || t[0]?.lemma === 'be'
      ? t.slice(l + 1, end - 1).findLast((y) => y.pos === 'NOUN')
      : undefined;
  if (named) l = named.i;
  const options = [t.slice(l + 1, end), t.slice(rightFrom, r)];
  while (leads(t[l])) l -= 1;
  // Put as what the offer is called or is: "…: <a> or <b>?", "…as <a> or <b>?", "Is our <offer> <a> or <b>?".
  const lead = t[l];
  // "Was your class with us <a> or <b>?", "…our workshop was <a> or <b>?": said of the offer.
  const led =
    lead !== undefined &&
    (lead.text === ':' ||
      lead.lower === 'as' ||
      lead.lower === 'us' ||
      lead.lemma === 'be' ||
      (lead.pos === 'NOUN' && (t[0]?.lemma === 'be' || judged)));
  // Of the offer, or a verdict asked of anything ("Would you call your evening <a> or <b>?").
  // (Or of the person's own occasion, asked as a yes or no: "Was your consultation <a> or <b>?")
  const ownAsked = t[0]?.lemma === 'be' && t[1]?.lower === 'your';
  if (!(ours(l + 1) || judged || ownAsked) || !led) return [];
  const praised = options.every(
    (words) => Math.max(...words.map(praiseOf)) >= 2 && words.every((y) => valence(y.lower) > -2),
  );
  return praised ? [span('loaded-choice', t[l + 1]!, t[r - 1]!)] : [];
}

/**
 * "Which best sums up our team: friendly, skilled or both?", "Would you join
 * us for the fitness, the friendships, or both?": every answer something good
 * about ours, and "both" in place of "neither".
 */
function goodOrBoth(s: Sentence): Hit[] {
  const t = s.tokens;
  const both = t.length - 2;
  if (!isQuestion(s) || t[both]?.lower !== 'both' || t[both - 1]?.lower !== 'or') return [];
  // The list follows a colon, "for", or its verb: "Did you value our soups, our service, or both?"
  const comma = t.findIndex((y, i) => i < both && y.text === ',');
  const verb = t.slice(0, Math.max(0, comma)).findLast((y) => y.pos === 'VERB');
  const marked = t.findLastIndex((y, i) => i < both && (y.text === ':' || y.lower === 'for'));
  const opens = marked >= 0 ? marked : (verb?.i ?? -1);
  if (opens < 0) return [];
  // A verb of liking or benefit presumes the good ("Has the course improved…, or both?").
  const presumed =
    verb !== undefined && (likingVerbs.has(verb.lemma) || benefitVerbs.has(verb.lemma));
  if (!presumed && !t.some((y) => OFFER_DETERMINERS.has(y.lower))) return [];
  const options: Token[][] = [[]];
  for (const y of t.slice(opens + 1, both - 1))
    if (y.text === ',' || y.lower === 'or') options.push([]);
    else options.at(-1)!.push(y);
  const answers = options.filter((o) => o.length > 0);
  const good = (y: Token) => valence(y.lower) > 0 || valence(y.lemma) > 0;
  return answers.length >= 2 &&
    answers.every((o) => (presumed || o.some(good)) && !o.some((y) => valence(y.lower) < 0))
    ? [span('loaded-choice', t[opens + 1]!, t[both]!)]
    : [];
}

/** Answers of nothing: "none, one or two", "nothing, a little or a lot". */
const NOTHING = new Set(['none', 'nothing', 'no']);

/** "Has our app helped you a little or a lot?": two amounts, and nothing not offered. */
function amountsOnly(s: Sentence): Hit[] {
  const t = s.tokens;
  const or = t.findLastIndex((y) => y.lower === 'or');
  if (!isQuestion(s) || or < 2 || t.at(-1)?.text !== '?') return [];
  const right = t.slice(or + 1, -1);
  if (right.length === 0 || right.length > 3) return [];
  // Nothing offered too ("not at all, a little or a lot") leaves every answer open.
  if (t.some((y) => NEGATION.has(y.lower) || NOTHING.has(y.lower))) return [];
  const words = (ys: readonly Token[]) => ys.map((y) => y.text).join(' ');
  for (let from = Math.max(0, or - 3); from < or; from += 1) {
    const left = t.slice(from, t[or - 1]?.text === ',' ? or - 1 : or);
    const listed = t[from - 1]?.text === ',';
    if (
      left.length > 0 &&
      !listed &&
      amountDegrees.test(words(left)) &&
      amountDegrees.test(words(right))
    )
      return [span('loaded-choice', t[from]!, right.at(-1)!)];
  }
  return [];
}

/** Zero, in figures or words. */
const ZERO = /^(?:0|zero)$/i;

/** A count: "12", or a number word as the tagger reads one ("three", "twelve"); never nothing. */
const isCount = (y: Token | undefined) =>
  y !== undefined && (y.pos === 'NUM' || /^\d+$/.test(y.text)) && !ZERO.test(y.text);

/**
 * "Would you order two, four or eight loaves a week?", "How many extra
 * nights would you add: one, two or three?": counts of what the person would
 * buy, three or more and none of them nothing, so every answer is a sale.
 */
export function countsOnly(s: Sentence): Hit[] {
  const t = s.tokens;
  const or = t.findLastIndex((y) => y.lower === 'or');
  if (!isQuestion(s) || or < 4 || !isCount(t[or + 1])) return [];
  // Back from the "or" over "n ," pairs: "two , four or eight".
  let first = t[or - 1]?.text === ',' ? or - 2 : or - 1;
  if (!isCount(t[first])) return [];
  let counts = 2;
  while (t[first - 1]?.text === ',' && isCount(t[first - 2])) {
    first -= 2;
    counts += 1;
  }
  const before = t[first - 2];
  if (t[first - 1]?.text === ',' && before && (NOTHING.has(before.lower) || ZERO.test(before.text)))
    return [];
  const asked = t.slice(0, first);
  const offer =
    asked.some((y) => MODALS.has(y.lower) || y.lower === 'will') &&
    asked.some((y) => buyingMoreWords.has(y.lemma) || buyingMoreWords.has(y.lower));
  return counts >= 3 && offer ? [span('loaded-choice', t[first]!, t[or + 1]!)] : [];
}

/** "Do our classes match a private tutor, or beat one?": level with the other, or above it. */
function levelOrAbove(s: Sentence): Hit[] {
  const t = s.tokens;
  // Ours, or the person's own occasion: "Did your haircut meet or exceed your hopes?"
  const about = t.some((y) => OFFER_DETERMINERS.has(y.lower) || y.lower === 'your');
  if (!isQuestion(s) || !about) return [];
  const level = t.find((y) => equallingVerbs.has(y.lemma));
  const or = level && t.findIndex((y, i) => i > level.i && y.lower === 'or');
  const above = or && t.slice(or + 1, or + 3).find((y) => beatingVerbs.has(y.lemma));
  return above ? [span('loaded-choice', level!, above)] : [];
}

export const loadedChoiceKind: KindRule = {
  kind: 'loaded-choice',
  detect: (s) => [
    ...loadedChoice(s),
    ...praisedPair(s),
    ...praisedOptions(s),
    ...goodOrBoth(s),
    ...amountsOnly(s),
    ...countsOnly(s),
    ...levelOrAbove(s),
  ],
  why: (p) =>
    `"${p}" tilts the choice: one side is praised or the other run down, or every answer offered leans the same way, so the answer is chosen for them.`,
};
