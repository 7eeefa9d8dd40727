/**
 * A wording check for survey questions, run before a question goes to the
 * personas: it warns about leading openers, praise for the product, presumed
 * purchases, two asks in one and absolutes, proposes a neutral rewording, and
 * frames the same question the other way round (presuming "no") so a run can
 * test whether personas simply agree with whoever asks.
 *
 * Heuristics over words, not a grammar: it is tuned to flag the common
 * patterns and to leave open questions that merely contain "love", "best" or
 * "and" alone. Pure and synchronous; runs in the browser as well.
 */

export type WordingProblemKind =
  'leading' | 'loaded' | 'double-barrelled' | 'presumptive' | 'absolute';

export interface WordingFinding {
  kind: WordingProblemKind;
  /** The words in the question that triggered it. */
  phrase: string;
  /** One plain sentence for the user. */
  why: string;
}

export interface WordingCheck {
  /** True when there is any finding. */
  leading: boolean;
  findings: WordingFinding[];
  /** A neutral rewording of the question (the question itself, trimmed, when nothing was found). */
  neutral: string;
  /**
   * The same question framed to presume the opposite, negative answer, used to
   * test whether personas just agree with the asker. Always a question ending in '?'.
   */
  reversed: string;
}

// ---------------------------------------------------------------------------
// Word lists

/** Auxiliaries that open a yes/no question. */
const AUX =
  'is|are|am|was|were|do|does|did|would|will|can|could|should|shall|may|might|have|has|had';
/** The same, negated ("isn't", "wouldnt", "won't", "can't"). */
const NEG_AUX =
  "(?:is|are|was|were|do|does|did|would|could|should|has|have|had)n'?t|won't|can't|ain't";

/** Praise that, said of the product, asks the respondent to agree with it. */
const STRONG_PRAISE = [
  'amazing',
  'awesome',
  'revolutionary',
  'incredible',
  'fantastic',
  'best-in-class',
  'world-class',
  'game-changing',
  'game changing',
  'cutting-edge',
  'cutting edge',
  'ground-breaking',
  'groundbreaking',
  'innovative',
  'beloved',
  'stunning',
  'brilliant',
  'superb',
  'outstanding',
  'exceptional',
  'phenomenal',
  'spectacular',
  'wonderful',
  'excellent',
  'unbeatable',
  'unmatched',
  'unrivalled',
  'unrivaled',
  'industry-leading',
  'market-leading',
  'state-of-the-art',
  'award-winning',
  'life-changing',
  'mind-blowing',
  'magical',
  'next-generation',
  'next-gen',
];
/** Milder praise: loaded only when said of "our" product ("our perfect app"). */
const OWN_PRAISE = [
  'great',
  'perfect',
  'beautiful',
  'powerful',
  'intuitive',
  'seamless',
  'effortless',
  'delightful',
  'sleek',
  'elegant',
  'popular',
  'best',
  'favourite',
  'favorite',
  'smart',
];

/** Positive judgements that turn "Isn't X …?" into a request to agree. */
const POSITIVE = [
  'great',
  'good',
  'nice',
  'better',
  'easier',
  'cool',
  'helpful',
  'useful',
  'handy',
  'convenient',
  'fun',
  'simple',
  'easy',
  'best',
  'perfect',
  'worth it',
  ...STRONG_PRAISE,
];

/** Qualities a yes/no question may ask about; two joined by "and" are two asks. */
const QUALITIES = new Set([
  'fast',
  'quick',
  'slow',
  'cheap',
  'affordable',
  'expensive',
  'easy',
  'simple',
  'intuitive',
  'reliable',
  'secure',
  'safe',
  'useful',
  'helpful',
  'convenient',
  'healthy',
  'tasty',
  'delicious',
  'fresh',
  'fun',
  'enjoyable',
  'clear',
  'accurate',
  'flexible',
  'friendly',
  'modern',
  'attractive',
  'valuable',
  'worthwhile',
  'comfortable',
  'stylish',
  'durable',
  'lightweight',
  'powerful',
  'private',
  'transparent',
  'fair',
  'relevant',
  'engaging',
  'motivating',
  'practical',
  'efficient',
  'effective',
  'accessible',
  'responsive',
  'stable',
  'sustainable',
  'good',
  'better',
  'cheaper',
  'faster',
  'easier',
  'safer',
  'worth',
  'satisfied',
  'happy',
]);

/** Things a respondent does; "use and recommend" is two asks. */
const ACTIONS = new Set([
  'use',
  'recommend',
  'buy',
  'purchase',
  'try',
  'pay',
  'subscribe',
  'share',
  'switch',
  'upgrade',
  'renew',
  'keep',
  'cancel',
  'download',
  'install',
  'enjoy',
  'like',
  'trust',
  'visit',
  'return',
  'book',
  'order',
  'read',
  'watch',
  'join',
  'rate',
  'review',
  'tell',
  'invite',
  'adopt',
  'replace',
  'integrate',
  'save',
  'spend',
  'invest',
  'follow',
  'attend',
  'support',
  'rent',
  'lease',
  'choose',
  'continue',
  'stop',
  'start',
  'love',
  'sign',
  'refer',
  'post',
]);

// ---------------------------------------------------------------------------
// Small helpers

const APOSTROPHES = /[\u2018\u2019\u02bc\u0060\u00b4]/g;

/** Straight apostrophes, same length, so offsets still point into the original. */
function normalise(text: string): string {
  return text.replace(APOSTROPHES, "'");
}

function alternation(words: readonly string[]): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[-\s]/g, '[-\\s]'))
    .join('|');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  if (/^I\b/.test(text) || /^[A-Z]{2}/.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The sentence without its closing punctuation. */
function body(text: string): string {
  return text.replace(/[\s?.!]+$/, '').trim();
}

const DOUBLED = /^[^aeiou]*[aeiou][bdgmnprt]$/;
const GERUNDS: Record<string, string> = { be: 'being', see: 'seeing', free: 'freeing' };

/** "try" -> "trying", "save" -> "saving", "plan" -> "planning". */
function gerund(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular = GERUNDS[lower];
  if (irregular) return irregular;
  if (lower.endsWith('ie')) return `${lower.slice(0, -2)}ying`;
  if (lower.endsWith('e') && !/(ee|ye|oe)$/.test(lower)) return `${lower.slice(0, -1)}ing`;
  if (lower.length <= 4 && DOUBLED.test(lower)) return `${lower}${lower.slice(-1)}ing`;
  return `${lower}ing`;
}

/** "to try our kit" -> "trying our kit"; anything else as it is. */
function asObject(rest: string): string {
  const toVerb = /^to\s+([a-z]+)\b\s*(.*)$/i.exec(rest);
  if (toVerb) return `${gerund(toVerb[1]!)} ${toVerb[2]!}`.trim();
  return rest;
}

const PRONOUNCED_AS_CONSONANT = /^(?:u[bcfkrst][aeiou]|use|uni|one|eu)/i;
const SILENT_H = /^(?:hour|honest|honou?r|heir)/i;

function fixArticles(text: string): string {
  return text.replace(
    /\b([Aa])(n?)\s+([A-Za-z][\w-]*)/g,
    (whole, a: string, _n: string, word: string) => {
      const vowel =
        (/^[aeiou]/i.test(word) && !PRONOUNCED_AS_CONSONANT.test(word)) || SILENT_H.test(word);
      return `${a}${vowel ? 'n' : ''} ${word}`;
    },
  );
}

function tidy(text: string): string {
  let out = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,?.!;:])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/\b(a|an|the|our|your|this|its|their|my)\s*,\s*/gi, '$1 ')
    .replace(/\b(a|an|the|our|your|this|its|their|my)\s+(?:and|or)\s+/gi, '$1 ')
    .replace(/,?\s+(?:and|or)\s*([?.!,])/gi, '$1')
    .replace(/,\s*([?.!])/g, '$1')
    .replace(/^[\s,;:]+/, '')
    .trim();
  out = out.replace(
    /([.!?]\s+)([a-z])/g,
    (_w, gap: string, letter: string) => gap + letter.toUpperCase(),
  );
  return capitalise(out);
}

function endAsQuestion(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  return /\?$/.test(trimmed) ? trimmed : `${body(trimmed)}?`;
}

// ---------------------------------------------------------------------------
// Sentences

interface Sentence {
  text: string;
  start: number;
  closed: boolean;
}

const CLOSED_START = new RegExp(`^(?:${AUX}|${NEG_AUX})\\b`, 'i');

function sentences(text: string): Sentence[] {
  const found: Sentence[] = [];
  for (const match of text.matchAll(/\S[\s\S]*?(?:[.!?]+(?=\s|$)|$)/g)) {
    if (match[0].trim() === '') continue;
    found.push({ text: match[0], start: match.index, closed: CLOSED_START.test(match[0]) });
  }
  return found;
}

// ---------------------------------------------------------------------------
// Rules

interface Rule {
  kind: WordingProblemKind;
  pattern: RegExp;
  why: (phrase: string) => string;
  /** Only in yes/no questions. */
  closedOnly?: boolean;
  /** Decides about one match (the sentence and where it was found). */
  accept?: (match: RegExpExecArray, sentence: string) => boolean;
}

const AGREEMENT_WHY = (phrase: string) =>
  `"${phrase}" tells the respondent which answer you expect, and people tend to agree with whoever asks.`;
const SENTENCE_START = String.raw`(?<=^\s*|[.!?]\s+)`;
const STATEMENT_TAG = String.raw`(?:right|agreed|true|correct|do\s+you\s+agree|(?:(?:is|are|was|were|do|does|did|would|could|should|has|have|had)n'?t|won't|can't)\s+(?:it|you|they|we|that|there)(?:\s+agree)?)`;
const TAG = new RegExp(String.raw`\s*(?:,|[-\u2013\u2014;:])\s*(${STATEMENT_TAG})\s*\?\s*$`, 'i');
const CLAIM_OPENER = String.raw`(?:surely|obviously|clearly|of\s+course|certainly|naturally|undoubtedly|it'?s\s+(?:obvious|clear)\s+that|(?:everyone|everybody)\s+(?:knows|agrees|says|loves)|(?:most|many)\s+people\s+(?:agree|know|say|think|love|prefer)|we\s+all\s+know|you'?d\s+agree|you\s+would\s+agree)`;

const RULES: Rule[] = [
  // Leading: openers and tags that presume agreement.
  {
    kind: 'leading',
    pattern: new RegExp(SENTENCE_START + String.raw`(?:${NEG_AUX})\b`, 'gi'),
    why: (phrase) =>
      `A question that opens with "${phrase}" presumes the answer is yes, so people tend to agree with it.`,
  },
  {
    kind: 'leading',
    pattern: new RegExp(
      String.raw`\b(?:wouldn'?t\s+(?:you|it)|won't\s+you|aren'?t\s+you|isn'?t\s+(?:it|that|this)|doesn'?t\s+it|don'?t\s+you\s+(?:think|agree|feel|love|like|want|wish|hate|find|believe|prefer|need))\b`,
      'gi',
    ),
    why: AGREEMENT_WHY,
  },
  {
    kind: 'leading',
    pattern: new RegExp(String.raw`\b${CLAIM_OPENER}(?:\s+that)?\b`, 'gi'),
    why: AGREEMENT_WHY,
    // "How clearly does your bank explain its fees?" is a fair question.
    accept: (match, sentence) => {
      if (!/^(?:clearly|obviously|certainly|naturally)$/i.test(match[0])) return true;
      const before = sentence.slice(0, match.index);
      const after = sentence.slice(match.index + match[0].length);
      return (
        /(?:^|[,;:])\s*$/.test(before) ||
        /^\s*(?:,|you|we|this|that|it|our|the|they)\b/i.test(after)
      );
    },
  },
  {
    kind: 'leading',
    pattern: /\bhow\s+much\s+(?:would|do|will|did)\s+you\s+(?:love|like|enjoy|adore)\b/gi,
    why: (phrase) => `"${phrase}" presumes they love it and only asks how much.`,
  },
  {
    kind: 'leading',
    pattern: /\bwhy\s+(?:do|would|did)\s+you\s+(?:love|like|prefer|enjoy|adore)\b/gi,
    why: (phrase) => `"${phrase}" presumes they already like it and only asks why.`,
  },
  {
    kind: 'leading',
    pattern: /\bhow\s+(?:excited|thrilled|eager|delighted)\b/gi,
    why: (phrase) => `"${phrase}" presumes excitement and only asks how much.`,
  },
  {
    kind: 'leading',
    pattern: new RegExp(SENTENCE_START + String.raw`(?:would|do)\s+you\s+(?:love|adore)\b`, 'gi'),
    why: AGREEMENT_WHY,
  },
  {
    kind: 'leading',
    pattern: new RegExp(
      String.raw`(?<=\S\s*(?:,|[-\u2013\u2014;:])\s*)${STATEMENT_TAG}(?=\s*\?\s*$)`,
      'gi',
    ),
    why: (phrase) =>
      `Ending a statement with "${phrase}?" asks the respondent to confirm it rather than give a view.`,
  },

  // Loaded: praise for what is being asked about.
  {
    kind: 'loaded',
    pattern: new RegExp(String.raw`\b(?:${alternation(STRONG_PRAISE)})\b(?!-)`, 'gi'),
    why: (phrase) =>
      `"${phrase}" praises what you are asking about, which nudges people to agree with the praise.`,
    // "your perfect dinner", "what would make it amazing" describe the respondent's ideal.
    accept: (match, sentence) => {
      const before = sentence.slice(0, match.index);
      return (
        !/\b(?:your|their|my)\s+(?:[\w-]+\s+)?$/i.test(before) &&
        !/\bmake\s+(?:[\w-]+\s+){0,3}$/i.test(before)
      );
    },
  },
  {
    kind: 'loaded',
    pattern: new RegExp(
      String.raw`\bour\s+(?:(?:new|own|latest)\s+)?(?:${alternation(OWN_PRAISE)})\b`,
      'gi',
    ),
    why: (phrase) =>
      `"${phrase}" praises your own product, which nudges people to agree with the praise.`,
  },

  // Presumptive: the purchase or use is taken for granted.
  {
    kind: 'presumptive',
    pattern:
      /\bhow\s+much\s+(?:more\s+)?would\s+you\s+(?:be\s+willing\s+to\s+|like\s+to\s+)?pay\s+for\s+our\b|\bhow\s+much\s+more\s+would\s+you\s+(?:be\s+willing\s+to\s+)?pay\b/gi,
    why: (phrase) => `"${phrase}" assumes they would pay at all; leave room for "nothing".`,
  },
  {
    kind: 'presumptive',
    pattern:
      /\bwhen\s+(?:will|are)\s+you\s+(?:going\s+to\s+)?(?:buy|purchase|order|subscribe|sign\s+up|upgrade|switch|start|try|book|join|download|install|renew)\b/gi,
    why: (phrase) => `"${phrase}" assumes they will do it and only asks when.`,
  },
  {
    kind: 'presumptive',
    pattern: /\bhow\s+(?:often|many\s+times)\s+will\s+you\s+[a-z]+\b/gi,
    why: (phrase) => `"${phrase}" assumes they will use it and only asks how often.`,
  },
  {
    kind: 'presumptive',
    pattern: /\bhow\s+much\s+will\s+you\s+(?:save|spend|pay)\b/gi,
    why: (phrase) => `"${phrase}" assumes they will use it and only asks how much.`,
  },
  {
    kind: 'presumptive',
    pattern:
      /\bwhich\s+(?:[a-z]+\s+){0,2}?will\s+you\s+(?:buy|choose|pick|order|use|upgrade\s+to)\b/gi,
    why: (phrase) => `"${phrase}" assumes they will choose one; leave room for "none".`,
  },
  {
    kind: 'presumptive',
    pattern: /\bwhat\s+do\s+you\s+(?:like|love|enjoy)\s+(?:the\s+)?(?:most|best)\s+about\s+our\b/gi,
    why: (phrase) => `"${phrase}" assumes they like it; leave room for "nothing".`,
  },

  // Absolutes in a yes/no question.
  {
    kind: 'absolute',
    pattern: /\b(?:always|never|every\s+(?:single\s+)?time|all\s+the\s+time)\b/gi,
    closedOnly: true,
    why: (phrase) =>
      `"${phrase}" is an absolute few people can honestly say yes or no to; ask how often instead.`,
  },
];

// Two asks in one yes/no question: "fast and secure", "use and recommend",
// "book hotels … and share your plans".
const PAIR = /\b([a-z][\w-]*)\s+(and|or)\s+([a-z][\w-]*)\b/gi;
const AND_ACTION = /\s(?:,\s*)?and\s+(?:then\s+|also\s+)?([a-z]+)\b/gi;
const DOUBLE_WHY = (phrase: string) =>
  `"${phrase}" asks about two things at once, so one answer can't tell you which it is about.`;

function isQuality(word: string): boolean {
  return QUALITIES.has(word.toLowerCase());
}
function isAction(word: string): boolean {
  return ACTIONS.has(word.toLowerCase());
}

interface Hit {
  kind: WordingProblemKind;
  start: number;
  end: number;
  why: string;
  /** How a rewrite removes it (double-barrelled only). */
  cutFrom?: number;
  cutTo?: number;
}

function doubleBarrelled(sentence: Sentence): Hit[] {
  if (!sentence.closed) return [];
  const text = sentence.text;
  const hits: Hit[] = [];
  const choice = /\b(?:prefer|rather|choose|either|whether)\b/i.test(text);
  for (const match of text.matchAll(PAIR)) {
    const [whole, first, joiner, second] = match as unknown as [string, string, string, string];
    if (first.toLowerCase() === second.toLowerCase() || second.toLowerCase() === 'not') continue;
    const both =
      (isQuality(first) && isQuality(second)) ||
      (isAction(first) && isAction(second)) ||
      (isAction(first) && isQuality(second)) ||
      (isQuality(first) && isAction(second));
    if (!both) continue;
    if (joiner.toLowerCase() === 'or' && (choice || !(isAction(first) && isAction(second))))
      continue;
    const start = sentence.start + match.index;
    // "fast and secure", "use and recommend it": the rest applies to the first
    // word too; "easy to use and worth the price": the rest belongs to the second.
    const alike = isQuality(first) === isQuality(second) && isAction(first) === isAction(second);
    hits.push({
      kind: 'double-barrelled',
      start,
      end: start + whole.length,
      why: DOUBLE_WHY(whole),
      cutFrom: start + first.length,
      cutTo: alike ? start + whole.length : sentence.start + body(text).length,
    });
  }
  if (hits.length > 0) return hits;
  // "Would you book hotels through our app and share your plans?": a second action after "and".
  const subject = /^\S+\s+you\s+([a-z]+)\b/i.exec(text);
  if (!subject || !isAction(subject[1]!)) return hits;
  for (const match of text.matchAll(AND_ACTION)) {
    if (match.index < subject[0].length || !isAction(match[1]!)) continue;
    const phraseStart = sentence.start + subject[0].length - subject[1]!.length;
    const andAt = sentence.start + match.index;
    const end = andAt + match[0].length;
    const phrase = `${subject[1]!} … and ${match[1]!}`;
    hits.push({
      kind: 'double-barrelled',
      start: phraseStart,
      end,
      why: DOUBLE_WHY(phrase),
      cutFrom: andAt,
      cutTo: sentence.start + body(text).length,
    });
    break;
  }
  return hits;
}

function findHits(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const sentence of sentences(text)) {
    for (const rule of RULES) {
      if (rule.closedOnly && !sentence.closed) continue;
      rule.pattern.lastIndex = 0;
      for (const match of sentence.text.matchAll(rule.pattern)) {
        if (rule.accept && !rule.accept(match as RegExpExecArray, sentence.text)) continue;
        const start = sentence.start + match.index;
        hits.push({
          kind: rule.kind,
          start,
          end: start + match[0].length,
          why: rule.why(match[0].replace(/\s+/g, ' ')),
        });
      }
    }
    hits.push(...doubleBarrelled(sentence));
  }
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  // One finding per stretch of words: the first, longest rule wins.
  const kept: Hit[] = [];
  for (const hit of hits) {
    if (kept.some((k) => hit.start < k.end && k.start < hit.end && k.kind === hit.kind)) continue;
    if (kept.some((k) => hit.start >= k.start && hit.end <= k.end)) continue;
    kept.push(hit);
  }
  return kept;
}

function toFindings(original: string, hits: Hit[]): WordingFinding[] {
  return hits.map((hit) => ({
    kind: hit.kind,
    phrase: original.slice(hit.start, hit.end).replace(/\s+/g, ' '),
    why: hit.why,
  }));
}

// ---------------------------------------------------------------------------
// Neutral rewording

const POSITIVE_ALT = alternation(POSITIVE);
const NEG_AUX_RE = new RegExp(`^(${NEG_AUX})\\s+`, 'i');

function positiveAux(negated: string): string {
  const lower = negated.toLowerCase().replace("'", '');
  if (lower === 'wont') return 'will';
  if (lower === 'cant') return 'can';
  if (lower === 'aint') return 'is';
  return lower.replace(/n'?t$/, '');
}

/** "you'd pay more" -> "Would you pay more?"; a claim -> "Do you think …, or not?". */
function asQuestion(statement: string): string {
  const text = body(statement).replace(/^[,\s]+/, '');
  if (text === '') return '';
  if (CLOSED_START.test(text) || /^(?:how|what|why|when|where|which|who)\b/i.test(text)) {
    return `${capitalise(text)}?`;
  }
  const modal = /^you(?:'d|\s+would|'ll|\s+will|\s+can|'re|\s+are)\s+(.*)$/i.exec(text);
  if (modal) {
    const said = text
      .slice(3, text.length - modal[1]!.length)
      .trim()
      .toLowerCase();
    const aux =
      said.includes('d') || said === 'would'
        ? 'Would'
        : said.includes('ll') || said === 'will'
          ? 'Will'
          : said === 'can'
            ? 'Can'
            : 'Are';
    return `${aux} you ${modal[1]!}?`;
  }
  const verb = /^you\s+(want|need|like|use|prefer|know|pay|spend|buy|save|check)\b\s*(.*)$/i.exec(
    text,
  );
  if (verb) return `Do you ${verb[1]!.toLowerCase()} ${verb[2]!}`.trim() + '?';
  return `Do you think ${lowerFirst(text)}, or not?`;
}

/** Rewrites how one sentence opens; returns it unchanged when no opener applies. */
function neutralOpener(sentence: string): string {
  let s = sentence.trim();

  // Tags and claims: "X, right?", "Surely X?", "Everyone knows X".
  const tag = TAG.exec(s);
  if (tag) s = s.slice(0, tag.index);
  const claim = new RegExp(`^${CLAIM_OPENER}(?:\\s+that)?\\s*,?\\s*`, 'i').exec(s);
  if (claim) s = s.slice(claim[0].length);
  if (tag || claim) return asQuestion(s);

  let m: RegExpExecArray | null;
  const rest = (text: string) => body(text);

  if (
    (m = new RegExp(
      `^(${NEG_AUX})\\s+you\\s+(?:love|like|enjoy|want|prefer|adore)\\s+(.*)$`,
      'i',
    ).exec(s))
  ) {
    const aux = /^do|^did/i.test(m[1]!) ? 'do' : 'would';
    return `How ${aux} you feel about ${asObject(rest(m[2]!))}?`;
  }
  if (
    (m = new RegExp(
      `^(?:${NEG_AUX})\\s+you\\s+(think|agree|feel|believe|find|say)(?:\\s+that)?\\s+(.*)$`,
      'i',
    ).exec(s))
  ) {
    const verb = /^(?:agree|say|believe)$/i.test(m[1]!) ? 'think' : m[1]!.toLowerCase();
    return `Do you ${verb} ${lowerFirst(rest(m[2]!))}, or not?`;
  }
  if ((m = /^wouldn'?t\s+it\s+be\s+[\w-]+\s+(?:(?:for\s+you\s+)?(to\s+.*)|if\s+(.*))$/i.exec(s))) {
    return m[1]
      ? `How would you feel about ${asObject(rest(m[1]))}?`
      : `How would you feel if ${rest(m[2]!)}?`;
  }
  if (
    (m = new RegExp(
      `^(?:isn'?t|aren'?t)\\s+it\\s+(?:[\\w-]+)\\s+(that|when|to)\\s+(.*)$`,
      'i',
    ).exec(s))
  ) {
    const joiner = m[1]!.toLowerCase();
    if (joiner === 'to') return `How do you feel about ${asObject(`to ${rest(m[2]!)}`)}?`;
    if (joiner === 'when') return `How do you feel when ${rest(m[2]!)}?`;
    return `How do you feel about the fact that ${rest(m[2]!)}?`;
  }
  if (
    (m = new RegExp(
      `^(?:isn'?t|aren'?t)\\s+(.+?)\\s+(?:really\\s+|so\\s+|just\\s+)?(?:${POSITIVE_ALT})\\s*\\?*$`,
      'i',
    ).exec(s))
  ) {
    return `What do you think of ${lowerFirst(m[1]!)}?`;
  }
  if ((m = NEG_AUX_RE.exec(s))) {
    return `${capitalise(positiveAux(m[1]!))} ${rest(s.slice(m[0].length))}, or not?`;
  }
  if (
    (m = /^how\s+much\s+(would|will|do|did)\s+you\s+(?:love|like|enjoy|adore)\s+(.*)$/i.exec(s))
  ) {
    return /^(?:would|will)$/i.test(m[1]!)
      ? `How would you feel about ${asObject(rest(m[2]!))}?`
      : `What do you think of ${rest(m[2]!)}?`;
  }
  if (
    (m =
      /^why\s+(?:do|would|did)\s+you\s+prefer\s+(.+?)\s+(?:over|to|instead\s+of|rather\s+than)\s+(.*)$/i.exec(
        s,
      ))
  ) {
    return `How does ${m[1]!} compare with ${rest(m[2]!)} for you?`;
  }
  if ((m = /^why\s+(?:do|would|did)\s+you\s+(?:love|like|prefer|enjoy|adore)\s+(.*)$/i.exec(s))) {
    return `What do you think of ${rest(m[1]!)}?`;
  }
  if (
    (m =
      /^how\s+(?:excited|thrilled|eager|delighted)\s+(are|is|would|will)\s+you\s+(?:be\s+)?(?:about|by|with|for)?\s*(.*)$/i.exec(
        s,
      ))
  ) {
    const aux = /^(?:would|will)$/i.test(m[1]!) ? 'would' : 'do';
    return `How ${aux} you feel about ${asObject(rest(m[2]!))}?`;
  }
  if ((m = /^would\s+you\s+(?:love|adore)\s+(.*)$/i.exec(s))) {
    return `How would you feel about ${asObject(rest(m[1]!))}?`;
  }
  if ((m = /^do\s+you\s+(?:love|adore)\s+(.*)$/i.exec(s))) {
    return `What do you think of ${rest(m[1]!)}?`;
  }
  return s;
}

/** Leading words left inside a sentence ("…, wouldn't you upgrade?"). */
function neutralInside(sentence: string): string {
  return sentence
    .replace(/\bwouldn'?t\s+(you|it)\b/gi, 'would $1')
    .replace(/\bwon't\s+you\b/gi, 'will you')
    .replace(/\baren'?t\s+you\b/gi, 'are you')
    .replace(/\bisn'?t\s+(it|that|this)\b/gi, 'is $1')
    .replace(/\bdoesn'?t\s+it\b/gi, 'does it')
    .replace(/\bdon'?t\s+you\s+/gi, 'do you ')
    .replace(/\b(?:surely|of\s+course|undoubtedly)\b,?\s*/gi, '')
    .replace(/(^|[,;:]\s*)(?:clearly|obviously|certainly|naturally)\b,?\s*/gi, '$1')
    .replace(/\b(?:everyone|everybody)\s+(?:knows|agrees|says|loves)\s+(?:that\s+)?/gi, '')
    .replace(/\b(?:most|many)\s+people\s+(?:agree|know|say|think|love|prefer)\s+(?:that\s+)?/gi, '')
    .replace(/\byou(?:'d|\s+would)\s+agree\s+(?:that\s+)?/gi, '')
    .replace(/\bhow\s+(?:excited|thrilled|eager|delighted)\b/gi, 'how')
    .replace(
      /\bhow\s+much\s+(would|do|will|did)\s+you\s+(?:love|like|enjoy|adore)\b/gi,
      'how $1 you feel about',
    );
}

function withoutPraise(sentence: string): string {
  const predicate = new RegExp(
    `^(?:is|are)\\s+(.+?)\\s+(?:really\\s+|so\\s+|truly\\s+)?(?:${alternation(STRONG_PRAISE)})\\s*\\?*$`,
    'i',
  ).exec(sentence.trim());
  if (predicate) return `What do you think of ${lowerFirst(predicate[1]!)}?`;
  let out = sentence;
  for (const rule of RULES) {
    if (rule.kind !== 'loaded') continue;
    out = out.replace(rule.pattern, (match: string, ...args: unknown[]) => {
      const offset = args.find((arg) => typeof arg === 'number') as number;
      const exec = Object.assign([match], {
        index: offset,
        input: out,
      }) as unknown as RegExpExecArray;
      if (rule.accept && !rule.accept(exec, out)) return match;
      return /^our\b/i.test(match)
        ? match.replace(/^(our\s+(?:(?:new|own|latest)\s+)?)[\w-]+$/i, '$1')
        : '';
    });
  }
  return out;
}

function withoutPresumption(sentence: string): string {
  return sentence
    .replace(
      /\bhow\s+much\s+more\s+would\s+you\s+(?:be\s+willing\s+to\s+)?pay\s+for\b/gi,
      'what, if anything, would you pay extra for',
    )
    .replace(
      /\bhow\s+much\s+more\s+would\s+you\s+(?:be\s+willing\s+to\s+)?pay\b/gi,
      'what, if anything, would you pay extra',
    )
    .replace(
      /\bhow\s+much\s+would\s+you\s+(?:be\s+willing\s+to\s+|like\s+to\s+)?pay\s+for\s+our\b/gi,
      'what, if anything, would you pay for our',
    )
    .replace(/\bwhen\s+(?:will|are)\s+you\s+(?:going\s+to\s+)?/gi, 'when, if ever, would you ')
    .replace(/\bhow\s+(often|many\s+times)\s+will\s+you\b/gi, 'how $1, if at all, would you')
    .replace(
      /\bhow\s+much\s+will\s+you\s+(save|spend|pay)\b/gi,
      'how much, if anything, do you expect to $1',
    )
    .replace(/\bwhich\s+((?:[a-z]+\s+){0,2}?)will\s+you\b/gi, (_m, noun: string) =>
      `which ${noun.trim()}, if any, would you`.replace(/which ,/i, 'which,'),
    )
    .replace(
      /\bwhat\s+do\s+you\s+(like|love|enjoy)\s+(?:the\s+)?(?:most|best)\s+about\s+our\b/gi,
      'what, if anything, do you $1 about our',
    );
}

const ABSOLUTE_AFTER_SUBJECT = new RegExp(
  `^(${AUX})\\s+((?:[\\w'-]+\\s+){1,4}?)(?:always|never)\\s+(.*)$`,
  'i',
);

function withoutAbsolutes(sentence: string): string {
  if (!CLOSED_START.test(sentence.trim())) return sentence;
  const m = ABSOLUTE_AFTER_SUBJECT.exec(sentence.trim());
  // "Do you always X?" -> "How often do you X?"; elsewhere the absolute goes.
  const s = m ? `How often ${m[1]!.toLowerCase()} ${m[2]!}${m[3]!}` : sentence;
  return s
    .replace(/\bevery\s+(?:single\s+)?time\s+(?=you|we|they|I|it)/gi, 'when ')
    .replace(/\s*\b(?:always|never|every\s+(?:single\s+)?time|all\s+the\s+time)\b/gi, '');
}

function withoutSecondAsk(text: string): string {
  for (const sentence of sentences(text)) {
    const hits = doubleBarrelled(sentence);
    const hit = hits[0];
    if (hit?.cutFrom !== undefined && hit.cutTo !== undefined) {
      return text.slice(0, hit.cutFrom) + text.slice(hit.cutTo);
    }
  }
  return text;
}

function rewriteOnce(text: string): string {
  let out = sentences(text)
    .map((sentence) => {
      let s = neutralOpener(sentence.text);
      s = neutralInside(s);
      s = withoutPraise(s);
      s = withoutPresumption(s);
      s = withoutAbsolutes(s);
      return tidy(s);
    })
    .join(' ');
  out = withoutSecondAsk(out);
  return endAsQuestion(fixArticles(tidy(out)));
}

function neutralise(text: string): string {
  let current = text;
  for (let pass = 0; pass < 4; pass += 1) {
    if (findHits(current).length === 0) return current;
    current = rewriteOnce(current);
  }
  if (findHits(current).length === 0) return current;
  // Whatever is still flagged goes; what is left is asked about plainly.
  return 'What do you think about this?';
}

// ---------------------------------------------------------------------------
// Reversed framing

const STATE_VERBS =
  /^(?:be|have|like|love|hate|prefer|rather|think|feel|know|agree|say|mind|need|want|find|see|hear|describe|expect)$/i;

function reverse(neutral: string): string {
  const question = sentences(neutral).at(-1)?.text ?? '';
  const preamble = neutral.slice(0, neutral.length - question.length).trim();
  const q = body(question).replace(/,\s*or\s+not$/i, '');
  const framed = reverseQuestion(q);
  return preamble ? `${preamble} ${framed}` : framed;
}

function reverseQuestion(q: string): string {
  let m: RegExpExecArray | null;
  if (q === '') return 'Is there any reason you would not answer this?';
  if ((m = /^do\s+you\s+(?:think|believe|feel)\s+(?:that\s+)?(.*)$/i.exec(q))) {
    return `Don't you doubt that ${m[1]!}?`;
  }
  if ((m = /^how\s+(?:would|do)\s+you\s+feel\s+about\s+(.*)$/i.exec(q))) {
    return `Wouldn't you have doubts about ${m[1]!}?`;
  }
  if ((m = /^how\s+(?:would|do)\s+you\s+feel\s+(if|when)\s+(.*)$/i.exec(q))) {
    return `Wouldn't you be uneasy ${m[1]!.toLowerCase()} ${m[2]!}?`;
  }
  if ((m = /^what\s+do\s+you\s+think\s+(?:of|about)\s+(.*)$/i.exec(q))) {
    return `Don't you have doubts about ${m[1]!}?`;
  }
  if ((m = /^what,\s+if\s+anything,\s+would\s+you\s+pay\s+(?:extra\s+)?for\s+(.*)$/i.exec(q))) {
    return `Wouldn't you find paying for ${m[1]!} not worth it?`;
  }
  if (
    (m =
      /^how\s+often(?:,\s+if\s+at\s+all,)?\s+(?:do|would|will|did)\s+you\s+([a-z]+)\b\s*(.*)$/i.exec(
        q,
      ))
  ) {
    return `Isn't it rare for you to ${`${m[1]!} ${m[2]!}`.trim()}?`;
  }
  if ((m = /^what,\s+if\s+anything,\s+do\s+you\s+(like|love|enjoy)\s+about\s+(.*)$/i.exec(q))) {
    return `Isn't there little you ${m[1]!.toLowerCase()} about ${m[2]!}?`;
  }
  if (
    (m = /^how\s+much,\s+if\s+anything,\s+do\s+you\s+expect\s+to\s+([a-z]+)\b\s*(.*)$/i.exec(q))
  ) {
    return `Don't you expect to ${m[1]!} very little ${m[2]!}`.trim() + '?';
  }
  if ((m = /^which\s+(.+?),\s+if\s+any,\s+would\s+you\s+([a-z]+)\b\s*(.*)$/i.exec(q))) {
    return `Wouldn't you ${m[2]!} no ${m[1]!} at all ${m[3]!}`.trim() + '?';
  }
  if ((m = /^how\s+likely\s+are\s+you\s+to\s+(.*)$/i.exec(q))) {
    return `Aren't you unlikely to ${m[1]!}?`;
  }
  if ((m = /^when,\s+if\s+ever,\s+would\s+you\s+([a-z]+)\b\s*(.*)$/i.exec(q))) {
    return `Wouldn't you hold off on ${`${gerund(m[1]!)} ${m[2]!}`.trim()}?`;
  }
  if (
    (m = /^(would|will|do|did)\s+you\s+([a-z]+)\b\s*(.*)$/i.exec(q)) &&
    !STATE_VERBS.test(m[2]!)
  ) {
    const aux = m[1]!.toLowerCase() === 'will' ? "Won't" : `${capitalise(m[1]!.toLowerCase())}n't`;
    return `${aux} you find ${`${gerund(m[2]!)} ${m[3]!}`.trim()} not worth it?`;
  }
  if (CLOSED_START.test(q)) return `Wouldn't you say no to this: ${lowerFirst(q)}?`;
  return `Wouldn't your honest answer be a negative one: ${lowerFirst(q)}?`;
}

// ---------------------------------------------------------------------------

/** Checks a survey question for wording that steers the answer. */
export function checkWording(questionText: string): WordingCheck {
  const trimmed = questionText.trim();
  const text = normalise(trimmed);
  const hits = findHits(text);
  const neutral = hits.length === 0 ? trimmed : neutralise(text);
  return {
    leading: hits.length > 0,
    findings: toFindings(trimmed, hits),
    neutral,
    reversed: reverse(normalise(neutral)),
  };
}
