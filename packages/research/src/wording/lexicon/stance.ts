/** Words of stance: how sure a statement sounds. */

/** Adverbs that present a view as beyond doubt: "Surely…", "Obviously…". */
export const certaintyAdverbs = new Set([
  'surely',
  'obviously',
  'clearly',
  'undoubtedly',
  'naturally',
  'certainly',
]);

/** Adjectives that declare a claim beyond dispute after "it is": e.g. "obvious", "fair". */
export const selfEvidentAdjectives = new Set(['obvious', 'clear', 'fair']);
