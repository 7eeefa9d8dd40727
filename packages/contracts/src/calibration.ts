import { readCsvTable } from './csv-table';
import { genderWord } from './custom-persona-input';

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

type CalibrationParse =
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

/** A gender cell read as every upload reads it ("F", "woman" -> Female). */
function genderText(value: string | undefined): string | null {
  const cell = text(value);
  return cell === null ? null : genderWord(cell);
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
      gender: genderAt >= 0 ? genderText(cells[genderAt]) : null,
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

export interface PersonaSide {
  opinion: CalibrationOpinion;
  age: number | null;
  gender: string | null;
  /** The persona's 1-5 rating, when its answer has one: the rating comparison then runs over the 1-5 scale. */
  rating?: number | null | undefined;
}

export interface FidelityRow {
  label: string;
  human: [number, number, number];
  persona: [number, number, number];
  /** Null when either side has no answers in this segment. */
  distance: number | null;
}

/**
 * The fidelity card's figures (computed by `fidelity` in @chorus/research):
 * each with its meaning in plain words and its technical name and value.
 */
export interface Fidelity {
  n: number;
  human: [number, number, number];
  persona: [number, number, number];
  /** Jensen-Shannon distance, 0 same shares to 1 nothing in common. */
  distance: number;
  /** Its level in words ("close to the real answers"): the agreement levels of docs/research.md. */
  distanceMeaning: string;
  level?: 'well' | 'fairly well' | 'poorly' | undefined;
  /** "How far people and personas differ: 0.28 of 1, somewhat off from the real answers." */
  distanceText?: string | undefined;
  distanceTechnical?: string | undefined;
  /** Kolmogorov-Smirnov statistic for files of ratings; null for opinion files. */
  ks: number | null;
  /** What it was computed over: the 1-5 ratings when both sides rated, else the three ordered opinions. */
  ksOver?: 'ratings' | 'opinions' | null | undefined;
  ksText?: string | null | undefined;
  ksTechnical?: string | null | undefined;
  spreadRatio: number | null;
  spreadMeaning: string;
  spreadText?: string | undefined;
  spreadTechnical?: string | undefined;
  segments: FidelityRow[];
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

export const shareCalibrationMessages = {
  ranking:
    "A ranking link's answers put items in order; they hold no opinion of one item, so they cannot be compared with a question's answers. Choose a rating or thumbs link.",
  text: "A text link's answers are free text, not opinions, so they cannot be compared with a question's answers. Choose a rating or thumbs link.",
  noResponses: 'This share link has no responses yet.',
} as const;

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
