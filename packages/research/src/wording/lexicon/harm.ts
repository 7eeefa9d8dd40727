/**
 * Words of harm to things and people that AFINN rates mildly or not at
 * all: damage and decay, dirt, hazards, fumbling effort and idioms of
 * taking a chance. The other side of a loaded choice is painted with them
 * ("a cracked screen", "grubby rooms", "fumbling along"). A rule counts a
 * word here as running down (-2) when AFINN does not rate it lower.
 */

/** Lemmas of damage and decay, as verbs or participles: e.g. "smash", "shrink", "fade". */
export const damageLemmas = new Set([
  'smash',
  'shatter',
  'crack',
  'dent',
  'scratch',
  'rip',
  'tear',
  'stain',
  'fade',
  'shrink',
  'warp',
  'curl',
  'peel',
  'fray',
  'scorch',
  'burn',
  'ruin',
  'damage',
  'chip',
  'wreck',
  'mangle',
  'rot',
  'rust',
  'leak',
  'flood',
  'corrode',
  'crumble',
  'collapse',
  'snap',
  'buckle',
  'sag',
  'mould',
  'mold',
]);

/** Adjectives and participles of damage, decay and dirt: e.g. "grubby", "mouldy", "shrunken". */
export const damageAdjectives = new Set([
  'smashed',
  'shattered',
  'cracked',
  'dented',
  'scratched',
  'ripped',
  'torn',
  'stained',
  'faded',
  'shrunk',
  'shrunken',
  'warped',
  'curling',
  'curled',
  'peeling',
  'frayed',
  'scorched',
  'burnt',
  'ruined',
  'chipped',
  'wrecked',
  'mangled',
  'rotten',
  'rotting',
  'rusty',
  'rusted',
  'mouldy',
  'moldy',
  'musty',
  'damp',
  'grubby',
  'grimy',
  'filthy',
  'dirty',
  'scruffy',
  'smelly',
  'stinking',
  'dusty',
  'unhygienic',
  'unclean',
  'squalid',
  'tatty',
  'threadbare',
  'worn-out',
  'moth-eaten',
  'broken',
  'unvetted',
  'untrained',
  'unlicensed',
  'uninsured',
  'unregistered',
]);

/** Nouns of a hazard, an illness or a loss that a choice can threaten with: e.g. "disease", "injury". */
export const hazardNouns = new Set([
  'disease',
  'illness',
  'infection',
  'decay',
  'injury',
  'pain',
  'ache',
  'fire',
  'flood',
  'leak',
  'burglary',
  'breakdown',
  'penalty',
  'fine',
  'lawsuit',
  'accident',
  'crash',
  'stranger',
  'strangers',
  'mould',
  'mold',
  'damp',
  'rot',
  'rust',
  'moth',
  'moths',
  'pest',
  'pests',
  'vermin',
]);

/** Verbs of fumbling, aimless or clumsy effort: e.g. "fumble", "muddle", "flounder". */
export const fumblingVerbs = new Set([
  'fumble',
  'stumble',
  'flounder',
  'muddle',
  'bumble',
  'flail',
  'scramble',
  'botch',
  'bodge',
  'struggle',
  'guess',
  'grope',
  'blunder',
  'limp',
  'plod',
]);

/** Verbs that are aimless before "around" or "about": e.g. "mess around", "noodle about". */
export const aimlessVerbs = new Set(['mess', 'muck', 'fool', 'faff', 'noodle', 'fiddle', 'potter']);

/** Verbs that meet or prolong a harm after them: e.g. "face", "risk", "end up", "find out", "keep". */
export const consequenceVerbs = new Set([
  'face',
  'risk',
  'end',
  'find',
  'deal',
  'cope',
  'live',
  'keep',
]);

/** Idioms of leaving an outcome to luck: e.g. "take the chance", "cross your fingers". */
export const chanceIdiomPattern =
  /\b(?:take\s+(?:the|a|your)\s+chances?|takes?\s+(?:the|a)\s+risk|taking\s+(?:the|a)\s+(?:chance|risk)|chance\s+it|gamble|gambling|roll\s+the\s+dice|cross(?:ing)?\s+your\s+fingers|hope\s+for\s+the\s+best|trust\s+(?:to|in)\s+luck|leave\s+it\s+to\s+(?:chance|luck))\b/i;
