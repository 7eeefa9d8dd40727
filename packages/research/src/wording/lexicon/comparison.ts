// Words of degree and rank: comparatives and superlatives a question can
// praise with, and the grading words that turn an adjective into a rank.

/** Words that compare on their own, whatever follows them: e.g. "better", "worst", "than". */
export const comparisonWords = new Set([
  'better',
  'best',
  'worse',
  'worst',
  'than',
  'favourite',
  'favorite',
]);

/** Verdicts AFINN does not rate that a "why" can take for granted: e.g. "obvious", "smarter". */
export const unratedVerdicts = new Set(['obvious', 'smarter', 'cheaper']);

/** Grading words before an adjective that make it a rank rather than praise: e.g. "most", "biggest". */
export const gradingWords = new Set(['most', 'least', 'more', 'less', 'biggest']);

/** Superlatives an offer is claimed to be after "is (the)": e.g. "finest", "fastest". */
export const claimSuperlatives = new Set([
  'best',
  'finest',
  'leading',
  'greatest',
  'top',
  'ultimate',
  'smartest',
  'cheapest',
  'fastest',
]);

/** Comparatives after "how much" that take an improvement for granted: e.g. "happier", "easier". */
export const improvementComparatives = new Set(['more', 'better', 'happier', 'easier', 'less']);

/** Superlative heads of a popularity claim before a participle: e.g. "most", "fastest", "widely". */
export const popularitySuperlatives = new Set([
  'most',
  'fastest',
  'top',
  'highest',
  'best',
  'widely',
]);

/** Superlative heads of a ranked compound: e.g. "top" in "top-performing". */
const rankHeads = ['top', 'best', 'high', 'leading'];

/** Second halves of a ranked compound: e.g. "rated" in "top-rated". */
const rankTails = ['performing', 'rated', 'ranked', 'tier'];

/** A ranked compound that counts as a crowd word: e.g. "top-performing", "high-tier". */
export const rankedCompoundPattern = new RegExp(
  `^(?:${rankHeads.join('|')})-(?:${rankTails.join('|')})$`,
);

/** Words that ask for the other end of a scale as well: e.g. "least", "dislike". */
export const otherEndWords = new Set(['least', 'dislike', 'worst', 'hate']);

/** The words of "most and least", "like or dislike" that name the lower end before the verb. */
export const lowerEndWords = new Set(['least', 'dislike']);

/** Lower ends that turn a question about liking into one about both sides: e.g. "hate". */
export const dislikeEndWords = new Set(['least', 'dislike', 'hate']);

/** What "too" makes a grievance of: e.g. "too expensive", "too slow". */
export const excessWords = new Set([
  'much',
  'many',
  'long',
  'expensive',
  'high',
  'slow',
  'often',
  'late',
]);

/** An amount above nothing, as an answer option: "a little", "quite a lot", "enormously". */
export const amountDegrees =
  /^(?:(?:quite|very|just)\s+)?(?:a\s+little(?:\s+bit)?|a\s+bit|slightly|somewhat|moderately|a\s+fair\s+amount|a\s+lot|a\s+great\s+deal|much|very\s+much|greatly|considerably|significantly|dramatically|enormously|hugely|massively|immensely)$/i;

/** Grades of size, age, time, distance or crowding, which state a fact rather than praise: "the newest in town". */
export const factualGrades = new Set([
  'new',
  'old',
  'young',
  'big',
  'large',
  'small',
  'tall',
  'high',
  'low',
  'long',
  'short',
  'wide',
  'deep',
  'early',
  'late',
  'near',
  'close',
  'far',
  'busy',
]);

/** Words of amount or frequency, not of quality: "so many", "so often", "so few". */
export const amountWords = new Set([
  'many',
  'few',
  'much',
  'little',
  'often',
  'rarely',
  'seldom',
  'frequently',
  'regularly',
  'soon',
]);

/** Verbs of coming level with another: e.g. "match", "rival". */
export const equallingVerbs = new Set(['match', 'equal', 'rival', 'meet']);

/** Verbs of coming out above another: e.g. "beat", "outdo". */
export const beatingVerbs = new Set([
  'beat',
  'outdo',
  'surpass',
  'exceed',
  'outclass',
  'outperform',
  'top',
]);
