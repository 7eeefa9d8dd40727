/**
 * Words of worry and relief: what a frightening alternative is made of, and
 * how a scene of relief is painted. AFINN rates many such words only mildly
 * or not at all ("hungry", "stranded"), so they are a class of their own; a
 * rule counts a word as threatening when it is here or AFINN rates it -2 or
 * lower.
 */

/** Harm, loss and want: what an alternative is made frightening with. */
export const threatWords = new Set([
  'risk',
  'lose',
  'losing',
  'lost',
  'loss',
  'hungry',
  'starve',
  'starving',
  'freeze',
  'freezing',
  'frozen',
  'homeless',
  'stranded',
  'unsafe',
  'danger',
  'dangerous',
  'regret',
  'suffer',
  'debt',
  'hacker',
  'scammer',
  'fraudster',
  'thief',
  'tout',
  'burglar',
]);

/** Words a relief is painted with: a burden gone ("never have to", "no longer"), a task done already or by itself. */
export const reliefWords = new Set([
  'never',
  'without',
  'already',
  'simply',
  // A task that does itself, a harm escaped, the feeling named.
  'automatically',
  'itself',
  'themselves',
  'spared',
  'relief',
  'relieved',
]);

/** Idioms of a burden lifted: e.g. "off your plate", "peace of mind". */
export const reliefIdiomPattern =
  /\b(?:(?:a\s+)?thing\s+of\s+the\s+past|weight\s+off|peace\s+of\s+mind|behind\s+you|(?:just|only|simply)\s+a\s+matter\s+of|off\s+your\s+(?:hands|plate|mind)|(?:taken|took|takes)\s+care\s+of|some(?:one|body)\s+else\s+(?:did|does|took|takes|handled|handles|sorted|sorts)|sorted\s+for\s+you|not\s+(?:having|needing)\s+to|(?:leave|leaving|left)\s+(?:\w+\s+){0,4}behind)\b/i;

/** Second words that make "no" a relief: "no longer", "no more". */
export const reliefAfterNo = new Set(['longer', 'more']);

/** Verbs a person leaves a consequence to others with: "leave <someone> to <verb>…". */
export const abandonVerbs = new Set(['leave', 'let']);

/** Words of a difficulty AFINN rates mildly or not at all. */
export const difficultyWords = new Set([
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

/** Verbs of making do with less, before their particle: "settle for", "put up with", "make do". */
export const makingDoVerbs = new Map([
  ['settle', 'for'],
  ['put', 'up'],
  ['make', 'do'],
]);

/** Verbs of a hardship a "how much" or "how many" can take for granted: e.g. "waste", "suffer". */
export const hardshipVerbs = new Set(['waste', 'lose', 'struggle', 'suffer']);

/** Adjectives of being worn down by something, before "of": e.g. "tired", "weary". */
export const wearinessWords = new Set(['tired', 'sick', 'weary']);

/** Words that say a task wears a person out, which the sentiment lexicon leaves unrated: e.g. "exhausting". */
export const wearingWords = new Set([
  'exhausting',
  'draining',
  'tiresome',
  'gruelling',
  'grueling',
  'wearing',
  'exasperating',
  'maddening',
]);

/** Nouns that label a task a burden before "of": e.g. "the hassle of", "the chore of". */
export const burdenNouns = new Set([
  'nightmare',
  'headache',
  'hassle',
  'chore',
  'misery',
  'ordeal',
  'drudgery',
  'grind',
  'agony',
  'torment',
  'nuisance',
  'pain',
  'slog',
  'faff',
]);
