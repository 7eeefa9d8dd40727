// Verbs a question can take a habit or a benefit for granted with.

/** Verbs of speaking up for something to others: e.g. "recommend", "refer". */
export const advocacyVerbs = new Set([
  'recommend',
  'refer',
  'praise',
  'rave',
  'endorse',
  'champion',
  'promote',
  'tell',
  'mention',
  'share',
]);

/** Verbs of an opinion or a wish, which ask a view rather than a habit: e.g. "find", "prefer". */
export const opinionVerbs = new Set([
  'find',
  'think',
  'consider',
  'rate',
  'prefer',
  'want',
  'need',
  'expect',
  'wish',
]);

/** Verbs of growing or getting better: e.g. "grow", "progress", "flourish". */
export const growthVerbs = new Set([
  'grow',
  'improve',
  'progress',
  'develop',
  'advance',
  'blossom',
  'flourish',
  'strengthen',
  'deepen',
  'expand',
  'increase',
  'rise',
  'soar',
  'climb',
]);

/** Verbs of being stirred by something, whatever their valence: e.g. "move", "touch". */
export const stirringVerbs = new Set(['move', 'touch', 'stir', 'wow', 'thrill', 'captivate']);

/** Verbs of an effect too plain to presume a benefit when the subject is not the offer: e.g. "change". */
export const plainEffects = new Set(['change', 'make', 'notice', 'cut', 'raise']);

/** Adverbs that make a present-tense question ask about a habit: e.g. "usually", "normally". */
export const habitualAdverbs = new Set(['usually', 'normally', 'typically', 'generally', 'mostly']);
