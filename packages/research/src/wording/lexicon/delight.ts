/**
 * Words a hypothetical paints delight and ease with that AFINN rates mildly
 * or not at all: showy praise compounds ("jaw-dropping"), a thing made to
 * shine ("gleaming"), a person or a skill flourishing ("thrive"), a burden
 * ceasing ("stop being a chore") and an escape from something worse
 * ("instead of a noisy…").
 */

/** Second halves of a showy praise compound: e.g. "-stopping" in "show-stopping", "-dropping". */
export const showyPraisePattern =
  /^[a-z]+-(?:stopping|dropping|turning|blowing|catching|popping|defying|inspiring|watering|melting|boggling|grabbing)$/;

/** Adjectives and participles of a thing made to shine: e.g. "gleaming", "spotless". */
export const shineWords = new Set([
  'gleaming',
  'sparkling',
  'spotless',
  'shiny',
  'shining',
  'glowing',
  'glossy',
  'polished',
  'pristine',
  'immaculate',
  'flawless',
  'perfect',
  'showroom',
  'brand-new',
  'good-as-new',
  'like-new',
]);

/** Verbs of a person, a skill or a thing flourishing: e.g. "shine", "thrive", "blossom". */
export const flourishVerbs = new Set([
  'shine',
  'thrive',
  'flourish',
  'blossom',
  'bloom',
  'soar',
  'excel',
  'sparkle',
  'glow',
  'dazzle',
]);

/** Verbs of a burden ceasing, with a burden named near them: e.g. "stop", "vanish". */
export const ceasingVerbs = new Set(['stop', 'cease', 'vanish', 'disappear', 'end', 'quit']);

/** Links that name what a scene escapes from: e.g. "instead of", "rather than". */
export const escapeLinks = new Set(['instead of', 'rather than', 'in place of', 'away from']);

/** Verbs that put a person into a scene before "of" or "about" and an -ing form: e.g. "think of taking…". */
export const sceneVerbs = new Set(['think', 'dream']);
