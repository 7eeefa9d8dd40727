// The words a question is built with: hedges, the openers of a yes/no
// question, wh-words and fixed pairs joined by "and".

/** Hedges that cancel what a question would otherwise assume. */
export const hedgePattern =
  /\b(?:if\s+(?:at\s+all|any|anything|ever|anyone|so|not)\b|if\s+(?:you|it|they|he|she|we|your\s+\w+)\s+(?:do|did|does|are|is|was|were|have|has|had|would|will|can|could|ever)(?:n't|\s+not)?(?:\s+\w+ing)?\s*(?:[?,.!]|$)|when\s+you\s+(?:do|did)\b|or\s+not\b|,\s*if\s+(?:you|it|they)\b[^,?]*[?.]?\s*$)/i;

/** Openers of a yes/no question. */
export const auxiliaries = new Set([
  'is',
  'are',
  'am',
  'was',
  'were',
  'do',
  'does',
  'did',
  'would',
  'will',
  'can',
  'could',
  'should',
  'shall',
  'may',
  'might',
  'have',
  'has',
  'had',
  'must',
  'wo',
  'ca',
]);

/** Words that open a wh-question. */
export const whWords = new Set(['how', 'what', 'which', 'why', 'when', 'where', 'who', 'whom']);

/** Fixed pairs joined by "and" that are one thing. */
export const binomials = new Set([
  'pros and cons',
  'likes and dislikes',
  'terms and conditions',
  'bed and breakfast',
  'fish and chips',
  'salt and pepper',
  'black and white',
  'research and development',
  'health and safety',
  'food and drink',
  'friends and family',
  'family and friends',
  'rock and roll',
  'fruit and veg',
  'fruit and vegetables',
  'bread and butter',
  'sales and marketing',
  'time and money',
  'now and then',
  'up and running',
  'back and forth',
  'like and dislike',
  'q and a',
]);

/** Words that open a premise clause stated before the question: "Since…, ", "Given…, ", "After…, ". */
export const premiseOpeners = new Set([
  'since',
  'as',
  'given',
  'with',
  'after',
  'because',
  'considering',
  'now',
]);

/** Adverbs that equate a thing with a label: "…is basically…", "…is essentially…". */
export const labellingAdverbs = new Set([
  'basically',
  'essentially',
  'practically',
  'effectively',
  'virtually',
  'literally',
]);

/** Words that close a statement as a request for a yes: "…, right?", "…, agreed?". */
export const agreementTags = new Set([
  'right',
  'correct',
  'yes',
  'no',
  'true',
  'agreed',
  'surely',
  'yeah',
]);

/** Words that join the two sides of a choice. */
export const choiceLinks = new Set(['or', 'versus', 'vs', 'vs.', 'over']);

/** Fillers that can open a clause before its first real word: e.g. "so", "honestly". */
export const openingFillers = new Set([
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

/** Words after "how" that ask about an amount of time or frequency: e.g. "often", "frequently". */
export const frequencyWords = new Set(['often', 'much', 'many', 'long', 'frequently']);

/** Words that tie an improvement to its cause: e.g. "since", "thanks". */
export const improvementLinks = new Set(['after', 'since', 'with', 'thanks']);

/** Prepositions that tie a liking to an occasion: "enjoy most about / at / during…". */
export const placeLinks = new Set(['about', 'at', 'in', 'during', 'from', 'on']);

/**
 * Answers that offer every side: an ending such as "or a mix", "or neither",
 * "or something else", "or not", "or none", or a list that starts at nothing
 * ("none, one, two or three").
 */
export const everyAnswerPattern =
  /\bor\s+(?:a\s+mix|neither|both|something\s+else|somewhere\s+else|elsewhere|whatever\b|about\s+the\s+same|not|none|nothing)\b|\b(?:none|nothing|zero|0)\s*,\s*(?:[\w-]+\s*,\s*)*[\w-]+,?\s+or\s+[\w-]+/i;
