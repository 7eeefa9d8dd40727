/**
 * Words that credit a person with a character or a talent, beyond the
 * character adjectives of `claims.ts`: talents ("creative", "gifted"), what a
 * talent is called ("your eye for…", "your skills"), the adjectives that make
 * a role genuine ("a proper <role>", "a true <role>") and the idioms of pride
 * in something ("take pride in").
 */

/** Adjectives of a talent a person is credited with: e.g. "creative", "gifted". */
export const talentAdjectives = new Set([
  'creative',
  'artistic',
  'talented',
  'gifted',
  'skilled',
  'skilful',
  'skillful',
  'handy',
  'musical',
  'sporty',
  'crafty',
  'resourceful',
  'practical',
  'imaginative',
  'inventive',
  'knowledgeable',
  'experienced',
  'accomplished',
  'dedicated',
  'determined',
]);

/** Nouns of a talent after "your": e.g. "your skills", "your eye for…". */
export const talentNouns = new Set([
  'talent',
  'talents',
  'skill',
  'skills',
  'flair',
  'gift',
  'knack',
  'expertise',
  'taste',
  'eye',
  'ear',
  'instinct',
  'instincts',
  'sense',
  'standards',
]);

/** Verbs of valuing beyond those of `claims.ts`: e.g. "appreciate", "respect". */
export const appreciationVerbs = new Set(['appreciate', 'respect', 'admire', 'insist', 'relish']);

/** Verbs that report how a person comes across: "you seem like someone who…". */
export const impressionVerbs = new Set(['seem', 'strike', 'sound', 'look', 'come']);

/** Idioms of a talent: e.g. "green fingers", "an eye for detail". */
export const talentIdiomPattern =
  /\b(?:green\s+(?:fingers|thumbs?)|(?:an?|your)\s+(?:good\s+|keen\s+|sharp\s+)?(?:eye|ear|nose)\s+for)\b/i;

/** Adjectives that make a role genuine before its noun: e.g. "a proper <role>", "a true <role>". */
export const genuineRoleAdjectives = new Set([
  'proper',
  'real',
  'true',
  'serious',
  'genuine',
  'dedicated',
  'committed',
  'passionate',
  'keen',
  'avid',
  'seasoned',
  'die-hard',
  'diehard',
  'born',
]);

/** Nouns of pride that make a value of what follows "in": "take pride in", "pride yourself on". */
export const prideNouns = new Set(['pride']);
