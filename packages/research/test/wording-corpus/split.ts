import { type LeadingKind, leadingKinds } from '@chorus/contracts';
import { addedRows } from './added-questions';
import { addedRows2 } from './added-questions-2';
import { batch3Rows, type HardCase } from './batch-3';
import { batch4Rows } from './batch-4';
import { batch5Rows } from './batch-5';
import { batch6Rows } from './batch-6';
import { batch7Rows } from './batch-7';
import { batch8Rows } from './batch-8';
import { batch9Rows } from './batch-9';
import { batch10Rows } from './batch-10';
import { batch11Rows } from './batch-11';
import { batch12Rows } from './batch-12';
import { batch13Rows } from './batch-13';
import { batch14Rows } from './batch-14';
import { batch15Rows } from './batch-15';
import { batch16Rows } from './batch-16';
import { batch17Rows } from './batch-17';
import { batch18Rows } from './batch-18';
import { batch19Rows } from './batch-19';
import { batch20Rows } from './batch-20';
import { batch21Rows } from './batch-21';
import { batch22Rows } from './batch-22';
import { batch23Rows } from './batch-23';
import { batch24Rows } from './batch-24';
import { batch25Rows } from './batch-25';
import { batch26Rows } from './batch-26';
import { batch27Rows } from './batch-27';
import { batch28Rows } from './batch-28';
import { batch29Rows } from './batch-29';
import { corpusRows } from './questions';

export type Domain =
  | 'consumer'
  | 'b2b'
  | 'finance'
  | 'health'
  | 'travel'
  | 'education'
  | 'food'
  | 'hospitality'
  | 'hr'
  | 'retail'
  | 'public'
  | 'automotive'
  | 'telecom'
  | 'insurance'
  | 'real-estate';

/** The domains of batch 3 (batch-3.ts), none of them in the earlier corpus. */
export type Batch3Domain =
  | 'veterinary'
  | 'video-games'
  | 'horticulture'
  | 'funeral'
  | 'ticketing'
  | 'charity'
  | 'legal'
  | 'removals';

/** The domains of batch 4 (batch-4.ts), in neither the earlier corpus nor batch 3. */
export type Batch4Domain =
  | 'dental'
  | 'energy'
  | 'childcare'
  | 'beauty'
  | 'cybersecurity'
  | 'publishing'
  | 'fitness'
  | 'farm-supplies';

/** The domains of batch 5 (batch-5.ts), in none of the earlier corpus, batch 3 or batch 4. */
export type Batch5Domain =
  | 'laundry'
  | 'bicycles'
  | 'music-lessons'
  | 'weddings'
  | 'coworking'
  | 'photography'
  | 'home-repairs'
  | 'crafts';

/** The domains of batch 6 (batch-6.ts), in none of the earlier corpus or batches 3 to 5. */
export type Batch6Domain =
  | 'language-learning'
  | 'camping'
  | 'tattoo'
  | 'pest-control'
  | 'driving-schools'
  | 'aquariums'
  | 'tabletop-games'
  | 'pottery';

/** The domains of batch 7 (batch-7.ts), in none of the earlier corpus or batches 3 to 6. */
export type Batch7Domain =
  | 'beekeeping'
  | 'escape-rooms'
  | 'opticians'
  | 'florists'
  | 'locksmiths'
  | 'self-storage'
  | 'genealogy'
  | 'sailing';

/** The domains of batch 8 (batch-8.ts), in none of the earlier corpus or batches 3 to 7. */
export type Batch8Domain =
  | 'dog-walking'
  | 'karaoke'
  | 'bowling'
  | 'car-washes'
  | 'print-shops'
  | 'window-cleaning'
  | 'vintage-clothing'
  | 'hot-tubs';

/** The domains of batch 9 (batch-9.ts), in none of the earlier corpus or batches 3 to 8. */
export type Batch9Domain =
  | 'cinemas'
  | 'chimney-sweeps'
  | 'museums'
  | 'golf'
  | 'shoe-repair'
  | 'riding-stables'
  | 'telescopes'
  | 'party-entertainers';

/** The domains of batch 10 (batch-10.ts), in none of the earlier corpus or batches 3 to 9. */
export type Batch10Domain =
  | 'zoos'
  | 'ice-rinks'
  | 'trampoline-parks'
  | 'dance-schools'
  | 'recording-studios'
  | 'fishing-tackle'
  | 'curtains-blinds'
  | 'model-railways';

/** The domains of batch 11 (batch-11.ts), in none of the earlier corpus or batches 3 to 10. */
export type Batch11Domain =
  | 'climbing-walls'
  | 'piano-tuners'
  | 'scuba-schools'
  | 'tailors'
  | 'hearing-aids'
  | 'coffee-roasters'
  | 'ski-schools'
  | 'archery-clubs';

/** The domains of batch 12 (batch-12.ts), in none of the earlier corpus or batches 3 to 11. */
export type Batch12Domain =
  | 'vineyards'
  | 'kayak-hire'
  | 'bakeries'
  | 'computer-repair'
  | 'skip-hire'
  | 'tree-surgeons'
  | 'upholsterers'
  | 'ghost-tours';

/** The domains of batch 13 (batch-13.ts), in none of the earlier corpus or batches 3 to 12. */
export type Batch13Domain =
  | 'pharmacies'
  | 'carpet-cleaners'
  | 'bike-couriers'
  | 'catteries'
  | 'pick-your-own'
  | 'puppet-theatres'
  | 'soap-shops'
  | 'blacksmith-courses';

/** The domains of batch 14 (batch-14.ts), in none of the earlier corpus or batches 3 to 13. */
export type Batch14Domain =
  | 'falconry-centres'
  | 'glaziers'
  | 'watch-repair'
  | 'sign-writers'
  | 'chauffeurs'
  | 'planetariums'
  | 'alpaca-treks'
  | 'stonemasons';

/** The domains of batch 15 (batch-15.ts), in none of the earlier corpus or batches 3 to 14. */
export type Batch15Domain =
  | 'bookbinders'
  | 'canal-boat-hire'
  | 'reptile-shops'
  | 'plasterers'
  | 'mobile-hairdressers'
  | 'knife-sharpening'
  | 'laser-tag'
  | 'tea-rooms';

/** The domains of batch 16 (batch-16.ts), in none of the earlier corpus or batches 3 to 15. */
export type Batch16Domain =
  | 'roofers'
  | 'cheesemongers'
  | 'go-karting'
  | 'yarn-shops'
  | 'farriers'
  | 'thatchers'
  | 'milliners'
  | 'veg-boxes';

/** The domains of batch 17 (batch-17.ts), in none of the earlier corpus or batches 3 to 16. */
export type Batch17Domain =
  | 'chocolatiers'
  | 'paintball'
  | 'scaffolders'
  | 'sauna-hire'
  | 'foraging-courses'
  | 'luthiers'
  | 'dog-groomers'
  | 'wedding-djs';

/** The domains of batch 18 (batch-18.ts), in none of the earlier corpus or batches 3 to 17. */
export type Batch18Domain =
  | 'ice-cream-parlours'
  | 'axe-throwing'
  | 'firewood-suppliers'
  | 'picture-framers'
  | 'swimming-lessons'
  | 'gin-distilleries'
  | 'hot-air-balloons'
  | 'wedding-stationers';

/** The domains of batch 19 (batch-19.ts), in none of the earlier corpus or batches 3 to 18. */
export type Batch19Domain =
  | 'surf-schools'
  | 'candle-makers'
  | 'stained-glass-studios'
  | 'barbers'
  | 'tennis-coaching'
  | 'bespoke-kitchens'
  | 'van-hire'
  | 'pub-quizzes';

/** The domains of batch 20 (batch-20.ts), in none of the earlier corpus or batches 3 to 19. */
export type Batch20Domain =
  | 'butchers'
  | 'bridal-boutiques'
  | 'chess-clubs'
  | 'bouncy-castle-hire'
  | 'mobile-cocktail-bars'
  | 'record-shops'
  | 'bin-cleaning'
  | 'bookshops';

/** The domains of batch 21 (batch-21.ts), in none of the earlier corpus or batches 3 to 20. */
export type Batch21Domain =
  | 'nail-salons'
  | 'community-choirs'
  | 'tool-hire'
  | 'mushroom-kits'
  | 'sports-massage'
  | 'calligraphy-classes'
  | 'lawn-care'
  | 'pinball-arcades';

/** The domains of batch 22 (batch-22.ts), in none of the earlier corpus or batches 3 to 21. */
export type Batch22Domain =
  | 'allotment-societies'
  | 'phone-repair'
  | 'rowing-clubs'
  | 'jigsaw-puzzles'
  | 'improv-classes'
  | 'photo-booth-hire'
  | 'skateboard-shops'
  | 'birdwatching-tours';

/** The domains of batch 23 (batch-23.ts), in none of the earlier corpus or batches 3 to 22. */
export type Batch23Domain =
  | 'drone-photography'
  | 'hypnotherapy'
  | 'cider-orchards'
  | 'sewing-machine-repair'
  | 'comic-shops'
  | 'bridge-clubs'
  | 'aerial-yoga'
  | 'wildflower-seeds';

/** The domains of batch 24 (batch-24.ts), in none of the earlier corpus or batches 3 to 23. */
export type Batch24Domain =
  | 'cookery-schools'
  | 'glamping-sites'
  | 'mini-golf'
  | 'spice-merchants'
  | 'piercing-studios'
  | 'home-brew-supplies'
  | 'tile-shops'
  | 'greengrocers';

/** The domains of batch 25 (batch-25.ts), in none of the earlier corpus or batches 3 to 24. */
export type Batch25Domain =
  | 'dog-training'
  | 'perfumeries'
  | 'food-trucks'
  | 'holiday-cottages'
  | 'kite-shops'
  | 'fencing-clubs'
  | 'wine-bars'
  | 'bonsai-nurseries';

/** The domains of batch 26 (batch-26.ts), in none of the earlier corpus or batches 3 to 25. */
export type Batch26Domain =
  | 'paddleboard-hire'
  | 'sushi-bars'
  | 'cat-cafes'
  | 'art-supplies'
  | 'bathroom-fitters'
  | 'campervan-hire'
  | 'nutritionists'
  | 'kids-coding-clubs';

/** The domains of batch 27 (batch-27.ts), in none of the earlier corpus or batches 3 to 26. */
export type Batch27Domain =
  | 'guitar-shops'
  | 'pet-sitters'
  | 'osteopaths'
  | 'houseplant-shops'
  | 'e-scooter-hire'
  | 'vegan-cafes'
  | 'pilates-studios'
  | 'carpentry-courses';

/** The domains of batch 28 (batch-28.ts), in none of the earlier corpus or batches 3 to 27. */
export type Batch28Domain =
  | 'boxing-gyms'
  | 'bagel-shops'
  | 'ferry-crossings'
  | 'solar-installers'
  | 'maths-tutors'
  | 'furniture-restorers'
  | 'cycling-tours'
  | 'comedy-clubs';

/** The domains of batch 29 (batch-29.ts), in none of the earlier corpus or batches 3 to 28. */
export type Batch29Domain =
  | 'kombucha-brewers'
  | 'snooker-halls'
  | 'pool-cleaners'
  | 'indoor-skydiving'
  | 'mountain-guides'
  | 'beach-hut-hire'
  | 'sign-language-classes'
  | 'gutter-cleaners';

export interface CorpusQuestion {
  text: string;
  domain:
    | Domain
    | Batch3Domain
    | Batch4Domain
    | Batch5Domain
    | Batch6Domain
    | Batch7Domain
    | Batch8Domain
    | Batch9Domain
    | Batch10Domain
    | Batch11Domain
    | Batch12Domain
    | Batch13Domain
    | Batch14Domain
    | Batch15Domain
    | Batch16Domain
    | Batch17Domain
    | Batch18Domain
    | Batch19Domain
    | Batch20Domain
    | Batch21Domain
    | Batch22Domain
    | Batch23Domain
    | Batch24Domain
    | Batch25Domain
    | Batch26Domain
    | Batch27Domain
    | Batch28Domain
    | Batch29Domain;
  /** The leading kinds it holds; empty when it is neutral. */
  kinds: LeadingKind[];
  half: 'tuning' | 'held-out';
}

/** 32-bit FNV-1a over the text's UTF-16 code units. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The split rule, fixed once: odd hash, held out; even hash, tuning. */
export function halfOf(text: string): CorpusQuestion['half'] {
  return fnv1a(text) % 2 === 1 ? 'held-out' : 'tuning';
}

/** The short labels of questions.ts. */
const codes: Record<string, LeadingKind> = {
  LW: 'loaded-words',
  PS: 'presupposition',
  SP: 'social-proof',
  AF: 'agreement-framing',
  IA: 'identity-appeal',
  WHY: 'assumptive-why',
  LC: 'loaded-choice',
  DB: 'double-barrelled',
  PH: 'praise-hypothetical',
};

function kindsOf(labels: string): LeadingKind[] {
  if (labels === 'N') return [];
  return labels.split('+').map((label) => {
    const kind = codes[label];
    if (!kind || !leadingKinds.includes(kind)) throw new Error(`unknown label ${label}`);
    return kind;
  });
}

/** The earlier corpus, tuning data only since batch 3 (see README.md). */
export const corpus: CorpusQuestion[] = [...corpusRows, ...addedRows, ...addedRows2].map(
  ([domain, labels, text]) => ({
    text,
    domain,
    kinds: kindsOf(labels),
    half: halfOf(text),
  }),
);

export const tuningHalf = corpus.filter((q) => q.half === 'tuning');
export const heldOutHalf = corpus.filter((q) => q.half === 'held-out');

/** A question of an evaluation batch: its domain, and which hard case it holds, if any. */
export interface BatchQuestion<
  D extends CorpusQuestion['domain'] = CorpusQuestion['domain'],
> extends CorpusQuestion {
  domain: D;
  hard?: HardCase;
}

/** A batch's rows as questions, each in the half the split rule gives it. */
function batchOf<D extends CorpusQuestion['domain']>(
  rows: readonly (readonly [D, string, string, HardCase?])[],
): BatchQuestion<D>[] {
  return rows.map(([domain, labels, text, hard]) => ({
    text,
    domain,
    kinds: kindsOf(labels),
    half: halfOf(text),
    ...(hard ? { hard } : {}),
  }));
}

const tuningOf = <Q extends CorpusQuestion>(batch: readonly Q[]) =>
  batch.filter((q) => q.half === 'tuning');
const heldOutOf = <Q extends CorpusQuestion>(batch: readonly Q[]) =>
  batch.filter((q) => q.half === 'held-out');

export const batch3 = batchOf(batch3Rows);
export const batch3TuningHalf = tuningOf(batch3);
export const batch3HeldOutHalf = heldOutOf(batch3);

export const batch4 = batchOf(batch4Rows);
export const batch4TuningHalf = tuningOf(batch4);
export const batch4HeldOutHalf = heldOutOf(batch4);

export const batch5 = batchOf(batch5Rows);
export const batch5TuningHalf = tuningOf(batch5);
export const batch5HeldOutHalf = heldOutOf(batch5);

export const batch6 = batchOf(batch6Rows);
export const batch6TuningHalf = tuningOf(batch6);
export const batch6HeldOutHalf = heldOutOf(batch6);

export const batch7 = batchOf(batch7Rows);
export const batch7TuningHalf = tuningOf(batch7);
export const batch7HeldOutHalf = heldOutOf(batch7);

export const batch8 = batchOf(batch8Rows);
export const batch8TuningHalf = tuningOf(batch8);
export const batch8HeldOutHalf = heldOutOf(batch8);
export const batch9 = batchOf(batch9Rows);
export const batch9TuningHalf = tuningOf(batch9);
export const batch9HeldOutHalf = heldOutOf(batch9);
export const batch10 = batchOf(batch10Rows);
export const batch10TuningHalf = tuningOf(batch10);
export const batch10HeldOutHalf = heldOutOf(batch10);
export const batch11 = batchOf(batch11Rows);
export const batch11TuningHalf = tuningOf(batch11);
export const batch11HeldOutHalf = heldOutOf(batch11);
export const batch12 = batchOf(batch12Rows);
export const batch12TuningHalf = tuningOf(batch12);
export const batch12HeldOutHalf = heldOutOf(batch12);
export const batch13 = batchOf(batch13Rows);
export const batch13TuningHalf = tuningOf(batch13);
export const batch13HeldOutHalf = heldOutOf(batch13);
export const batch14 = batchOf(batch14Rows);
export const batch14TuningHalf = tuningOf(batch14);
export const batch14HeldOutHalf = heldOutOf(batch14);
export const batch15 = batchOf(batch15Rows);
export const batch15TuningHalf = tuningOf(batch15);
export const batch15HeldOutHalf = heldOutOf(batch15);

export const batch16 = batchOf(batch16Rows);
export const batch16TuningHalf = tuningOf(batch16);
export const batch16HeldOutHalf = heldOutOf(batch16);

export const batch17 = batchOf(batch17Rows);
export const batch17TuningHalf = tuningOf(batch17);
export const batch17HeldOutHalf = heldOutOf(batch17);

export const batch18 = batchOf(batch18Rows);
export const batch18TuningHalf = tuningOf(batch18);
export const batch18HeldOutHalf = heldOutOf(batch18);

export const batch19 = batchOf(batch19Rows);
export const batch19TuningHalf = tuningOf(batch19);
export const batch19HeldOutHalf = heldOutOf(batch19);

export const batch20 = batchOf(batch20Rows);
export const batch20TuningHalf = tuningOf(batch20);
export const batch20HeldOutHalf = heldOutOf(batch20);

export const batch21 = batchOf(batch21Rows);
export const batch21TuningHalf = tuningOf(batch21);
export const batch21HeldOutHalf = heldOutOf(batch21);

export const batch22 = batchOf(batch22Rows);
export const batch22TuningHalf = tuningOf(batch22);
export const batch22HeldOutHalf = heldOutOf(batch22);

export const batch23 = batchOf(batch23Rows);
export const batch23TuningHalf = tuningOf(batch23);
export const batch23HeldOutHalf = heldOutOf(batch23);

export const batch24 = batchOf(batch24Rows);
export const batch24TuningHalf = tuningOf(batch24);
export const batch24HeldOutHalf = heldOutOf(batch24);

export const batch25 = batchOf(batch25Rows);
export const batch25TuningHalf = tuningOf(batch25);
export const batch25HeldOutHalf = heldOutOf(batch25);

export const batch26 = batchOf(batch26Rows);
export const batch26TuningHalf = tuningOf(batch26);
export const batch26HeldOutHalf = heldOutOf(batch26);

export const batch27 = batchOf(batch27Rows);
export const batch27TuningHalf = tuningOf(batch27);
export const batch27HeldOutHalf = heldOutOf(batch27);

export const batch28 = batchOf(batch28Rows);
export const batch28TuningHalf = tuningOf(batch28);
export const batch28HeldOutHalf = heldOutOf(batch28);

export const batch29 = batchOf(batch29Rows);
export const batch29TuningHalf = tuningOf(batch29);
export const batch29HeldOutHalf = heldOutOf(batch29);

/** Batches 3 to 29 by name, in the order they were written. */
export const batchesByName: Readonly<Record<string, readonly BatchQuestion[]>> = {
  batch3,
  batch4,
  batch5,
  batch6,
  batch7,
  batch8,
  batch9,
  batch10,
  batch11,
  batch12,
  batch13,
  batch14,
  batch15,
  batch16,
  batch17,
  batch18,
  batch19,
  batch20,
  batch21,
  batch22,
  batch23,
  batch24,
  batch25,
  batch26,
  batch27,
  batch28,
  batch29,
};

const batchesInOrder = Object.values(batchesByName);

/** The questions written before batch `n`: the earlier corpus and batches 3 to n − 1 (all of them for an `n` past the newest). */
export function writtenBefore(n: number): CorpusQuestion[] {
  return [...corpus, ...batchesInOrder.slice(0, Math.max(0, n - 3)).flat()];
}
