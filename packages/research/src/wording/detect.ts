import type { LeadingKind } from '@chorus/contracts';
import {
  adoptVerbs,
  authorityNouns,
  auxiliaries,
  benefitVerbs,
  binomials,
  characterAdjectives,
  endorseVerbs,
  groupNouns,
  hedgePattern,
  intensifiers,
  problemNouns,
  scaleWords,
  valence,
  valueVerbs,
  whWords,
  isStrongPraise,
} from './lexicon';
import type { Sentence, Token } from './text';

/** Where a kind of leading wording sits in the analysed text. */
export interface Hit {
  kind: LeadingKind;
  start: number;
  end: number;
}

const NEGATION = new Set(["n't", 'not', 'nt']);
const OFFER_DETERMINERS = new Set(['our', 'this', 'these', 'us', 'we']);
const MODALS = new Set(['would', 'could', 'might', 'should', "'d"]);
const OPENING_FILLERS = new Set([
  'so',
  'and',
  'but',
  'honestly',
  'ok',
  'okay',
  'well',
  'now',
  'then',
]);

const isWord = (t: Token | undefined) => t !== undefined && /[a-z0-9]/i.test(t.text);
const span = (kind: LeadingKind, from: Token, to: Token): Hit => ({
  kind,
  start: from.start,
  end: to.end,
});

/** The first real word of a clause (skipping "So,", "And", "Honestly,"). */
function firstWord(tokens: Token[], from = 0): number {
  let i = from;
  while (i < tokens.length && (!isWord(tokens[i]) || OPENING_FILLERS.has(tokens[i]!.lower))) {
    i += 1;
  }
  return i;
}

/** Where the question proper starts: after a leading clause ending in a comma, if any. */
function questionStart(tokens: Token[]): number {
  const first = firstWord(tokens);
  const opener = tokens[first];
  if (opener && (auxiliaries.has(opener.lower) || whWords.has(opener.lower))) return first;
  for (let i = first; i < tokens.length - 1; i += 1) {
    if ([',', ':', ';', '—', '–', '-'].includes(tokens[i]!.text)) {
      const next = firstWord(tokens, i + 1);
      const word = tokens[next];
      if (word && (auxiliaries.has(word.lower) || whWords.has(word.lower))) return next;
    }
  }
  return first;
}

/** A sentence that asks: it ends in "?" or opens like a question. */
function isQuestion(s: Sentence): boolean {
  if (s.tokens.at(-1)?.text === '?') return true;
  const first = s.tokens[firstWord(s.tokens)];
  return first !== undefined && (auxiliaries.has(first.lower) || whWords.has(first.lower));
}

const hedged = (s: Sentence) => hedgePattern.test(s.text);

/** Whether a word praises or runs down (its valence, and whether it can carry weight alone). */
const strongly = (t: Token, threshold: number) => {
  if (scaleWords.has(t.lower) || scaleWords.has(t.lemma)) return false;
  return Math.abs(valence(t.lower)) >= threshold || Math.abs(valence(t.lemma)) >= threshold;
};

// ---------------------------------------------------------------------------
// Agreement framing and negative interrogatives

const TAGS = new Set(['right', 'correct', 'yes', 'no', 'true', 'agreed', 'surely', 'yeah']);
const CERTAINTY = new Set([
  'surely',
  'obviously',
  'clearly',
  'undoubtedly',
  'naturally',
  'certainly',
]);

function agreement(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  const first = firstWord(t);
  const a = t[first];
  const b = t[first + 1];
  const c = t[first + 2];
  // "Isn't it…", "Don't you think…", "Wouldn't you say…", "Do you not agree…"
  const imperative = a?.lemma === 'do' && c?.pos === 'VERB';
  if (a && auxiliaries.has(a.lower) && b && NEGATION.has(b.lower) && c && !imperative) {
    hits.push(span('agreement-framing', a, c));
  } else if (
    a &&
    auxiliaries.has(a.lower) &&
    b?.pos === 'PRON' &&
    c &&
    NEGATION.has(c.lower) &&
    t[first + 3]?.pos === 'VERB'
  ) {
    hits.push(span('agreement-framing', a, t[first + 3]!));
  }
  // "Who wouldn't want…?", "What's not to love?"
  if (
    a &&
    (a.lower === 'who' || a.lower === 'what') &&
    t[first + 1] &&
    (auxiliaries.has(t[first + 1]!.lower) || t[first + 1]!.lemma === 'be') &&
    NEGATION.has(t[first + 2]?.lower ?? '')
  ) {
    hits.push(span('agreement-framing', a, t[first + 2]!));
  }
  // A tag at the end: "…, isn't it?", "…, right?", "…, don't you?"
  const last = t.at(-1)?.text === '?' || t.at(-1)?.text === '.' ? t.length - 2 : t.length - 1;
  for (let i = Math.max(1, last - 3); i <= last; i += 1) {
    if (t[i - 1]?.text !== ',' && t[i - 1]?.text !== '-' && t[i - 1]?.text !== '—') continue;
    const word = t[i]!;
    if (i === last && TAGS.has(word.lower)) {
      hits.push(span('agreement-framing', word, word));
    } else if (auxiliaries.has(word.lower) && NEGATION.has(t[i + 1]?.lower ?? '')) {
      hits.push(span('agreement-framing', word, t[Math.min(last, i + 2)]!));
    } else if (auxiliaries.has(word.lower) && t[i + 1]?.pos === 'PRON' && i + 1 === last && i > 2) {
      // "…, would you?" after a statement
      hits.push(span('agreement-framing', word, t[i + 1]!));
    }
  }
  // "Do you agree that…", "You'd agree…", "Can we agree…", without the other side.
  const disagree = t.some((x) => x.lemma === 'disagree' || x.lower === 'disagree');
  for (const x of t) {
    if (x.lemma !== 'agree' || disagree || hedged(s)) continue;
    const near = t.slice(Math.max(0, x.i - 4), x.i);
    if (near.some((y) => y.lower === 'you' || y.lower === 'we' || y.lower === "you'd")) {
      hits.push(span('agreement-framing', near[0]!, x));
    }
  }
  // "Surely…", "Obviously…", "Of course…", "Everyone knows…", "It's obvious that…"
  if (a && (CERTAINTY.has(a.lower) || (a.lower === 'of' && b?.lower === 'course'))) {
    hits.push(span('agreement-framing', a, a.lower === 'of' ? b! : a));
  }
  for (let i = 0; i < t.length - 2; i += 1) {
    const x = t[i]!;
    if (
      (x.lower === 'everyone' ||
        x.lower === 'everybody' ||
        (x.lower === 'we' && t[i + 1]?.lower === 'all')) &&
      t.slice(i + 1, i + 3).some((y) => y.lemma === 'know')
    ) {
      hits.push(span('agreement-framing', x, t[i + 2]!));
    }
    if (
      (x.lower === 'secret' && t[i - 1]?.lower === 'no') ||
      (x.lower === 'doubt' && t[i - 1]?.lower === 'no' && t[i + 1]?.lower === 'that') ||
      (x.lower === 'without' && t[i + 1]?.lower === 'saying') ||
      (x.lower === 'as' && t[i + 1]?.lower === 'we' && t[i + 2]?.lower === 'all')
    ) {
      hits.push(span('agreement-framing', t[i - 1] ?? x, t[i + 1] ?? x));
    }
    if (
      (x.lower === 'obvious' || x.lower === 'clear' || x.lower === 'fair') &&
      t[i - 1]?.lemma === 'be' &&
      (t[i + 1]?.lower === 'that' || (t[i + 1]?.lower === 'to' && t[i + 2]?.lower === 'say'))
    ) {
      hits.push(span('agreement-framing', t[i - 2] ?? x, t[i + 1]!));
    }
  }
  return hits;
}

// ---------------------------------------------------------------------------
// Social proof and consensus

const QUANTIFIERS = new Set([
  'most',
  'many',
  'all',
  'every',
  'thousands',
  'millions',
  'hundreds',
  'majority',
  'other',
  'others',
  'top',
  'leading',
  'countless',
  'numerous',
  'overwhelmingly',
  'more',
  'lots',
  'lot',
  'plenty',
  'loads',
  'scores',
  'tons',
  'dozens',
  'legions',
  'half',
  'quarter',
  'quarters',
  'third',
  'thirds',
  'nine',
]);

/** A superlative of popularity: "fastest-growing", "top-rated", "most trusted", "best-selling". */
const POPULAR_HEADS =
  /^(?:most|fastest|top|highest|best|widely|much)-?(?:growing|rated|selling|reviewed|loved|trusted|downloaded|used|recommended|popular|requested|booked|awarded)$/;
const POPULAR_TAILS = new Set([
  'growing',
  'rated',
  'selling',
  'reviewed',
  'loved',
  'trusted',
  'downloaded',
  'used',
  'recommended',
  'popular',
  'requested',
  'booked',
]);

/** Collective nouns a crowd is named through: "our community of guests". */
const COLLECTIVES = new Set([
  'community',
  'network',
  'circle',
  'club',
  'panel',
  'family',
  'army',
  'crowd',
]);

/** A plural noun ("Clients" read as a name at the start of a sentence included). */
function isPlural(t: Token): boolean {
  if (t.lower !== t.lemma) return true;
  // "Londoners", "Parisians", "New Yorkers": people by where they live.
  if (t.pos === 'PROPN' && /(?:er|ian|an)s$/.test(t.lower)) return true;
  if (!t.lower.endsWith('s') || t.lower.endsWith('ss')) return false;
  const singular = t.lower.endsWith('ies') ? `${t.lower.slice(0, -3)}y` : t.lower.slice(0, -1);
  return groupNouns.has(singular) || authorityNouns.has(singular);
}

/** People by what they do: "gardeners", "accountants", "librarians", "residents". */
const AGENT_SUFFIX = /(?:er|or|ist|ian|ant|ent|ee|ess|ive)s$/;

/** People as a plural, "people" and "folks" included. */
const PEOPLE_PLURALS = new Set(['people', 'folks', 'children', 'men', 'women', 'staff', 'crowds']);

/** Things counted rather than people: "thousands of dollars", "millions of hours". */
const COUNTED_THINGS = new Set([
  'dollar',
  'pound',
  'euro',
  'hour',
  'minute',
  'day',
  'week',
  'month',
  'year',
  'mile',
  'item',
  'product',
  'order',
  'page',
  'step',
  'point',
  'time',
  'meal',
  'serving',
  'unit',
]);

/**
 * A strong count of people before a plural noun: "9 out of 10 vets", "nine
 * in ten guests", "millions of viewers", "70% of marketers", "the majority of
 * households". With such a count any plural noun is a crowd.
 */
function countedCrowd(t: Token[], i: number): number {
  const x = t[i]!;
  if (x.pos !== 'NOUN' || (x.lower === x.lemma && !PEOPLE_PLURALS.has(x.lower))) return -1;
  if (COUNTED_THINGS.has(x.lemma)) return -1;
  // "two in three of your purchases": the person's own, not a crowd.
  if (t.slice(Math.max(0, i - 5), i).some((y) => y.lower === 'your')) return -1;
  const count = t
    .slice(Math.max(0, i - 5), i)
    .find(
      (y) =>
        [
          'millions',
          'thousands',
          'hundreds',
          'majority',
          'million',
          'thousand',
          '%',
          'percent',
        ].includes(y.lower) ||
        ((y.pos === 'NUM' || /^\d/.test(y.text)) &&
          (t[y.i + 1]?.lower === 'in' ||
            (t[y.i + 1]?.lower === 'out' && t[y.i + 2]?.lower === 'of'))),
    );
  return count ? count.i : -1;
}

/** A word after a crowd that acts as its verb ("Millions trust our app", with "trust" read as a noun). */
function actsAsVerb(t: Token[], k: number): boolean {
  const y = t[k];
  if (!y) return false;
  if (y.pos === 'VERB' || y.pos === 'AUX') return true;
  const next = t[k + 1];
  return (
    y.pos === 'NOUN' &&
    (endorseVerbs.has(y.lemma) ||
      adoptVerbs.has(y.lemma) ||
      ['rave', 'swear', 'buy', 'use', 'love', 'choose'].includes(y.lemma)) &&
    next !== undefined &&
    ['our', 'this', 'these', 'us', 'the', 'it', 'them', 'by', 'about', 'on'].includes(next.lower)
  );
}

function isGroup(t: Token | undefined): boolean {
  if (!t) return false;
  if (t.pos !== 'NOUN' && t.pos !== 'PROPN' && t.pos !== 'PRON') return false;
  if (groupNouns.has(t.lemma) || groupNouns.has(t.lower) || authorityNouns.has(t.lemma))
    return true;
  const singular = t.lower.endsWith('ies') ? `${t.lower.slice(0, -3)}y` : t.lower.replace(/s$/, '');
  if (t.pos === 'PROPN' && (groupNouns.has(singular) || authorityNouns.has(singular))) return true;
  if (t.pos === 'PROPN' && /(?:er|ian|an)s$/.test(t.lower) && /^\p{Lu}/u.test(t.text)) return true;
  return t.pos === 'NOUN' && t.lower !== t.lemma && AGENT_SUFFIX.test(t.lower);
}

/**
 * Idioms that say a crowd has already judged: "the talk of the town", "all the
 * rage", "flying off the shelves", "a household name", "gone viral".
 */
const CROWD_IDIOMS =
  /\b(?:the\s+talk\s+of\s+the\s+(?:town|city|country|industry|internet|office|school)|all\s+the\s+rage|a\s+household\s+name|crowd[- ]?(?:pleaser|favourite|favorite)|(?:a\s+)?cult\s+(?:following|favourite|favorite|classic)|(?:gone|going|went|goes)\s+viral|flying\s+off\s+the\s+shelves|selling\s+(?:out\s+)?fast|the\s+whole\s+(?:town|city|country|world|office|internet)\s+(?:is|are|has|loves|uses))\b/i;

/** Where a crowd idiom sits in the sentence, if it holds one. */
function crowdIdiom(s: Sentence): Hit | undefined {
  const found = CROWD_IDIOMS.exec(s.text);
  if (!found) return undefined;
  const start = s.start + found.index;
  return { kind: 'social-proof', start, end: start + found[0].length };
}

function socialProof(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  const idiom = crowdIdiom(s);
  if (idiom) hits.push(idiom);
  const question = isQuestion(s);
  const qStart = question ? questionStart(t) : t.length;
  const opener = t[firstWord(t)];
  for (let i = 0; i < t.length; i += 1) {
    const x = t[i]!;
    // The crowd: a quantity or quantifier before a group ("12,000 companies",
    // "most dentists", "nine out of ten students"), "everyone", or a bare
    // plural group doing something ("Doctors recommend…", "Your competitors are…").
    let from = -1;
    let to = -1;
    if (x.lower === 'everyone' || x.lower === 'everybody') {
      from = i;
      to = i;
    } else if (
      x.pos === 'NOUN' &&
      (isPlural(x) || PEOPLE_PLURALS.has(x.lower)) &&
      t[i + 1]?.lower === 'like' &&
      ['you', 'yourself', 'yours'].includes(t[i + 2]?.lower ?? '') &&
      actsAsVerb(t, i + 3)
    ) {
      // "People like you love our weekend breaks", "Teams like yours use…"
      from = i;
      to = i + 3;
    } else if (
      (isGroup(x) || countedCrowd(t, i) >= 0) &&
      (isPlural(x) ||
        PEOPLE_PLURALS.has(x.lower) ||
        ['every', 'each'].includes(t[i - 1]?.lower ?? '') ||
        ['every', 'each'].includes(t[i - 2]?.lower ?? ''))
    ) {
      let j = i - 1;
      while (
        j >= 0 &&
        ['ADJ', 'NOUN', 'PROPN', 'PUNCT'].includes(t[j]!.pos) &&
        t[j]!.text !== ',' &&
        i - j < 4
      )
        j -= 1;
      while (
        j >= 0 &&
        ['ADP', 'DET', 'PRON'].includes(t[j]!.pos) &&
        t[j]!.lower !== 'our' &&
        i - j < 6
      )
        j -= 1;
      const before = t[j];
      // A crowd, not a count: "most", "thousands", "12,000", "9 in 10" (not "three dinners").
      const quantifier = (y: Token) =>
        (QUANTIFIERS.has(y.lower) && y.lower !== 'nine') ||
        /^(?:top|best|high|leading)-(?:performing|rated|ranked|tier)$/.test(y.lower) ||
        (y.lower === 'number' &&
          ['growing', 'increasing', 'rising', 'huge', 'large', 'record'].includes(
            t[y.i - 1]?.lower ?? '',
          )) ||
        Number(y.text.replace(/,/g, '')) >= 50 ||
        ['million', 'millions', 'thousand', 'hundred', 'billion', 'percent', '%'].includes(
          y.lower,
        ) ||
        ((y.pos === 'NUM' || /^\d/.test(y.text)) &&
          (['in', 'of'].includes(t[y.i + 1]?.lower ?? '') || t[y.i + 1]?.text === '%'));
      const counted = countedCrowd(t, i);
      if (counted >= 0 && counted < j) j = counted;
      const quantified =
        counted >= 0 ||
        t.slice(Math.max(0, j), i).some(quantifier) ||
        // "9 out of 10 dentists"
        t
          .slice(Math.max(0, j), i)
          .some(
            (y) =>
              (y.pos === 'NUM' || /^\d/.test(y.text)) &&
              t[y.i + 1]?.lower === 'out' &&
              t[y.i + 2]?.lower === 'of',
          );
      // "How many (of your) people…", "what share of your customers…": a count asked for.
      const howMany = t
        .slice(Math.max(0, j - 4), i)
        .some(
          (y) =>
            (y.lower === 'how' && ['many', 'much'].includes(t[y.i + 1]?.lower ?? '')) ||
            (y.lower === 'what' &&
              ['share', 'percentage', 'proportion', 'fraction', 'number'].includes(
                t[y.i + 1]?.lower ?? '',
              )),
        );
      if (quantified && !howMany) {
        from = Math.max(0, j);
        to = i;
      } else if (
        authorityNouns.has(x.lemma) ||
        j < 0 ||
        ['your', 'their', 'our', 'other'].includes(before?.lower ?? '') ||
        (before !== undefined && COLLECTIVES.has(before.lower) && t[before.i + 1]?.lower === 'of')
      ) {
        // A bare plural acting: needs a verb right after it (any verb, when it
        // is a statement), past a phrase saying where the crowd is ("Teams at
        // Google and Stripe rely on…", "Your peers in other departments have…").
        let after = i + 1;
        if (t[after]?.pos === 'ADP' && !['of', 'like'].includes(t[after]!.lower)) {
          after += 1;
          while (
            after < t.length &&
            after < i + 9 &&
            // "Teachers across the country use our app", with "use" read as a noun.
            !(after > i + 2 && t[after]!.pos === 'NOUN' && actsAsVerb(t, after)) &&
            (['DET', 'ADJ', 'NOUN', 'PROPN', 'CCONJ', 'NUM'].includes(t[after]!.pos) ||
              t[after]!.text === ',' ||
              // "at companies like yours"
              (t[after]!.lower === 'like' &&
                ['yours', 'you'].includes(t[after + 1]?.lower ?? '')) ||
              (t[after]!.lower === 'yours' && t[after - 1]?.lower === 'like')) &&
            !['you', 'your'].includes(t[after]!.lower)
          )
            after += 1;
        }
        const verb = t
          .slice(after, after + 3)
          .find(
            (y) => y.pos === 'VERB' || y.pos === 'AUX' || (y.i === after && actsAsVerb(t, y.i)),
          );
        if (
          verb &&
          (endorseVerbs.has(verb.lemma) ||
            !isQuestion(s) ||
            t.slice(i + 1, i + 3).some((y) => y.lower === 'already'))
        ) {
          from = Math.max(0, j + 1);
          to = verb.i;
        }
      }
    } else if (
      ['research', 'study', 'studies', 'survey', 'data', 'science', 'evidence', 'poll'].includes(
        x.lower,
      ) &&
      ['show', 'prove', 'suggest', 'find', 'say', 'confirm', 'reveal'].includes(
        t[i + 1]?.lemma ?? '',
      )
    ) {
      from = i;
      to = i + 1;
    } else if (
      [
        'loved',
        'used',
        'chosen',
        'recommended',
        'preferred',
        'backed',
        'endorsed',
        'praised',
        'rated',
        'adored',
        'relied',
      ].includes(x.lower) &&
      (t[i + 1]?.lower === 'by' || (x.lower === 'relied' && t[i + 1]?.lower === 'on')) &&
      // "Is this app used by your children?" asks about the person's own people.
      !(t[i + 2]?.lower === 'your' && question && i >= qStart) &&
      t
        .slice(i + 2, i + 7)
        .some(
          (y) =>
            isGroup(y) ||
            countedCrowd(t, y.i) >= 0 ||
            y.pos === 'PROPN' ||
            QUANTIFIERS.has(y.lower) ||
            /^\d/.test(y.text) ||
            ['millions', 'thousands'].includes(y.lower),
        )
    ) {
      // "Loved by over 50,000 runners", "used by leading hospitals"
      from = i;
      to = i + 1;
    } else if (
      x.lower === 'voted' &&
      ['best', 'top', '#', 'number', 'favourite', 'favorite', 'the'].includes(t[i + 1]?.lower ?? '')
    ) {
      // "Voted best coffee in town"
      from = i;
      to = i + 1;
    } else if (
      ['choice', 'favourite', 'favorite', 'pick'].includes(x.lower) &&
      ['of', 'among', 'with'].includes(t[i + 1]?.lower ?? '') &&
      t.slice(i + 2, i + 5).some((y) => isGroup(y) && (isPlural(y) || PEOPLE_PLURALS.has(y.lower)))
    ) {
      // "the choice of professionals", "a favourite among parents"
      from = i;
      to = i + 2;
    } else if (
      ['name', 'rank', 'crown', 'vote', 'call', 'award'].includes(x.lemma) &&
      x.pos === 'VERB' &&
      x.lower !== x.lemma &&
      (t[i + 1]?.lower === 'us' || t[i + 1]?.lower === 'our') &&
      t
        .slice(i + 2, i + 6)
        .some((y) =>
          ['leader', 'best', 'top', 'winner', 'favourite', 'favorite', 'number'].includes(y.lower),
        )
    ) {
      // "Gartner named us a leader", "Readers voted us the best bakery"
      from = Math.max(0, i - 1);
      to = i + 1;
    } else if (x.lower === 'trusted' && t[i + 1]?.lower === 'by') {
      from = i;
      to = i + 1;
    } else if (
      x.lower === 'as' &&
      ['seen', 'featured', 'heard', 'shown', 'recommended', 'reviewed', 'praised'].includes(
        t[i + 1]?.lower ?? '',
      ) &&
      ['on', 'in', 'by'].includes(t[i + 2]?.lower ?? '')
    ) {
      // "As seen on TV", "as featured in Forbes"
      from = i;
      to = i + 2;
    } else if (
      POPULAR_HEADS.test(x.lower) ||
      (POPULAR_TAILS.has(x.lower) &&
        ['most', 'fastest', 'top', 'highest', 'best', 'widely'].includes(t[i - 1]?.lower ?? ''))
    ) {
      // "the fastest-growing platform", "our most popular room", "top rated".
      // Asking which is most popular in the person's own world is not pointing
      // at a crowd: "What is the most popular dish in your household?"
      const owner = t
        .slice(Math.max(0, i - 3), i)
        .some((y) => OFFER_DETERMINERS.has(y.lower) || y.lower === 'the' || y.lower === 'a');
      const asking =
        question &&
        whWords.has(opener?.lower ?? '') &&
        t.slice(qStart, i).some((y) => y.lemma === 'be');
      if (owner && !asking) {
        from = POPULAR_HEADS.test(x.lower) ? i : i - 1;
        to = i;
      }
    } else if (
      x.lower === 'best-selling' ||
      x.lower === 'bestselling' ||
      (x.lower === '#' && t[i + 1]?.text === '1') ||
      (x.lower === 'number' && t[i + 1]?.lower === 'one')
    ) {
      from = i;
      to = i;
    } else if (x.lower === 'in' && (t[i + 1]?.pos === 'NUM' || /^\d/.test(t[i + 1]?.text ?? ''))) {
      const home = t
        .slice(i + 2, i + 4)
        .find((y) => ['home', 'household', 'kitchen', 'country', 'office'].includes(y.lemma));
      if (home) {
        from = i;
        to = home.i;
      }
    }
    if (from < 0) continue;
    // Asking about others is not pointing at them: "Do most of your
    // colleagues work remotely?", "How many people…?"
    const subjectOfQuestion =
      question && from >= qStart && from <= qStart + 2 && auxiliaries.has(t[qStart]!.lower);
    const whSubject =
      question && whWords.has(opener?.lower ?? '') && from <= qStart + 3 && from >= qStart;
    if (subjectOfQuestion || whSubject) continue;
    // A group someone is told they belong to ("Smart founders…") is identity, not a crowd.
    // (With a crowd word before it, it is a crowd again: "Most successful startups…")
    const crowdWord = t
      .slice(from, to)
      .some((y) => QUANTIFIERS.has(y.lower) || y.pos === 'NUM' || /^\d/.test(y.text));
    if (
      !crowdWord &&
      t.slice(from, to).some((y) => characterAdjectives.has(y.lower) && y.lower !== 'good')
    )
      continue;
    if (t.slice(to + 1, to + 4).some((y) => y.lower === 'like' && t[y.i + 1]?.lower === 'you'))
      continue;
    const speaksToYou = t.some(
      (y) => y.lower === 'you' || y.lower === 'your' || y.lower === 'yours',
    );
    if (!question || speaksToYou || !isQuestion(s)) {
      hits.push(span('social-proof', t[from]!, t[to]!));
      i = to;
    }
  }
  return hits;
}

// ---------------------------------------------------------------------------
// Identity and emotional appeal

/** Roles a person is flattered into: "as a trendsetter", "as a true connoisseur". */
const IDENTITY_ROLES = new Set([
  'trendsetter',
  'go-getter',
  'perfectionist',
  'connoisseur',
  'foodie',
  'visionary',
  'achiever',
  'pioneer',
  'innovator',
  'champion',
]);

function identity(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  const first = firstWord(t);
  const a = t[first];
  const clauseEnd = (from: number) => {
    const comma = t.findIndex(
      (x, k) => k > from && (x.text === ',' || x.text === '?' || x.text === '.'),
    );
    return comma < 0 ? t.length - 1 : comma - 1;
  };
  const valued = (from: number, to: number) =>
    t.slice(from, to + 1).some(
      (x) =>
        characterAdjectives.has(x.lower) ||
        (valueVerbs.has(x.lemma) &&
          (x.pos === 'VERB' || ['who', 'that'].includes(t[x.i - 1]?.lower ?? ''))) ||
        (x.lemma === 'take' && t.slice(x.i, to + 1).some((y) => y.lower === 'seriously')) ||
        x.lower === 'seriously' ||
        (x.lower === 'only' && t[x.i + 1]?.lemma === 'want') ||
        // A flattering role: "a team player", "an early adopter", "a true fan".
        (x.lemma === 'player' && t[x.i - 1]?.lower === 'team') ||
        (x.lemma === 'adopter' && t[x.i - 1]?.lower === 'early') ||
        IDENTITY_ROLES.has(x.lemma),
    );
  // "You're clearly someone who cares about…", "You are the kind of person who…"
  for (let i = 0; i + 3 < t.length; i += 1) {
    if (t[i]!.lower !== 'you' || t[i + 1]?.lemma !== 'be') continue;
    let k = i + 2;
    while (t[k] && t[k]!.pos === 'ADV') k += 1;
    const who = t.slice(k, k + 6).find((y) => ['who', 'that'].includes(y.lower) && y.i > k);
    const person = t
      .slice(k, who?.i ?? k)
      .some((y) => ['someone', 'somebody', 'person', 'kind', 'type', 'one'].includes(y.lower));
    if (who && person && valued(who.i, clauseEnd(who.i))) {
      hits.push(span('identity-appeal', t[i]!, t[clauseEnd(who.i)]!));
      break;
    }
  }
  // "As a parent who cares…", "As someone who takes their health seriously,", "Being a…"
  if (a && (a.lower === 'as' || a.lower === 'being' || a.lower === 'for') && t[first + 1]) {
    const end = clauseEnd(first);
    const next = t[first + 1]!;
    if (
      (['a', 'an', 'someone', 'somebody', 'one', 'the'].includes(next.lower) ||
        next.pos === 'ADJ' ||
        next.pos === 'NOUN') &&
      valued(first + 1, end)
    ) {
      hits.push(span('identity-appeal', a, t[end]!));
    }
  }
  for (let i = 0; i < t.length - 2; i += 1) {
    const x = t[i]!;
    // "If you really care about…", "Since you value…", "Because you want the best for…"
    if (['if', 'since', 'because', 'given', 'as'].includes(x.lower)) {
      let j = i + 1;
      if (t[j]?.lower === 'that' || t[j]?.lower === 'how') j += 1;
      if (t[j]?.lower === 'much') j += 1;
      if (t[j]?.lower === 'you' || t[j]?.lower === "you're") {
        let k = j + 1;
        while (t[k] && (t[k]!.pos === 'ADV' || t[k]!.lower === 'do')) k += 1;
        const verb = t[k];
        if (
          verb &&
          ((valueVerbs.has(verb.lemma) &&
            !MODALS.has(t[j + 1]?.lower ?? '') &&
            t[k + 1]?.lower !== 'to') ||
            (verb.lemma === 'want' &&
              t[k + 1]?.lower === 'to' &&
              ['be', 'give', 'protect', 'keep'].includes(t[k + 2]?.lemma ?? '')) ||
            (verb.lemma === 'be' &&
              t
                .slice(k + 1, k + 4)
                .some((y) => y.lower === 'serious' || characterAdjectives.has(y.lower))))
        ) {
          hits.push(span('identity-appeal', x, t[clauseEnd(k)]!));
        }
      }
    }
    // "someone as eco-conscious as you", "people like you"
    if (
      x.lower === 'as' &&
      t[i + 1]?.pos === 'ADJ' &&
      t[i + 2]?.lower === 'as' &&
      t[i + 3]?.lower === 'you'
    ) {
      hits.push(span('identity-appeal', x, t[i + 3]!));
    }
    // "Any parent who wants their child to succeed…", "Smart founders protect…"
    const singularOk = ['a', 'an', 'any', 'every', 'each'].includes(t[i - 1]?.lower ?? '');
    if (
      characterAdjectives.has(x.lower) &&
      x.lower !== 'great' &&
      isGroup(t[i + 1]) &&
      (t[i + 1]!.lower !== t[i + 1]!.lemma || singularOk)
    ) {
      // A verb read as a noun in a statement: "Smart savers plan ahead", "…service their cars".
      const nounVerb =
        t[i + 2]?.pos === 'NOUN' && ['ADV', 'PRON', 'DET', 'ADP'].includes(t[i + 3]?.pos ?? '')
          ? t[i + 2]
          : undefined;
      const verb = t.slice(i + 2, i + 5).find((y) => y.pos === 'VERB') ?? nounVerb;
      if (verb && !isQuestion(s)) hits.push(span('identity-appeal', x, verb));
      else if (t[i + 2]?.lower === 'like' && t[i + 3]?.lower === 'you')
        hits.push(span('identity-appeal', x, t[i + 3]!));
    }
    if (
      ['any', 'every'].includes(x.lower) &&
      isGroup(t[i + 1]) &&
      ['who', 'that'].includes(t[i + 2]?.lower ?? '')
    ) {
      const verb = t[i + 3];
      if (verb && valueVerbs.has(verb.lemma)) hits.push(span('identity-appeal', x, verb));
    }
    // "You clearly have great taste", "You're a smart shopper"
    if (
      ((x.lower === 'you' || x.lower === "you're") && !isQuestion(s)) ||
      (x.lower === 'you' && i === first)
    ) {
      const rest = t.slice(i + 1, i + 5);
      const verb = rest.find((y) => y.lemma === 'have' || y.lemma === 'be');
      if (
        verb &&
        rest.some(
          (y) =>
            y.i > verb.i &&
            (characterAdjectives.has(y.lower) || valence(y.lower) >= 3) &&
            y.pos === 'ADJ',
        )
      ) {
        hits.push(span('identity-appeal', x, rest.at(-1)!));
      }
    }
    // "for the sake of your children", "protect your family"
    if (x.lower === 'sake' && t[i + 1]?.lower === 'of')
      hits.push(span('identity-appeal', t[i - 2] ?? x, t[i + 3] ?? x));
  }
  return hits;
}

// ---------------------------------------------------------------------------
// A "why" that assumes the judgement, and "what makes X so good"

const JUDGEMENT_VERBS = new Set([
  'prefer',
  'love',
  'like',
  'enjoy',
  'trust',
  'recommend',
  'dislike',
  'hate',
  'appreciate',
  'adore',
  'favour',
  'favor',
]);

function isComparative(t: Token, next: Token | undefined): boolean {
  if (['better', 'best', 'worse', 'worst', 'than', 'favourite', 'favorite'].includes(t.lower))
    return true;
  if ((t.lower === 'more' || t.lower === 'less' || t.lower === 'most') && next?.pos === 'ADJ')
    return true;
  if (t.pos === 'ADJ' && /(?:er|est)$/.test(t.lower) && t.lemma !== t.lower && t.lower.length > 4)
    return true;
  if (t.lower === 'so' && (next?.pos === 'ADJ' || next?.lower === 'much' || next?.pos === 'ADV'))
    return true;
  return false;
}

/** "fairer", "easier", "happier": a comparative whose base word praises or runs down. */
function evaluativeComparative(t: Token): boolean {
  if (t.pos !== 'ADJ' && t.pos !== 'ADV') return false;
  const base = /ier$/.test(t.lower)
    ? [`${t.lower.slice(0, -3)}y`]
    : /(?:er|est)$/.test(t.lower)
      ? [
          t.lower.replace(/(?:er|est)$/, ''),
          t.lower.replace(/(?:r|st)$/, ''),
          t.lower.replace(/(\w)\1(?:er|est)$/, '$1'),
        ]
      : [];
  return base.some((word) => word.length > 2 && Math.abs(valence(word)) >= 2);
}

/** Nouns of a choice that an evaluative word before them turns into a verdict. */
const CHOICE_NOUNS = new Set([
  'choice',
  'move',
  'option',
  'pick',
  'decision',
  'fit',
  'call',
  'bet',
]);
const VERDICT_WORDS = new Set([
  'first',
  'top',
  'right',
  'obvious',
  'smart',
  'wise',
  'go-to',
  'natural',
  'only',
  'best',
  'ideal',
  'perfect',
]);

function judgementIn(t: Token[], from: number, to: number): Token | undefined {
  for (let k = from; k <= to; k += 1) {
    const x = t[k]!;
    if (JUDGEMENT_VERBS.has(x.lemma) && x.pos === 'VERB') return x;
    // "more than one supermarket": a count, not a verdict.
    const quantity =
      ['than', 'more'].includes(x.lower) &&
      (t[k + 1]?.pos === 'NUM' || ['one', 'once', 'than'].includes(t[k + 1]?.lower ?? ''));
    // "rather than" weighs the offer against another only when the offer is named.
    const mereAlternative =
      x.lower === 'than' &&
      t[k - 1]?.lower === 'rather' &&
      !t.slice(from, k).some((y) => OFFER_DETERMINERS.has(y.lower));
    if (!quantity && !mereAlternative && isComparative(x, t[k + 1])) return x;
    if (x.lower === 'worth' && t.slice(from, k).some((y) => OFFER_DETERMINERS.has(y.lower)))
      return x;
    if ((x.pos === 'ADJ' || x.pos === 'ADV') && strongly(x, 3)) return x;
    if (x.lower === 'obvious' || x.lower === 'smarter' || x.lower === 'cheaper') return x;
    if (evaluativeComparative(x)) return x;
    // A verdict as a noun: "your first choice", "the right move", "an improvement".
    if (CHOICE_NOUNS.has(x.lemma) && VERDICT_WORDS.has(t[k - 1]?.lower ?? '')) return x;
    if (x.pos === 'NOUN' && valence(x.lower) >= 2 && !scaleWords.has(x.lower)) return x;
    // Praise as a verb: "stand out", "excel", "outperform".
    if (x.lemma === 'stand' && t[k + 1]?.lower === 'out') return x;
    if (['excel', 'outperform', 'outshine', 'shine'].includes(x.lemma)) return x;
    // Loyalty taken for granted: "keep coming back to us", "always choose our brand".
    if (
      (x.lemma === 'keep' && /ing$/.test(t[k + 1]?.lower ?? '')) ||
      (x.lower === 'always' && t.slice(k + 1, to + 1).some((y) => OFFER_DETERMINERS.has(y.lower)))
    )
      return x;
    // A benefit taken for granted: "lost without our tool", "manage without us".
    if (x.lower === 'without' && OFFER_DETERMINERS.has(t[k + 1]?.lower ?? '')) return x;
  }
  return undefined;
}

/** "What do you love most about…": a favourite asked for, the liking presumed. */
function favouriteAsked(t: Token[], i: number, to: number): Token | undefined {
  for (let k = i + 1; k <= Math.min(to, i + 6); k += 1) {
    const x = t[k]!;
    if (!JUDGEMENT_VERBS.has(x.lemma) || valence(x.lemma) <= 0) continue;
    const most = t[k + 1];
    if (!most || !['most', 'best'].includes(most.lower)) return undefined;
    // Liked about the offer or the person's own use of it, not a pastime.
    if (t[k + 2]?.lower !== 'about') return undefined;
    const about = t.slice(k + 3, to + 1);
    if (!about.some((y) => OFFER_DETERMINERS.has(y.lower) || ['here', 'your'].includes(y.lower)))
      return undefined;
    // "most and least", "like or dislike": both sides asked for.
    const rest = t.slice(k + 1, to + 1);
    if (rest.some((y) => ['least', 'dislike', 'worst', 'hate'].includes(y.lower))) return undefined;
    if (t.slice(i, k).some((y) => ['least', 'dislike', 'or'].includes(y.lower))) return undefined;
    return most;
  }
  return undefined;
}

function assumptiveWhy(s: Sentence): Hit[] {
  const t = s.tokens;
  if (hedged(s)) return [];
  const hits: Hit[] = [];
  for (let i = 0; i < t.length; i += 1) {
    const x = t[i]!;
    const end = t.findIndex(
      (y, k) => k > i && (y.text === '?' || y.text === '.' || y.text === ';'),
    );
    const to = end < 0 ? t.length - 1 : end - 1;
    // "Why…", "How come…": a reason asked for a judgement the question states.
    const reason =
      (x.lower === 'why' && t[i + 1]?.lower !== 'not') ||
      (x.lower === 'how' && t[i + 1]?.lower === 'come');
    if (reason) {
      const judged = judgementIn(t, i + (x.lower === 'how' ? 2 : 1), to);
      if (judged) hits.push(span('assumptive-why', x, judged));
      else {
        // "Why is our coffee the talk of the town?": the crowd's verdict as the premise.
        const idiom = crowdIdiom(s);
        if (idiom && idiom.start > x.start) {
          hits.push({ kind: 'assumptive-why', start: x.start, end: idiom.end });
          continue;
        }
        // "Why should you choose us over…", "Why would anyone buy from another shop?":
        // the choice presumed, only its reason asked.
        const should = t[i + 1];
        const who = t[i + 2];
        const act = t.slice(i + 3, Math.min(to + 1, i + 6)).find((y) => y.pos === 'VERB');
        if (
          should &&
          who &&
          act &&
          ['should', 'would', "'d"].includes(should.lower) &&
          ['you', 'anyone', 'anybody', 'people', 'customers', 'businesses', 'teams'].includes(
            who.lower,
          ) &&
          (adoptVerbs.has(act.lemma) ||
            ['choose', 'pick', 'trust', 'use', 'prefer', 'select', 'stay', 'go'].includes(
              act.lemma,
            )) &&
          t
            .slice(act.i + 1, to + 1)
            .some((y) => OFFER_DETERMINERS.has(y.lower) || y.pos === 'PROPN')
        ) {
          hits.push(span('assumptive-why', x, act));
        }
      }
    }
    if (x.lower === 'what') {
      // "What makes our coffee so good?", "What is it about our blender that
      // makes it so reliable?" (not "What would make…").
      const makes = t
        .slice(i + 1, to + 1)
        .find(
          (y) =>
            y.lemma === 'make' &&
            y.lower !== 'make' &&
            !MODALS.has(t[y.i - 1]?.lower ?? '') &&
            (y.i === i + 1 || t[y.i - 1]?.lower === 'that'),
        );
      const judged = makes ? judgementIn(t, makes.i + 1, to) : favouriteAsked(t, i, to);
      if (judged) hits.push(span('assumptive-why', x, judged));
    }
  }
  return hits;
}

// ---------------------------------------------------------------------------
// A loaded either-or

const CHOICE_LINKS = new Set(['or', 'versus', 'vs', 'vs.', 'over']);

/** Acts that a choice names without judging them. */
const NEUTRAL_ACTS = new Set([
  'pay',
  'spend',
  'cost',
  'charge',
  'owe',
  'cancel',
  'stop',
  'leave',
  'miss',
  'no',
  'yes',
  'not',
]);

function sideValence(t: Token[], from: number, to: number) {
  let up = 0;
  let down = 0;
  let ours = false;
  let described = false;
  for (let k = from; k <= to; k += 1) {
    const x = t[k]!;
    if (['our', 'us', 'we'].includes(x.lower)) ours = true;
    if (
      scaleWords.has(x.lower) ||
      ['rather', 'prefer', 'choose', 'pick', 'better', 'sound', 'sounds'].includes(x.lower)
    )
      continue;
    // "breaks down", "falls apart", "lets you down", "wears out": a fault, in a phrase.
    const phrasal =
      ['break', 'fall', 'wear', 'let', 'give', 'fail'].includes(x.lemma) &&
      t
        .slice(k + 1, Math.min(to + 1, k + 3))
        .some((y) => ['down', 'apart', 'out', 'up'].includes(y.lower));
    const v = phrasal
      ? -2
      : x.pos === 'PRON' || x.pos === 'DET' || NEUTRAL_ACTS.has(x.lemma)
        ? 0
        : valence(x.lower) || valence(x.lemma);
    if (x.pos === 'ADJ') described = true;
    if (v > 0) up += v;
    if (v < 0) down += v;
  }
  return { up, down, ours, described };
}

function loadedChoice(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  for (let i = 1; i < t.length - 1; i += 1) {
    const x = t[i]!;
    const phrase = x.lower === 'rather' && t[i + 1]?.lower === 'than';
    const instead = x.lower === 'instead' && t[i + 1]?.lower === 'of';
    const compared =
      (x.lower === 'compared' || x.lower === 'comparison') &&
      ['to', 'with'].includes(t[i + 1]?.lower ?? '');
    if (!CHOICE_LINKS.has(x.lower) && !phrase && !instead && !compared) continue;
    if (
      x.lower === 'over' &&
      !t.some((y) => ['prefer', 'pick', 'choose', 'rather'].includes(y.lemma))
    )
      continue;
    // A balanced scale ("satisfied or dissatisfied", "easy or difficult") is no choice.
    const before = t[i - 1]!;
    const after = t[i + 1]!;
    if (x.lower === 'or' && before.pos === after.pos && ['ADJ', 'ADV', 'VERB'].includes(before.pos))
      continue;
    if (x.lower === 'or' && after.lower === 'not') continue;
    let left = i - 1;
    while (
      left > 0 &&
      ![':', ';', '?'].includes(t[left - 1]!.text) &&
      !(t[left - 1]!.text === ',' && whWords.has(t[left]?.lower ?? ''))
    )
      left -= 1;
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
      (x.lower === 'or' && l.down <= -2 && r.down === 0 && r.described);
    if (loaded) {
      hits.push(span('loaded-choice', t[left]!, t[right]!));
      break;
    }
  }
  return hits;
}

// ---------------------------------------------------------------------------
// Two asks in one

const EVALUATIVE_FRAMES = new Set([
  'satisfied',
  'happy',
  'rate',
  'enjoy',
  'like',
  'love',
  'want',
  'offer',
  'prefer',
  'find',
  'think',
  'useful',
  'easy',
  'important',
  'pleased',
  'recommend',
  'consider',
  'add',
  'improve',
  'need',
  'value',
]);

function doubleBarrelled(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  const qs = questionStart(t);
  const opener = t[qs];
  if (!opener) return hits;
  const closed = auxiliaries.has(opener.lower);
  const rating =
    (opener.lower === 'how' &&
      (['ADJ', 'ADV'].includes(t[qs + 1]?.pos ?? '') || /ed$/.test(t[qs + 1]?.lower ?? '')) &&
      t[qs + 1]?.lower !== 'often' &&
      t[qs + 1]?.lower !== 'much' &&
      t[qs + 1]?.lower !== 'many') ||
    opener.lemma === 'rate' ||
    (opener.lower === 'please' && t[qs + 1]?.lemma === 'rate') ||
    (opener.lower === 'how' &&
      t[qs + 1]?.lower === 'would' &&
      t.slice(qs + 2, qs + 5).some((y) => y.lemma === 'rate'));
  for (let i = qs + 1; i < t.length - 1; i += 1) {
    const x = t[i]!;
    if (x.lower !== 'and') continue;
    const before = t[i - 1]!;
    const after = t[i + 1]!;
    // "How often do you cook, and how much do you spend…?" (not "…, and why?", "and if so")
    if (whWords.has(after.lower) && after.lower !== 'why' && t[i + 2]?.text !== '?') {
      const verb = t.slice(i + 2, t.length).some((y) => y.pos === 'VERB' || y.pos === 'AUX');
      if (verb) {
        hits.push(span('double-barrelled', t[qs]!, t[Math.min(t.length - 2, i + 3)]!));
        break;
      }
    }
    // "Is the app reliable and does it save you time?": a second question joined on.
    if (
      auxiliaries.has(after.lower) &&
      ['PRON', 'DET', 'PROPN'].includes(t[i + 2]?.pos ?? '') &&
      (closed || rating)
    ) {
      hits.push(span('double-barrelled', before, t[Math.min(t.length - 2, i + 3)]!));
      break;
    }
    if (!closed && !rating) continue;
    if (after.lower === 'if' || after.lower === 'why' || after.lower === 'then') continue;
    const pair = `${before.lower} and ${after.lower}`;
    if (binomials.has(pair) || binomials.has(`${before.lemma} and ${after.lemma}`)) continue;
    if (t.slice(qs, i).some((y) => y.lower === 'between' || y.lower === 'both')) continue;
    if (t.slice(i + 1, i + 6).some((y) => y.lower === 'together')) continue;
    // Subjects joined ("Do you and your partner…") ask one thing.
    const mainVerbBefore = t
      .slice(qs + 1, i)
      .some(
        (y) =>
          y.pos === 'VERB' ||
          y.pos === 'ADJ' ||
          (y.pos === 'AUX' && y.i > qs + 1) ||
          (y.pos === 'ADV' && opener.lemma === 'be'),
      );
    if (!mainVerbBefore && !rating) continue;
    let kindOfPair = '';
    const nextContent = t
      .slice(i + 1)
      .find((y) => !['DET', 'PRON', 'ADV', 'PART'].includes(y.pos) || y.lower === 'more');
    if (
      (before.pos === 'ADJ' ||
        before.pos === 'ADV' ||
        before.lower === 'time' ||
        (before.pos === 'VERB' && /ed$/.test(before.lower) && t[before.i - 1]?.lower === 'how')) &&
      (after.pos === 'ADJ' || (after.pos === 'ADV' && t[i + 2]?.pos === 'ADJ'))
    )
      kindOfPair = 'adjectives';
    else if (
      after.pos === 'VERB' ||
      (after.pos === 'ADV' && t[i + 2]?.pos === 'VERB') ||
      (after.pos === 'NOUN' &&
        ['your', 'their', 'my', 'our', 'his', 'her', 'it', 'them'].includes(
          t[i + 2]?.lower ?? '',
        ) &&
        t.slice(qs, i).some((y) => y.pos === 'VERB'))
    )
      kindOfPair = 'verbs';
    else if (['DET', 'PRON'].includes(after.pos) && after.lower !== 'more') {
      // "…and the documentation clear?", "…and our service reliable?"
      const rest = t.slice(i + 2, t.length - 1);
      if (
        rest.length <= 5 &&
        rest.some(
          (y) => y.pos === 'ADJ' || y.lower === 'enough' || (y.pos === 'ADV' && y.i > i + 2),
        ) &&
        closed &&
        !rest.some((y) => y.pos === 'VERB' && !/(?:ed|en)$/.test(y.lower))
      )
        kindOfPair = 'clauses';
      else if (nextContent?.pos === 'NOUN' || nextContent?.pos === 'ADJ') kindOfPair = 'nouns';
    } else if (after.pos === 'NOUN' || after.pos === 'ADJ' || after.lower === 'more')
      kindOfPair = 'nouns';
    if (kindOfPair === 'nouns') {
      const frame = t
        .slice(qs, i)
        .some((y) => EVALUATIVE_FRAMES.has(y.lemma) || EVALUATIVE_FRAMES.has(y.lower));
      if (!frame && !rating) continue;
      if (!['NOUN', 'PROPN', 'ADJ'].includes(before.pos) && before.lower !== 'food') continue;
    }
    if (kindOfPair === 'verbs' && before.pos === 'AUX') continue;
    if (kindOfPair === '') continue;
    let to = i + 1;
    while (to < t.length - 2 && !['PUNCT', 'ADP'].includes(t[to + 1]!.pos)) to += 1;
    hits.push(span('double-barrelled', before, t[to]!));
    break;
  }
  return hits;
}

// ---------------------------------------------------------------------------
// Praise in a "what if"

function praiseHypothetical(s: Sentence, next: Sentence | undefined): Hit[] {
  const t = s.tokens;
  for (let i = 0; i < t.length; i += 1) {
    const x = t[i]!;
    const conditional =
      x.lower === 'if' &&
      !hedgePattern.test(
        t
          .slice(i, i + 4)
          .map((y) => y.text)
          .join(' '),
      ) &&
      t.slice(i + 1, i + 6).some(
        (y) =>
          ['could', 'had', 'were', 'was', 'owned', 'got', 'did', 'would'].includes(y.lower) ||
          // A past form for the unreal: "If our new feature saved you hours…"
          (y.pos === 'VERB' && y.lemma !== y.lower && !/(?:ing|s)$/.test(y.lower)),
      );
    const imagine =
      ['imagine', 'picture', 'suppose', 'envision', 'envisage', 'visualise', 'visualize'].includes(
        x.lower,
      ) &&
      (i === firstWord(t) || t[i - 1]?.text === ',');
    const whatIf = x.lower === 'what' && t[i + 1]?.lower === 'if';
    if (!conditional && !imagine && !whatIf) continue;
    let end = t.findIndex(
      (y, k) =>
        k > i &&
        (y.text === '?' ||
          y.text === '.' ||
          y.text === '—' ||
          (y.text === ',' &&
            (t[k + 1]?.lower === 'would' ||
              whWords.has(t[k + 1]?.lower ?? '') ||
              t[k + 1]?.lower === 'will'))),
    );
    if (end < 0) end = t.length;
    const praised =
      t
        .slice(i + 1, end)
        .find(
          (y) =>
            (y.pos === 'ADJ' || y.pos === 'ADV' || y.pos === 'NOUN' || y.pos === 'VERB') &&
            (valence(y.lower) >= 2 || valence(y.lemma) >= 3) &&
            !['like', 'want', 'help', 'care', 'please', 'interested', 'free'].includes(y.lemma) &&
            !(
              y.lower === 'best' &&
              t[y.i - 1]?.lower === 'the' &&
              !t.slice(i, y.i).some((z) => z.lower === "'s")
            ),
        ) ?? t.slice(i + 1, end).find((y) => y.lower === 'best' && t[y.i - 1]?.lower === "'s");
    if (praised) return [span('praise-hypothetical', x, t[Math.max(praised.i, end - 1)]!)];
    // "Picture yourself relaxing on a private beach. Would you book…?": the
    // person is put into a pleasant scene, then asked about the offer.
    const intoScene = imagine && ['yourself', 'you'].includes(t[i + 1]?.lower ?? '');
    const asksAfter = (next !== undefined && isQuestion(next)) || end < t.length - 1;
    const pleasant = t
      .slice(i + 2, end)
      .find(
        (y) =>
          (y.pos === 'VERB' && /ing$/.test(y.lower) && valence(y.lemma) >= 0 && i + 3 >= y.i) ||
          ((y.pos === 'ADJ' || y.pos === 'ADV') && valence(y.lower) > 0),
      );
    if (intoScene && asksAfter && pleasant && !t.slice(i, end).some((y) => valence(y.lower) < 0))
      return [span('praise-hypothetical', x, t[Math.max(pleasant.i, end - 1)]!)];
    // "Imagine…." then the question in the next sentence.
    if (imagine && next === undefined) continue;
  }
  return [];
}

// ---------------------------------------------------------------------------
// Presupposition: an experience, a benefit or a problem taken for granted

const EMOTION_SCALE = new Set([
  'satisfied',
  'dissatisfied',
  'likely',
  'unlikely',
  'happy',
  'unhappy',
  'interested',
  'important',
  'confident',
  'comfortable',
  'good',
  'bad',
  'useful',
  'easy',
  'well',
  'clearly',
  'often',
  'much',
  'many',
  'long',
  'far',
  'soon',
  'willing',
]);

const MONEY_VERBS = new Set([
  'pay',
  'spend',
  'cost',
  'charge',
  'owe',
  'cancel',
  'stop',
  'leave',
  'miss',
]);

function presupposition(s: Sentence): Hit[] {
  const t = s.tokens;
  if (hedged(s)) return [];
  const hits: Hit[] = [];
  const modal = t.some((y) => MODALS.has(y.lower));
  const ours = t.some((y) => OFFER_DETERMINERS.has(y.lower));
  for (let i = 0; i < t.length; i += 1) {
    const x = t[i]!;
    const n1 = t[i + 1];
    const n2 = t[i + 2];
    // "How much do you love or hate…" offers both sides.
    const balanced = t.some(
      (y) =>
        y.lower === 'or' &&
        Math.sign(valence(t[y.i - 1]?.lemma ?? '') || valence(t[y.i - 1]?.lower ?? '')) *
          Math.sign(valence(t[y.i + 1]?.lemma ?? '') || valence(t[y.i + 1]?.lower ?? '')) <
          0,
    );
    // "When did you realise you needed…", "When did you first notice…": the
    // realisation itself taken for granted.
    if (
      x.lower === 'when' &&
      ['did', 'have'].includes(n1?.lower ?? '') &&
      n2?.lower === 'you' &&
      t
        .slice(i + 3, i + 5)
        .some(
          (y) =>
            ['realise', 'realize', 'notice', 'discover', 'decide', 'learn', 'see'].includes(
              y.lemma,
            ) && y.pos === 'VERB',
        ) &&
      t
        .slice(i + 4, t.length)
        .some(
          (y) =>
            OFFER_DETERMINERS.has(y.lower) ||
            y.pos === 'ADJ' ||
            ['needed', 'had', 'were'].includes(y.lower),
        )
    ) {
      hits.push(span('presupposition', x, t[Math.min(t.length - 1, i + 4)]!));
      continue;
    }
    // A benefit named as a fact: "the difference our vitamins made", "the
    // improvement our app brought", "the results you got from our plan".
    if (
      [
        'difference',
        'improvement',
        'benefit',
        'benefits',
        'results',
        'progress',
        'savings',
      ].includes(x.lower) &&
      t[i - 1]?.lower === 'the' &&
      !modal &&
      t.slice(i + 1, i + 4).some((y) => OFFER_DETERMINERS.has(y.lower)) &&
      isQuestion(s)
    ) {
      hits.push(span('presupposition', t[i - 1]!, t[Math.min(t.length - 1, i + 3)]!));
      continue;
    }
    if (x.lower === 'how' && n1 && !balanced) {
      // "How stressed are you…", "How excited are you about…", "How annoying are…"
      if (
        (n1.pos === 'ADJ' || n1.pos === 'VERB') &&
        !EMOTION_SCALE.has(n1.lower) &&
        (valence(n1.lower) <= -2 || valence(n1.lower) >= 3)
      ) {
        hits.push(span('presupposition', x, n1));
        continue;
      }
      // "How much do you love…", "How much are overdraft charges hurting…", "How many hours do you waste…"
      if (n1.lower === 'much' && ours && !modal) {
        const liking = t
          .slice(i + 2, i + 6)
          .find(
            (y) =>
              y.pos === 'VERB' &&
              ['like', 'enjoy', 'love', 'appreciate', 'value', 'adore'].includes(y.lemma),
          );
        if (liking) {
          hits.push(span('presupposition', x, liking));
          continue;
        }
      }
      if (['much', 'many', 'long'].includes(n1.lower)) {
        const verb = t
          .slice(i + 2, t.length)
          .find(
            (y) =>
              y.pos === 'VERB' &&
              !MONEY_VERBS.has(y.lemma) &&
              (valence(y.lower) <= -1 ||
                valence(y.lemma) <= -1 ||
                (valence(y.lemma) >= 3 && !modal) ||
                ['waste', 'lose', 'struggle', 'suffer'].includes(y.lemma)),
          );
        if (verb) {
          hits.push(span('presupposition', x, verb));
          continue;
        }
        // "How much more confident…", "How much better do you sleep since…"
        if (
          n2 &&
          (n2.lower === 'more' ||
            n2.lower === 'better' ||
            n2.lower === 'happier' ||
            n2.lower === 'easier' ||
            n2.lower === 'less') &&
          !modal
        ) {
          hits.push(span('presupposition', x, t[i + 3] ?? n2));
          continue;
        }
      }
      if (
        n1.lower === 'soon' &&
        t
          .slice(i + 2, i + 7)
          .some((y) => y.lemma === 'plan' || y.lower === 'will' || y.lower === 'going')
      ) {
        hits.push(span('presupposition', x, n1));
        continue;
      }
    }
    // "How has our meal kit made…", "How much time has our tool saved…", "Which of our methods helped…"
    if (['how', 'what', 'which'].includes(x.lower) && !modal && ours) {
      const benefit = t
        .slice(i + 1)
        .find(
          (y) =>
            y.pos === 'VERB' &&
            benefitVerbs.has(y.lemma) &&
            y.lower !== y.lemma &&
            !(
              y.lemma === 'make' &&
              !t.slice(y.i + 1).some((z, k) => k < 5 && isComparative(z, t[z.i + 1]))
            ),
        );
      if (
        benefit &&
        !t.slice(i + 1, benefit.i).some((y) => y.lower === 'would' || y.lower === 'will')
      ) {
        hits.push(span('presupposition', x, benefit));
        continue;
      }
    }
    // "When will you move…", "Which destination will you book first?", "How often will you use…"
    // "How much stress has our app taken off you?": the effect of the offer taken for granted.
    if (x.lower === 'how' && (n1?.lower === 'much' || n1?.lower === 'many') && !modal) {
      const aux = t
        .slice(i + 2, i + 6)
        .find((y) => ['has', 'have', 'did', 'does', 'do'].includes(y.lower));
      const verb = aux && t.slice(aux.i + 1).find((y) => y.pos === 'VERB');
      if (
        aux &&
        verb &&
        t
          .slice(aux.i + 1, verb.i)
          .some((y) => OFFER_DETERMINERS.has(y.lower) || y.pos === 'PROPN') &&
        !t.slice(aux.i + 1, verb.i).some((y) => y.lower === 'you')
      ) {
        hits.push(span('presupposition', x, verb));
        continue;
      }
    }
    // "When are you going to switch…", "How soon are you planning to…"
    if (['when', 'how'].includes(x.lower)) {
      const going = t
        .slice(i + 1, i + 6)
        .find((y) => (y.lower === 'going' || y.lower === 'planning') && t[y.i + 1]?.lower === 'to');
      const verb = going && t[going.i + 2];
      if (
        going &&
        verb &&
        adoptVerbs.has(verb.lemma) &&
        t.slice(i + 1, going.i).some((y) => y.lower === 'you')
      ) {
        hits.push(span('presupposition', x, verb));
        continue;
      }
    }
    // "How often do you get annoyed by…": a feeling taken for granted.
    if (x.lower === 'how' && ['often', 'much', 'many'].includes(n1?.lower ?? '')) {
      const feel = t
        .slice(i + 2)
        .find((y) => ['get', 'feel', 'become'].includes(y.lemma) && y.pos !== 'AUX');
      const state = feel && t[feel.i + 1];
      const cause =
        state && ['by', 'with', 'about', 'at', 'when'].includes(t[state.i + 1]?.lower ?? '');
      if (state && cause && valence(state.lower) <= -2 && !MONEY_VERBS.has(state.lemma)) {
        hits.push(span('presupposition', x, state));
        continue;
      }
    }
    if (['when', 'which', 'how', 'what'].includes(x.lower)) {
      const will = t.slice(i + 1, i + 5).find((y) => y.lower === 'will' || y.lower === "'ll");
      const verb = will && t.slice(will.i + 1, will.i + 4).find((y) => y.pos === 'VERB');
      if (will && t[will.i + 1]?.lower === 'you' && verb && adoptVerbs.has(verb.lemma)) {
        hits.push(span('presupposition', x, verb));
        continue;
      }
    }
    // "What do you like most about our…", "your favourite part of your stay with us"
    if (
      (x.lemma === 'like' || x.lemma === 'love' || x.lemma === 'enjoy') &&
      x.pos === 'VERB' &&
      !modal &&
      ours
    ) {
      const about = t.slice(i + 1, i + 4).some((y) => y.lower === 'about' || y.lower === 'most');
      if (about && t.slice(0, i).some((y) => whWords.has(y.lower))) {
        hits.push(span('presupposition', x, t[i + 1]!));
        continue;
      }
    }
    if (
      (x.lower === 'favourite' ||
        x.lower === 'favorite' ||
        (x.lower === 'most' && n1?.lower === 'excited')) &&
      ours &&
      !modal &&
      t.slice(0, i).some((y) => whWords.has(y.lower))
    ) {
      hits.push(span('presupposition', x, n1 ?? x));
      continue;
    }
    // "Now that you've seen…", "After enjoying our…", "since you started using our…"
    if (x.lower === 'now' && n1?.lower === 'that' && n2?.lower === 'you') {
      hits.push(span('presupposition', x, t[i + 4] ?? n2));
      continue;
    }
    if (
      x.lower === 'after' &&
      n1?.pos === 'VERB' &&
      /ing$/.test(n1.lower) &&
      valence(n1.lemma) >= 2
    ) {
      hits.push(span('presupposition', x, n1));
      continue;
    }
    if (
      x.lower === 'since' &&
      // "Has your progress changed since…?" asks whether it did.
      !auxiliaries.has(t[firstWord(t)]?.lower ?? '') &&
      t
        .slice(i + 1, i + 4)
        .some((y) => ['start', 'join', 'switch', 'begin', 'use', 'sign', 'move'].includes(y.lemma))
    ) {
      const change = t.some(
        (y) =>
          isComparative(y, t[y.i + 1]) ||
          (benefitVerbs.has(y.lemma) && y.lemma !== 'make') ||
          y.lemma === 'benefit',
      );
      if (change) {
        hits.push(span('presupposition', x, t[Math.min(t.length - 1, i + 3)]!));
        continue;
      }
    }
    // "What problems does your current CRM cause…", "the biggest frustration with…"
    // (A noun naming another is a name, not a claim: "our issue tracker", "our benefits platform".)
    const modifier = n1?.pos === 'NOUN' && !problemNouns.has(n1.lemma) && n1.lower !== 'points';
    if (
      problemNouns.has(x.lemma) &&
      x.pos === 'NOUN' &&
      !modifier &&
      !modal &&
      t.slice(0, i).some((y) => whWords.has(y.lower))
    ) {
      hits.push(span('presupposition', t[i - 1] ?? x, x));
      continue;
    }
    // "What benefits have you noticed…"
    if (
      x.lemma === 'benefit' &&
      x.pos === 'NOUN' &&
      !modifier &&
      t.slice(0, i).some((y) => y.lower === 'what' || y.lower === 'which') &&
      !modal
    ) {
      hits.push(span('presupposition', x, x));
      continue;
    }
    // "Tired of chasing late payments?", "Fed up with…?", "Struggling with…?"
    if (
      i === firstWord(t) &&
      valence(x.lower) <= -2 &&
      ['of', 'with', 'by'].includes(n1?.lower ?? '')
    ) {
      hits.push(span('presupposition', x, n1!));
      continue;
    }
    if (
      i === firstWord(t) &&
      (x.lower === 'fed' || x.lower === 'sick') &&
      ['up', 'of'].includes(n1?.lower ?? '')
    ) {
      hits.push(span('presupposition', x, n1!));
      continue;
    }
    // "How long have you been struggling…", "Are you still wasting…"
    if (
      (x.lower === 'still' || x.lower === 'keep') &&
      t.slice(i + 1, i + 3).some((y) => y.pos === 'VERB' && valence(y.lemma) <= -1)
    ) {
      hits.push(span('presupposition', x, t[i + 1]!));
    }
  }
  return hits;
}

/** Words of a difficulty AFINN rates mildly or not at all. */
const DIFFICULTY = new Set([
  'hard',
  'harder',
  'hardest',
  'difficult',
  'tricky',
  'hassle',
  'struggle',
  'trouble',
  'forget',
  'stress',
  'worry',
  'bother',
]);

/** Nouns of a high point: "the highlight of your stay", "the best part of our course". */
const HIGH_POINTS = new Set(['highlight', 'highlights', 'memorable', 'standout']);

/**
 * A question that asks how often, how much, how long, when or what about a
 * difficulty or a high point the person may never have had: "How often do you
 * struggle to find parking…", "When did you last have trouble streaming…",
 * "What worries you most about…", "How often does your car let you down…",
 * "What was the highlight of your stay…", "…thanks to our lessons?".
 * A hedge ("if at all"), a scale with both ends ("easy or hard") or a "would"
 * leaves the person free to say it never happens.
 */
function presumedExperience(s: Sentence): Hit[] {
  const t = s.tokens;
  if (hedged(s) || !isQuestion(s)) return [];
  // "Aren't you tired of paying…", "Are you fed up with…": the grievance handed over.
  const weary = t.find(
    (y, k) =>
      (['tired', 'sick', 'weary'].includes(y.lower) && t[k + 1]?.lower === 'of') ||
      (y.lower === 'fed' && t[k + 1]?.lower === 'up'),
  );
  if (weary && t.slice(0, weary.i).some((y) => y.lower === 'you'))
    return [span('presupposition', weary, t[weary.i + 1]!)];
  const qs = questionStart(t);
  const opener = t[qs];
  if (!opener || !['how', 'when', 'what', 'which'].includes(opener.lower)) return [];
  const next = t[qs + 1];
  if (
    opener.lower === 'how' &&
    !['often', 'much', 'many', 'long', 'frequently'].includes(next?.lower ?? '')
  )
    return [];
  const rest = t.slice(qs + 1);
  if (rest.some((y) => MODALS.has(y.lower) || y.lower === 'or')) return [];
  // "What did you like and dislike…" asks for both sides.
  const sign = (y: Token | undefined) =>
    Math.sign(valence(y?.lemma ?? '') || valence(y?.lower ?? ''));
  if (rest.some((y) => y.lower === 'and' && sign(t[y.i - 1]) * sign(t[y.i + 1]) < 0)) return [];
  for (const y of rest) {
    if (NEGATION.has(t[y.i - 1]?.lower ?? '') || NEGATION.has(y.lower)) continue;
    const next1 = t[y.i + 1];
    const next2 = t[y.i + 2];
    // "greedy banks", "unhealthy, processed snacks": a loaded word about a thing, not a presumed experience.
    const attributive =
      y.pos === 'ADJ' && ['NOUN', 'ADJ', 'PUNCT'].includes(next1?.pos ?? '') && next1?.text !== '?';
    const difficulty =
      (!attributive &&
        ['VERB', 'ADJ', 'NOUN', 'ADV'].includes(y.pos) &&
        !MONEY_VERBS.has(y.lemma) &&
        (DIFFICULTY.has(y.lower) ||
          DIFFICULTY.has(y.lemma) ||
          (y.pos !== 'ADV' && (valence(y.lower) <= -2 || valence(y.lemma) <= -2)))) ||
      // "paying too much", "waits too long"
      (y.lower === 'too' &&
        ['much', 'many', 'long', 'expensive', 'high', 'slow', 'often', 'late'].includes(
          next1?.lower ?? '',
        )) ||
      // "let you down", "cut out", "broke down", "fed up": a fault, in a phrase.
      (['let', 'cut', 'break', 'drop', 'crash', 'conk', 'pack', 'fall'].includes(y.lemma) &&
        [next1, next2].some((z) => ['down', 'out', 'apart'].includes(z?.lower ?? ''))) ||
      (y.lower === 'fed' && next1?.lower === 'up');
    // "When did you first notice the difference…": a benefit named as a fact.
    const benefitNamed =
      ['difference', 'improvement', 'results', 'benefits', 'change'].includes(y.lower) &&
      t[y.i - 1]?.lower === 'the' &&
      ['notice', 'see', 'feel', 'realise', 'realize', 'spot'].includes(t[y.i - 2]?.lemma ?? '');
    // "What do you enjoy about your weekly delivery?": the liking presumed.
    const liking =
      opener.lower === 'what' &&
      y.pos === 'VERB' &&
      ['enjoy', 'love', 'like', 'appreciate', 'adore', 'value'].includes(y.lemma) &&
      (next1?.lower === 'about' || (next1?.lower === 'most' && next2?.lower === 'about')) &&
      !rest.some((z) => ['least', 'dislike', 'hate'].includes(z.lower));
    // "Which of our premium features do you use most?": the use presumed.
    const used =
      opener.lower === 'which' &&
      next?.lower === 'of' &&
      ['our', 'your'].includes(t[qs + 2]?.lower ?? '') &&
      y.pos === 'VERB' &&
      ['use', 'enjoy', 'like', 'love', 'rely'].includes(y.lemma) &&
      t.slice(qs + 2, y.i).some((z) => z.lower === 'you');
    // "When did our newsletter first inspire you…": the offer's effect, only its date asked.
    const effect =
      opener.lower === 'when' &&
      y.pos === 'VERB' &&
      (benefitVerbs.has(y.lemma) || ['inspire', 'convince', 'persuade'].includes(y.lemma)) &&
      t.slice(qs + 1, y.i).some((z) => OFFER_DETERMINERS.has(z.lower) || z.pos === 'PROPN') &&
      !t.slice(qs + 1, y.i).some((z) => z.lower === 'you');
    // "the highlight of your stay", "thanks to our lessons"
    const highPoint =
      (HIGH_POINTS.has(y.lower) || (y.lower === 'best' && next1?.lower === 'part')) &&
      rest.some((z) => z.lower === 'your' || OFFER_DETERMINERS.has(z.lower));
    const credited =
      ((y.lower === 'thanks' && next1?.lower === 'to') ||
        (y.lower === 'because' && next1?.lower === 'of')) &&
      OFFER_DETERMINERS.has(next2?.lower ?? '');
    if (difficulty || highPoint || credited || benefitNamed || liking || used || effect)
      return [span('presupposition', opener, credited ? next2! : y)];
  }
  return [];
}

// ---------------------------------------------------------------------------
// Loaded words about the offer or its alternatives

function loadedWords(s: Sentence, taken: Hit[]): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  const inside = (x: Token) =>
    taken.some(
      (h) =>
        (h.kind === 'praise-hypothetical' ||
          h.kind === 'loaded-choice' ||
          h.kind === 'identity-appeal') &&
        x.start >= h.start &&
        x.end <= h.end,
    );
  for (let i = 0; i < t.length; i += 1) {
    const x = t[i]!;
    if (inside(x)) continue;
    if (!['ADJ', 'ADV', 'VERB', 'NOUN', 'PROPN'].includes(x.pos) && !x.text.includes('-')) continue;
    const v = valence(x.lower) || (x.pos === 'ADJ' ? valence(x.lemma) : 0);
    if (v === 0 || scaleWords.has(x.lower) || scaleWords.has(x.lemma)) continue;
    // Attributive: it sits in a noun phrase before its noun ("our award-winning CRM", "clunky spreadsheets").
    let k = i + 1;
    while (
      t[k] &&
      (t[k]!.pos === 'ADJ' ||
        t[k]!.pos === 'ADV' ||
        t[k]!.text === ',' ||
        t[k]!.lower === 'and' ||
        (t[k]!.pos === 'VERB' && /(?:ed|ing)$/.test(t[k]!.lower) && t[k + 1]?.pos === 'NOUN') ||
        t[k]!.text === '-')
    )
      k += 1;
    const noun = t[k];
    const afterPossessive = ['our', 'your', 'their', 'this', 'the', 'a', 'an'].includes(
      t[i - 1]?.lower ?? '',
    );
    const attributive =
      noun !== undefined &&
      (noun.pos === 'NOUN' ||
        noun.pos === 'PROPN' ||
        (noun.pos === 'VERB' && (/ing$/.test(noun.lower) || afterPossessive))) &&
      k > i &&
      (x.pos === 'ADJ' ||
        x.pos === 'ADV' ||
        x.text.includes('-') ||
        (x.pos === 'VERB' && /(?:ed|ing)$/.test(x.lower)) ||
        (x.pos === 'NOUN' &&
          valence(x.lower) !== 0 &&
          k === i + 1 &&
          (x.lower === 'miracle' || isStrongPraise(x.lower))));
    if (
      attributive &&
      !['most', 'least', 'more', 'less', 'biggest'].includes(t[i - 1]?.lower ?? '')
    ) {
      let d = i - 1;
      while (
        d >= 0 &&
        (t[d]!.pos === 'ADJ' ||
          t[d]!.pos === 'ADV' ||
          t[d]!.text === ',' ||
          t[d]!.lower === 'and' ||
          t[d]!.text.includes('-'))
      )
        d -= 1;
      const determiner = t[d];
      const offer =
        determiner !== undefined &&
        (OFFER_DETERMINERS.has(determiner.lower) ||
          determiner.pos === 'PROPN' ||
          (determiner.lower === 'the' && t[d + 1]?.lower === 'new'));
      const intensified = intensifiers.has(t[i - 1]?.lower ?? '') && v > 0;
      const strong =
        intensified ||
        Math.abs(v) >= 3 ||
        v <= -2 ||
        (offer && v >= 2) ||
        (offer && x.text.includes('-') && v > 0);
      if (
        strong &&
        (v < 0 ||
          offer ||
          Math.abs(v) >= 4 ||
          (Math.abs(v) >= 3 && !['a', 'an', 'the'].includes(determiner?.lower ?? '')))
      ) {
        hits.push(span('loaded-words', intensifiers.has(t[i - 1]?.lower ?? '') ? t[i - 1]! : x, x));
        continue;
      }
    }
    // Predicative, about the offer: "Is our new running app amazing?", "…are worth every penny"
    const closes =
      !t[i + 1] || ['?', ',', '.', '!', 'to', 'for', 'enough'].includes(t[i + 1]!.lower);
    if (x.pos === 'ADJ' && Math.abs(v) >= 3 && closes) {
      const be = t.slice(0, i).find((y) => y.lemma === 'be');
      const subjectOurs = be && t.slice(be.i, i).some((y) => OFFER_DETERMINERS.has(y.lower));
      // "…our new app makes budgeting effortless": the praise as what the offer does.
      const makes = t
        .slice(Math.max(0, i - 4), i)
        .find((y) => y.lemma === 'make' && y.pos === 'VERB');
      const madeByOurs =
        makes !== undefined &&
        t.slice(Math.max(0, makes.i - 4), makes.i).some((y) => OFFER_DETERMINERS.has(y.lower));
      if (subjectOurs || madeByOurs) {
        hits.push(span('loaded-words', x, x));
        continue;
      }
    }
    // Intensified praise anywhere: "truly exceptional", "ridiculously tasty"
    if (
      intensifiers.has(t[i - 1]?.lower ?? '') &&
      t[i - 1]?.lower !== 'so' &&
      Math.abs(v) >= 2 &&
      x.pos === 'ADJ'
    ) {
      hits.push(span('loaded-words', t[i - 1]!, x));
    }
  }
  return hits;
}

const PRAISE_IDIOMS = [
  'second to none',
  'like no other',
  'in a class of its own',
  'out of this world',
  'the envy of',
  'a cut above',
  'head and shoulders above',
  'the gold standard',
  'best value',
  'best on the market',
  'no-brainer',
];

/** Praise as a claim: "our course is the best value on the market", "second to none". */
function praiseClaims(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  const lower = s.text.toLowerCase();
  for (const idiom of PRAISE_IDIOMS) {
    const at = lower.indexOf(idiom);
    if (at >= 0)
      hits.push({ kind: 'loaded-words', start: s.start + at, end: s.start + at + idiom.length });
  }
  for (const be of t.filter((x) => x.lemma === 'be')) {
    const subject = t.slice(Math.max(0, be.i - 5), be.i);
    if (!subject.some((y) => OFFER_DETERMINERS.has(y.lower) && y.lower !== 'we')) continue;
    let k = be.i + 1;
    if (t[k]?.lower === 'the') k += 1;
    const word = t[k];
    if (!word) continue;
    if (
      [
        'best',
        'finest',
        'leading',
        'greatest',
        'top',
        'ultimate',
        'smartest',
        'cheapest',
        'fastest',
      ].includes(word.lower) ||
      (word.lower === 'most' && t[k + 1]?.pos === 'ADJ') ||
      (word.lower === 'number' && t[k + 1]?.lower === 'one')
    ) {
      hits.push(
        span(
          'loaded-words',
          word,
          t[k + 1]?.pos === 'NOUN' || t[k + 1]?.pos === 'ADJ' ? t[k + 1]! : word,
        ),
      );
    }
  }
  return hits;
}

/** Every place where the wording steers the answer, by kind. */
export function detect(sentences: Sentence[]): Hit[] {
  const hits: Hit[] = [];
  sentences.forEach((s, index) => {
    const found = [
      ...agreement(s),
      ...socialProof(s),
      ...identity(s),
      ...assumptiveWhy(s),
      ...loadedChoice(s),
      ...doubleBarrelled(s),
      ...praiseHypothetical(s, sentences[index + 1]),
      ...presupposition(s),
      ...presumedExperience(s),
    ];
    hits.push(...found, ...loadedWords(s, found), ...praiseClaims(s));
  });
  // One finding per kind and place.
  const kept: Hit[] = [];
  for (const hit of hits.sort((a, b) => a.start - b.start)) {
    if (kept.some((k) => k.kind === hit.kind && hit.start < k.end && k.start < hit.end)) continue;
    kept.push(hit);
  }
  return kept;
}

export { isQuestion, questionStart, firstWord };
