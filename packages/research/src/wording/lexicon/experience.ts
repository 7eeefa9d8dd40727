// Verbs of experience: noticing, realising, liking, using and imagining,
// the verbs a question can take an experience for granted with.

/** Verbs of coming to know something: e.g. "realise", "notice", "discover". */
export const realisationVerbs = new Set([
  'realise',
  'realize',
  'notice',
  'discover',
  'decide',
  'learn',
  'see',
]);

/** Past forms after a realisation that name a state already had: e.g. "needed". */
export const realisedStates = new Set(['needed', 'had', 'were']);

/** Verbs of perceiving a change: e.g. "notice", "spot", "feel". */
export const noticingVerbs = new Set(['notice', 'see', 'feel', 'realise', 'realize', 'spot']);

/** Verbs of liking something: e.g. "enjoy", "appreciate", "adore". */
export const likingVerbs = new Set(['like', 'enjoy', 'love', 'appreciate', 'value', 'adore']);

/** The plainest verbs of liking, asked about with "most" or "about": e.g. "enjoy". */
export const enjoyVerbs = new Set(['like', 'love', 'enjoy']);

/** Verbs of using or liking an offer's part: e.g. "use", "rely". */
export const usingVerbs = new Set(['use', 'enjoy', 'like', 'love', 'rely']);

/** Verbs of coming to feel a state: e.g. "get", "become". */
export const becomingVerbs = new Set(['get', 'feel', 'become']);

/** Verbs that put a person into an imagined scene: e.g. "imagine", "picture". */
export const imagineVerbs = new Set([
  'imagine',
  'picture',
  'suppose',
  'envision',
  'envisage',
  'visualise',
  'visualize',
]);

/** Verbs and auxiliaries whose past or modal form makes an "if" unreal: e.g. "could", "owned". */
export const unrealForms = new Set(['could', 'had', 'were', 'was', 'owned', 'got', 'did', 'would']);

/** Verbs that ask what a thing the person had was like: "How did you find the…?". */
export const findingVerbs = new Set(['find']);
