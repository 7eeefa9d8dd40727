import { readCsvTable } from './csv-table';
import { ageBand, genderOption, type AgeBand, type GenderOption } from './personas';
import { jensenShannonDistance, type ShareAnswer } from './share-links';

/**
 * Calibration: the real answers of real customers to a question, set beside
 * the persona panel's answers to the same question (the fidelity card).
 */

export const calibrationOpinions = ['positive', 'neutral', 'negative'] as const;
export type CalibrationOpinion = (typeof calibrationOpinions)[number];

/** At most this many real answers in one upload. */
export const maxCalibrationRows = 5000;
/** At most this many bytes of CSV in one upload. */
export const maxCalibrationBytes = 1024 * 1024;

export interface RealAnswer {
  /** Row number in the file, counting the header as row 1. */
  row: number;
  opinion: CalibrationOpinion;
  /** The 1-5 rating when the file had one. */
  rating: number | null;
  age: number | null;
  gender: string | null;
  income: string | null;
  occupation: string | null;
}

export type CalibrationParse =
  | { ok: true; answers: RealAnswer[]; source: 'opinion' | 'rating' }
  | { ok: false; message: string };

/** A 1-5 rating as an opinion: 1-2 negative, 3 neutral, 4-5 positive. */
export function ratingOpinion(rating: number): CalibrationOpinion | null {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return null;
  if (rating <= 2) return 'negative';
  if (rating === 3) return 'neutral';
  return 'positive';
}

const opinionHeaders = ['opinion', 'sentiment', 'answer'];
const ratingHeaders = ['rating', 'score', 'stars'];

function findColumn(headers: string[], names: string[]): number {
  return headers.findIndex((h) => names.includes(h));
}

function text(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

function listRows(rows: number[]): string {
  const shown = rows.slice(0, 10).join(', ');
  return rows.length > 10 ? `${shown} and ${rows.length - 10} more` : shown;
}

/**
 * Reads a CSV of real answers. Headers in any case and order; an opinion column
 * (positive/neutral/negative in any case) or a 1-5 rating column; optional age,
 * gender, income and occupation. Every cell is kept as text: nothing is evaluated.
 */
export function parseCalibrationCsv(csv: string): CalibrationParse {
  const table = readCsvTable(csv);
  if (!table.ok) return table;
  const { names: headers, rows } = table;
  const opinionAt = findColumn(headers, opinionHeaders);
  const ratingAt = findColumn(headers, ratingHeaders);
  if (opinionAt < 0 && ratingAt < 0) {
    return {
      ok: false,
      message:
        'The file has no opinion or rating column. Add a column named "opinion" (positive, neutral or negative) or "rating" (1 to 5).',
    };
  }
  if (rows.length === 0) return { ok: false, message: 'The file has a header but no answers.' };
  if (rows.length > maxCalibrationRows) {
    return {
      ok: false,
      message: `The file has ${rows.length} answers; at most ${maxCalibrationRows} can be uploaded at once.`,
    };
  }
  const source = opinionAt >= 0 ? 'opinion' : 'rating';
  const ageAt = findColumn(headers, ['age']);
  const genderAt = findColumn(headers, ['gender', 'sex']);
  const incomeAt = findColumn(headers, ['income']);
  const occupationAt = findColumn(headers, ['occupation', 'job']);
  const answers: RealAnswer[] = [];
  const unreadable: number[] = [];
  rows.forEach((cells, index) => {
    const row = index + 2;
    let opinion: CalibrationOpinion | null;
    let rating: number | null = null;
    if (source === 'opinion') {
      const word = (cells[opinionAt] ?? '').trim().toLowerCase();
      opinion = (calibrationOpinions as readonly string[]).includes(word)
        ? (word as CalibrationOpinion)
        : null;
    } else {
      const raw = (cells[ratingAt] ?? '').trim();
      rating = /^[1-5]$/.test(raw) ? Number(raw) : null;
      opinion = rating === null ? null : ratingOpinion(rating);
    }
    if (!opinion) {
      unreadable.push(row);
      return;
    }
    const ageText = ageAt >= 0 ? (cells[ageAt] ?? '').trim() : '';
    const age = /^\d{1,3}$/.test(ageText) ? Number(ageText) : null;
    answers.push({
      row,
      opinion,
      rating,
      age,
      gender: genderAt >= 0 ? text(cells[genderAt]) : null,
      income: incomeAt >= 0 ? text(cells[incomeAt]) : null,
      occupation: occupationAt >= 0 ? text(cells[occupationAt]) : null,
    });
  });
  if (unreadable.length > 0) {
    const what =
      source === 'opinion'
        ? 'an opinion that is not positive, neutral or negative'
        : 'a rating that is not 1 to 5';
    return {
      ok: false,
      message: `Row${unreadable.length > 1 ? 's' : ''} ${listRows(unreadable)} ha${unreadable.length > 1 ? 've' : 's'} ${what}.`,
    };
  }
  return { ok: true, answers, source };
}

/** Counts in the order positive, neutral, negative. */
export function opinionCounts(opinions: readonly CalibrationOpinion[]): [number, number, number] {
  const counts: [number, number, number] = [0, 0, 0];
  for (const o of opinions) counts[calibrationOpinions.indexOf(o)]! += 1;
  return counts;
}

function shares(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((n) => (total > 0 ? n / total : 0));
}

/**
 * Kolmogorov-Smirnov statistic between two count vectors over the same ordered
 * categories (e.g. ratings 1-5): the largest gap between their cumulative shares.
 */
export function ksStatistic(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error('distributions over different categories');
  const p = shares(a);
  const q = shares(b);
  let cp = 0;
  let cq = 0;
  let max = 0;
  for (let i = 0; i < p.length; i += 1) {
    cp += p[i]!;
    cq += q[i]!;
    max = Math.max(max, Math.abs(cp - cq));
  }
  return max;
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

/** What a Jensen-Shannon distance means, in words. */
export function distanceMeaning(distance: number): string {
  if (distance < 0.1) return 'very close to the real answers';
  if (distance < 0.25) return 'close to the real answers';
  if (distance < 0.45) return 'somewhat off from the real answers';
  return 'far from the real answers';
}

/** What a spread ratio means, in words. */
export function spreadMeaning(ratio: number | null): string {
  if (ratio === null) return 'the real answers all agree, so there is no spread to compare';
  if (ratio < 0.75) return 'the panel is more uniform than real customers';
  if (ratio > 1.33) return 'the panel is more divided than real customers';
  return 'the panel is about as varied as real customers';
}

export interface PersonaSide {
  opinion: CalibrationOpinion;
  age: number | null;
  gender: string | null;
}

export interface FidelityRow {
  label: string;
  human: [number, number, number];
  persona: [number, number, number];
  /** Null when either side has no answers in this segment. */
  distance: number | null;
}

export interface Fidelity {
  n: number;
  human: [number, number, number];
  persona: [number, number, number];
  distance: number;
  distanceMeaning: string;
  /** KS statistic over the ordered opinions, for files of ratings; null for opinion files. */
  ks: number | null;
  spreadRatio: number | null;
  spreadMeaning: string;
  segments: FidelityRow[];
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

/** The fidelity card: real answers against the persona panel's opinions. */
export function fidelity(
  answers: readonly RealAnswer[],
  personas: readonly PersonaSide[],
  source: 'opinion' | 'rating',
): Fidelity {
  const human = opinionCounts(answers.map((a) => a.opinion));
  const persona = opinionCounts(personas.map((p) => p.opinion));
  const distance = jensenShannonDistance(human, persona);
  // Ordered negative -> positive for the cumulative comparison.
  const ordered = (c: [number, number, number]) => [c[2], c[1], c[0]];
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
  for (const a of answers) if (a.gender) genders.add(genderOption(a.gender));
  for (const g of [...genders].sort()) {
    segments.push(
      segmentRow(
        g,
        answers.filter((a) => a.gender && genderOption(a.gender) === g).map((a) => a.opinion),
        personas.filter((p) => p.gender && genderOption(p.gender) === g).map((p) => p.opinion),
      ),
    );
  }
  return {
    n: answers.length,
    human,
    persona,
    distance,
    distanceMeaning: distanceMeaning(distance),
    ks: source === 'rating' ? ksStatistic(ordered(human), ordered(persona)) : null,
    spreadRatio: ratio,
    spreadMeaning: spreadMeaning(ratio),
    segments,
  };
}

/** A question's fidelity card, as the API answers it. */
export interface CalibrationView {
  questionId: string;
  questionText: string;
  /** The uploaded file's name, or the share link it came from. */
  fileName: string;
  createdAt: string;
  answerColumn: 'opinion' | 'rating';
  /** Where the persona side comes from, said on the card. */
  personaSource: string;
  fidelity: Fidelity;
}

/**
 * One share link response as a real answer: a rating is mapped like a rating
 * column (1-2 negative, 3 neutral, 4-5 positive), thumbs up/down as
 * positive/negative. Rankings and text have no opinion: null.
 */
export function shareAnswerOpinion(
  answer: ShareAnswer,
): { opinion: CalibrationOpinion; rating: number | null } | null {
  if (answer.type === 'rating') {
    const opinion = ratingOpinion(answer.rating);
    return opinion ? { opinion, rating: answer.rating } : null;
  }
  if (answer.type === 'thumbs') {
    return { opinion: answer.thumbs === 'up' ? 'positive' : 'negative', rating: null };
  }
  return null;
}

export const shareCalibrationMessages = {
  ranking:
    "A ranking link's answers put items in order; they hold no opinion of one item, so they cannot be compared with a question's answers. Choose a rating or thumbs link.",
  text: "A text link's answers are free text, not opinions, so they cannot be compared with a question's answers. Choose a rating or thumbs link.",
  noResponses: 'This share link has no responses yet.',
} as const;

/** Whether a share link's responses can calibrate a question; the reason in words when not. */
export function shareLinkCalibrationRefusal(feedbackType: string): string | null {
  if (feedbackType === 'rating' || feedbackType === 'thumbs') return null;
  return feedbackType === 'text' ? shareCalibrationMessages.text : shareCalibrationMessages.ranking;
}

/**
 * A share link's responses as the CSV a team would upload: a rating column for
 * a rating link, an opinion column for a thumbs link, so they are read by the
 * same rules as an upload.
 */
export function shareLinkCalibrationCsv(
  feedbackType: string,
  answers: readonly ShareAnswer[],
): { ok: true; csv: string; count: number } | { ok: false; message: string } {
  const refusal = shareLinkCalibrationRefusal(feedbackType);
  if (refusal) return { ok: false, message: refusal };
  const mapped = answers.flatMap((answer) => {
    const one = shareAnswerOpinion(answer);
    return one ? [one] : [];
  });
  if (mapped.length === 0) return { ok: false, message: shareCalibrationMessages.noResponses };
  const csv =
    feedbackType === 'rating'
      ? ['rating', ...mapped.map((m) => String(m.rating))].join('\n')
      : ['opinion', ...mapped.map((m) => m.opinion)].join('\n');
  return { ok: true, csv, count: mapped.length };
}

/** The name a share link's calibration is stored under: "Share link: <title> (12 responses)". */
export function shareLinkCalibrationName(title: string, count: number): string {
  const short = title.trim().length > 140 ? `${title.trim().slice(0, 139)}…` : title.trim();
  return `Share link: ${short || 'untitled'} (${count} ${count === 1 ? 'response' : 'responses'})`;
}

/** A change in distance smaller than this reads as steady. */
export const calibrationTrendTolerance = 0.05;

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

/** A share link offered as a source of real answers on the upload panel. */
export interface CalibrationShareLinkView {
  id: string;
  /** The item it asks about, or the comparison's title. */
  title: string;
  feedbackType: string;
  responseCount: number;
  createdAt: string;
  /** Why its responses cannot be used (a ranking or text link); null when they can. */
  refusal: string | null;
}
