// What a question can seem to take for granted without doing so.

/** Openers of an imagined scene, in which no experience is presumed: e.g. "what if", "imagine". */
export const imaginedOpeners = /^\s*(?:what\s+if|imagine|picture|suppose|supposing|think\s+of)\b/i;

/** Verbs of being held back: "What stopped you…", "What kept you from…". */
export const holdingBackVerbs = new Set(['stop', 'keep', 'prevent', 'hold', 'put']);
