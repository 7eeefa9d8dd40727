import {
  ageBand,
  type AgeBand,
  type CalibrationOpinion,
  calibrationOpinions,
  type Fidelity,
  type FidelityRow,
  genderOption,
  type GenderOption,
  genderWord,
  type PersonaSide,
  type RealAnswer,
} from '@chorus/contracts';
import { jensenShannonDistance } from './agreement';
import { ksFromCounts } from './ks';
import { distanceLevel, ofOne } from './levels';

/**
 * Calibration: real customers' answers to a question set beside the persona
 * panel's (the fidelity card), with how far apart they are and how varied
 * each side is, in plain words first and by technical name second.
 */

/** Counts in the order positive, neutral, negative. */
function opinionCounts(opinions: readonly CalibrationOpinion[]): [number, number, number] {
  const counts: [number, number, number] = [0, 0, 0];
  for (const o of opinions) counts[calibrationOpinions.indexOf(o)]! += 1;
  return counts;
}

function shares(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((n) => (total > 0 ? n / total : 0));
}

/** Variance of an opinion count vector on the scale positive 1, neutral 0, negative -1. */
export function opinionVariance(counts: readonly [number, number, number]): number {
  const [p, , n] = shares(counts);
  const mean = p! - n!;
  return p! + n! - mean * mean;
}

/** Persona variance / human variance; null when the humans all agree (no spread to compare). */
export function spreadRatio(
  persona: readonly [number, number, number],
  human: readonly [number, number, number],
): number | null {
  const h = opinionVariance(human);
  if (h <= 1e-12) return null;
  return opinionVariance(persona) / h;
}

/**
 * What a spread ratio means, in words. Within a quarter either way of 1
 * (0.75 to 1.33, the same factor up and down) the two sides are about as varied.
 */
function spreadMeaning(ratio: number | null): string {
  if (ratio === null) return 'the real answers all agree, so there is no spread to compare';
  if (ratio < 0.75) return 'the panel is more uniform than real customers';
  if (ratio > 1.33) return 'the panel is more divided than real customers';
  return 'the panel is about as varied as real customers';
}

function segmentRow(
  label: string,
  humans: readonly CalibrationOpinion[],
  personas: readonly CalibrationOpinion[],
): FidelityRow {
  const human = opinionCounts(humans);
  const persona = opinionCounts(personas);
  return {
    label,
    human,
    persona,
    distance:
      humans.length > 0 && personas.length > 0 ? jensenShannonDistance(human, persona) : null,
  };
}

/** A gender as written in an upload or a template, read the one way every upload reads it. */
function genderOf(gender: string | null): GenderOption | null {
  return gender ? genderOption(genderWord(gender)) : null;
}

function ratingCounts(ratings: readonly number[]): number[] {
  const counts = [0, 0, 0, 0, 0];
  for (const r of ratings) if (Number.isInteger(r) && r >= 1 && r <= 5) counts[r - 1]! += 1;
  return counts;
}

/** The largest gap between the cumulative shares: over ratings 1–5 when both sides rated, else over the ordered opinions. */
function ksOf(
  answers: readonly RealAnswer[],
  personas: readonly PersonaSide[],
  human: [number, number, number],
  persona: [number, number, number],
): Pick<Fidelity, 'ks' | 'ksOver' | 'ksText' | 'ksTechnical'> {
  const personaRatings = personas.map((p) => p.rating ?? null);
  const ratedPanel = personas.length > 0 && personaRatings.every((r) => r !== null);
  if (ratedPanel) {
    const result = ksFromCounts(
      ratingCounts(answers.map((a) => a.rating ?? 0)),
      ratingCounts(personaRatings as number[]),
    );
    return {
      ks: result.d,
      ksOver: 'ratings',
      ksText: `Largest gap between their ratings: ${ofOne(result.d)}, the most the share of people and of personas rating up to any point of the 1–5 scale differ.`,
      ksTechnical: `Two-sample Kolmogorov–Smirnov D = ${result.d.toFixed(2)} over ratings 1–5 (asymptotic p = ${result.p.toFixed(2)}, conservative with tied ratings)`,
    };
  }
  // Ordered negative -> positive for the cumulative comparison.
  const ordered = (c: [number, number, number]) => [c[2], c[1], c[0]];
  const result = ksFromCounts(ordered(human), ordered(persona));
  return {
    ks: result.d,
    ksOver: 'opinions',
    ksText: `Largest gap between their ratings: ${ofOne(result.d)}, counted over three steps (1–2 negative, 3 neutral, 4–5 positive) because the personas answer with an opinion, not a rating.`,
    ksTechnical: `Two-sample Kolmogorov–Smirnov D = ${result.d.toFixed(2)} over the three ordered opinions, the real ratings grouped as 1–2, 3 and 4–5 (asymptotic p = ${result.p.toFixed(2)})`,
  };
}

/** The fidelity card: real answers against the persona panel's opinions. */
export function fidelity(
  answers: readonly RealAnswer[],
  personas: readonly PersonaSide[],
  source: 'opinion' | 'rating',
): Fidelity {
  const human = opinionCounts(answers.map((a) => a.opinion));
  const persona = opinionCounts(personas.map((p) => p.opinion));
  const distance = jensenShannonDistance(human, persona);
  const level = distanceLevel(distance);
  const ratio = spreadRatio(persona, human);
  const segments: FidelityRow[] = [];
  const bands = new Set<AgeBand>();
  for (const a of answers) {
    const band = a.age === null ? undefined : ageBand(a.age);
    if (band) bands.add(band);
  }
  for (const band of [...bands].sort()) {
    segments.push(
      segmentRow(
        `Age ${band}`,
        answers.filter((a) => a.age !== null && ageBand(a.age) === band).map((a) => a.opinion),
        personas.filter((p) => p.age !== null && ageBand(p.age) === band).map((p) => p.opinion),
      ),
    );
  }
  const genders = new Set<GenderOption>();
  for (const a of answers) {
    const g = genderOf(a.gender);
    if (g) genders.add(g);
  }
  for (const g of [...genders].sort()) {
    segments.push(
      segmentRow(
        g,
        answers.filter((a) => genderOf(a.gender) === g).map((a) => a.opinion),
        personas.filter((p) => genderOf(p.gender) === g).map((p) => p.opinion),
      ),
    );
  }
  const ks =
    source === 'rating'
      ? ksOf(answers, personas, human, persona)
      : { ks: null, ksOver: null, ksText: null, ksTechnical: null };
  return {
    n: answers.length,
    human,
    persona,
    distance,
    distanceMeaning: level.words,
    level: level.level,
    distanceText: `How far people and personas differ: ${ofOne(distance)}, ${level.words}.`,
    distanceTechnical: `Jensen–Shannon distance ${distance.toFixed(2)} (base 2) over positive, neutral and negative`,
    ...ks,
    spreadRatio: ratio,
    spreadMeaning: spreadMeaning(ratio),
    spreadText:
      ratio === null
        ? 'How varied the personas’ answers are next to people’s: cannot be compared, because every real answer is the same.'
        : `How varied the personas’ answers are next to people’s: ${ratio.toFixed(2)} times, so ${spreadMeaning(ratio)}.`,
    spreadTechnical:
      ratio === null
        ? 'Spread ratio undefined: the real answers have no variance'
        : `Spread ratio ${ratio.toFixed(2)}: variance of the personas’ opinions over that of the real ones, on the scale negative −1, neutral 0, positive 1`,
    segments,
  };
}

/** A change in distance smaller than this reads as steady. */
const calibrationTrendTolerance = 0.05;

/**
 * The product-level trend in words, from the calibrated questions oldest first:
 * whether the panel's distance from real answers is getting better, worse or steady.
 */
export function calibrationTrend(views: readonly { fidelity: { distance: number } }[]): string {
  if (views.length === 0) return 'No question has been compared with real answers yet.';
  const first = views[0]!.fidelity.distance;
  if (views.length === 1) {
    return `One calibrated question so far, at a distance of ${first.toFixed(2)} from real answers. Calibrate more questions to see a trend.`;
  }
  const last = views[views.length - 1]!.fidelity.distance;
  const change = last - first;
  const word =
    Math.abs(change) < calibrationTrendTolerance
      ? 'steady'
      : change < 0
        ? 'getting better'
        : 'getting worse';
  return `The panel's distance from real answers went from ${first.toFixed(2)} to ${last.toFixed(2)} over ${views.length} calibrated questions: ${word}.`;
}
