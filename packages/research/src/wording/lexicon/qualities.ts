// Qualities of things that marketing praises or runs down and AFINN does not
// rate: how a thing looks, feels, sounds or is made, and how it has worn.

/** Praise of look, feel, sound or make: e.g. "crisp", "plush", "bespoke". */
export const qualityPraise = new Set([
  'crisp',
  'plush',
  'airy',
  'gleaming',
  'buttery',
  'fluffy',
  'dreamy',
  'fairytale',
  'bespoke',
  'tailor-made',
  'made-to-measure',
  'handmade',
  'artisan',
  'artisanal',
  'crystal-clear',
  'razor-sharp',
  'whisper-quiet',
  'rock-solid',
  'feather-light',
  'pin-sharp',
  'silky-smooth',
  'eco-friendly',
  'vivid',
  'lush',
  'radiant',
  'glowing',
  'picture-perfect',
  'immersive',
  'meticulous',
  'painstaking',
]);

/** Running down of look, feel, sound or wear: e.g. "limp", "grainy", "tatty". */
export const qualityScorn = new Set([
  'limp',
  'grainy',
  'scratchy',
  'itchy',
  'tacky',
  'faded',
  'grubby',
  'tatty',
  'scruffy',
  'threadbare',
  'frayed',
  'wobbly',
  'creaky',
  'rusty',
  'blotchy',
  'streaky',
  'muddy',
  'washed-out',
  'worn-out',
  'run-down',
  'clapped-out',
  'mass-produced',
  'cookie-cutter',
  'botched',
  'bodged',
  'shady',
  'dodgy',
  'lifeless',
  'poky',
  'gloomy',
]);

/**
 * Compounds that praise by a simile, by the hand that made them, by the care
 * taken or by a bother taken away, whatever their parts: "crystal-<adjective>",
 * "hand-<participle>", "lovingly-<participle>", "<bother>-free", "no-<bother>".
 */
export const praisingCompounds =
  /^(?:(?:crystal|razor|whisper|feather|silky|velvet|rock|laser|pin|hand|custom|expertly|lovingly|beautifully)-[a-z]+|well-(?!known|being|off)[a-z]+|(?:fuss|mess|hassle|stress|worry|pain|trouble|bother|clutter|quibble)-free|no-(?:fuss|hassle|quibble|mess|nonsense)|must-(?:have|see|visit|try|read|buy|do|play))$/;

/** Compounds that run down what was made in bulk or worn: "mass-<participle>", "<participle>-out". */
export const scorningCompounds =
  /^(?:mass-[a-z]+|(?:washed|worn|clapped|burnt|burned)-out|run-down|beat-up|beaten-up)$/;
