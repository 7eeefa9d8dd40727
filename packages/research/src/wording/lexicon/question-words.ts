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
