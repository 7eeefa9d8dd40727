import {
  type Estimate,
  MIN_SEGMENT_SIZE,
  type TypedAnswer,
  type TypedQuestionSpec,
  type TypedResult,
} from '@chorus/contracts';
import { hash32 } from '../sampling';
import { type Analysis, estimateOf, type Headline, money, share3, two } from './bootstrap';
import { analyseTyped } from './result';

/** The test behind every difference note. */
export const SEGMENT_DIFFERENCE_TEST = 'bootstrap difference of the two segments, 95 %';

interface SegmentRow {
  segment: string;
  answer: TypedAnswer;
}

interface SegmentCut {
  segment: string;
  /** Personas (or people) of the segment with at least one usable draw. */
  respondents: number;
  /** Null when the segment has too few respondents to say anything. */
  result: TypedResult | null;
  /** Fewer than MIN_SEGMENT_SIZE respondents. */
  tooFew: boolean;
}

interface SegmentDifference {
  /** The figure compared, in words: "Mean rating", "Share choosing Email" … */
  figure: string;
  segments: [string, string];
  values: [number, number];
  /** First segment's figure minus the second's, with its 95 % interval. */
  difference: Estimate;
  test: string;
  /** The difference in plain words, naming the test. */
  note: string;
}

/** The segments in the order they first appear, each with its answers. */
function groups(rows: readonly SegmentRow[]): Map<string, TypedAnswer[]> {
  const bySegment = new Map<string, TypedAnswer[]>();
  for (const row of rows) {
    const list = bySegment.get(row.segment) ?? [];
    list.push(row.answer);
    bySegment.set(row.segment, list);
  }
  return bySegment;
}

/** Each segment resamples with its own seed, so two segments' resamples are independent. */
function segmentSeed(seed: number, segment: string): number {
  return hash32(`${seed}:segment:${segment}`);
}

interface SegmentAnalysis {
  segment: string;
  analysis: Analysis<TypedResult>;
}

function analyseSegments(
  spec: TypedQuestionSpec,
  rows: readonly SegmentRow[],
  seed: number,
): SegmentAnalysis[] {
  return [...groups(rows)].map(([segment, answers]) => ({
    segment,
    analysis: analyseTyped(spec, answers, segmentSeed(seed, segment)),
  }));
}

/**
 * A typed question's figures for each segment (a gender, an age band …), in
 * the order the segments first appear. A segment with fewer than
 * MIN_SEGMENT_SIZE respondents gets no figures: it is too few to say.
 */
export function segmentCuts(
  spec: TypedQuestionSpec,
  rows: readonly SegmentRow[],
  seed: number,
): SegmentCut[] {
  return analyseSegments(spec, rows, seed).map(({ segment, analysis }) => {
    const respondents = analysis.result.respondents;
    const tooFew = respondents < MIN_SEGMENT_SIZE;
    return { segment, respondents, result: tooFew ? null : analysis.result, tooFew };
  });
}

/** A figure as the note shows it, rounded first so a sign never stands before a zero. */
function shown(kind: Headline['kind'], value: number, currency: string): string {
  const rounded = kind === 'share' ? Math.round(value * 100) : two(value);
  const sign = rounded < 0 ? '−' : '';
  const size = Math.abs(rounded);
  if (kind === 'price') return `${sign}${money(size, currency)}`;
  return `${sign}${size}`;
}

/**
 * Where two segments' headline figures differ beyond chance: the scale's
 * mean, the NPS score, each option's share, the number's median, the mean
 * rank or best–worst score of the item on top over all segments together,
 * the demand at the best ladder price over all segments together, or the
 * optimal price of a price range. For every pair of segments with enough
 * respondents, the difference of the two figures is resampled (each
 * segment's own bootstrap over personas and draws, resample by resample);
 * when its 95 % interval leaves out 0, the difference is beyond chance and
 * gets a note in plain words that names the test.
 */
export function segmentDifferences(
  spec: TypedQuestionSpec,
  rows: readonly SegmentRow[],
  seed: number,
): SegmentDifference[] {
  const segments = analyseSegments(spec, rows, seed).filter(
    ({ analysis }) => analysis.result.respondents >= MIN_SEGMENT_SIZE,
  );
  if (segments.length < 2) return [];
  const focus = analyseTyped(
    spec,
    rows.map((r) => r.answer),
    seed,
  ).focus;
  const currency = 'currency' in spec ? spec.currency : 'USD';
  const notes: SegmentDifference[] = [];
  for (let a = 0; a < segments.length; a++) {
    for (let b = a + 1; b < segments.length; b++) {
      const first = segments[a]!;
      const second = segments[b]!;
      for (const key of focus) {
        const x = first.analysis.headlines.find((h) => h.key === key);
        const y = second.analysis.headlines.find((h) => h.key === key);
        if (!x || !y || Number.isNaN(x.value) || Number.isNaN(y.value)) continue;
        const difference = differenceOf(x, y);
        if (!difference || (difference.low <= 0 && difference.high >= 0)) continue;
        const round = x.kind === 'share' ? share3 : two;
        const f = (v: number) => `${shown(x.kind, v, currency)}${x.kind === 'share' ? '%' : ''}`;
        const d = (v: number) => shown(x.kind, v, currency);
        const unit = x.kind === 'share' ? ' points' : '';
        notes.push({
          figure: x.figure,
          segments: [first.segment, second.segment],
          values: [round(x.value), round(y.value)],
          difference: {
            value: round(difference.value),
            low: round(difference.low),
            high: round(difference.high),
          },
          test: SEGMENT_DIFFERENCE_TEST,
          note:
            `${x.figure}: ${first.segment} ${f(x.value)} against ${second.segment} ${f(y.value)}, ` +
            `a difference of ${d(difference.value)}${unit} (95% interval ${d(difference.low)} to ${d(difference.high)}${unit}); ` +
            `beyond chance by the ${SEGMENT_DIFFERENCE_TEST}.`,
        });
      }
    }
  }
  return notes;
}

/** The difference x − y with the 2.5th and 97.5th percentiles of its resampled values; undefined when too few resamples have both. */
function differenceOf(x: Headline, y: Headline): Estimate | undefined {
  const diffs: number[] = [];
  for (let r = 0; r < x.replicates.length; r++) {
    const d = x.replicates[r]! - y.replicates[r]!;
    if (!Number.isNaN(d)) diffs.push(d);
  }
  if (diffs.length < x.replicates.length / 2) return undefined;
  return estimateOf(x.value - y.value, Float64Array.from(diffs), (v) => v);
}
