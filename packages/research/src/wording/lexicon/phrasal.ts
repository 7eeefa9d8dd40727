// Phrasal verbs of experience: a verb and a particle that together name a
// fault, a breakdown or a setback, e.g. "let down", "fall apart".

/** Verbs that name a fault or a loss with one of `faultParticles` after them: e.g. "break down", "miss out". */
export const faultVerbs = new Set([
  'break',
  'fall',
  'wear',
  'let',
  'give',
  'fail',
  // A loss: a place closing for good, a chance gone ("close down", "miss out").
  'close',
  'shut',
  'miss',
]);

/** Particles that turn a `faultVerbs` verb into a fault: e.g. "down", "apart". */
export const faultParticles = new Set(['down', 'apart', 'out', 'up', 'behind']);

/** Verbs that name a breakdown with one of `breakdownParticles` after them: e.g. "cut out", "conk out". */
export const breakdownVerbs = new Set([
  'let',
  'cut',
  'break',
  'drop',
  'crash',
  'conk',
  'pack',
  'fall',
  'catch',
]);

/** Particles that turn a `breakdownVerbs` verb into a breakdown: e.g. "out", "apart". */
export const breakdownParticles = new Set(['down', 'out', 'apart']);
