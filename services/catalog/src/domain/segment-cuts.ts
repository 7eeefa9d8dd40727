import {
  CUSTOM_TRAIT_PREFIX,
  type PersonaResponse,
  type SegmentTrait,
  type SegmentCutView,
  segmentTraits,
  type TypedQuestionSpec,
} from '@chorus/contracts';
import { segmentCuts, segmentDifferences } from '@chorus/research';

/**
 * A typed question's figures cut by each trait its panel varies in: every
 * segment's own figures (or "too few to say"), and the pairs whose headline
 * figure differs beyond chance. Computed once, with the run's answers.
 */
export function segmentCutsOf(
  spec: TypedQuestionSpec,
  responses: readonly PersonaResponse[],
  seed: number,
): SegmentCutView[] {
  const cuts: SegmentCutView[] = [];
  const custom = [
    ...new Set(
      responses.flatMap((r) =>
        Object.keys(r.segments ?? {}).filter((key) => key.startsWith(CUSTOM_TRAIT_PREFIX)),
      ),
    ),
  ] as SegmentTrait[];
  for (const trait of [...segmentTraits, ...custom]) {
    const rows = responses.flatMap((response) => {
      const segment = response.segments?.[trait];
      return response.typed && segment ? [{ segment, answer: response.typed }] : [];
    });
    if (new Set(rows.map((row) => row.segment)).size < 2) continue;
    cuts.push({
      trait,
      segments: segmentCuts(spec, rows, seed).map((cut) => ({
        label: cut.segment,
        respondents: cut.respondents,
        tooFew: cut.tooFew,
        result: cut.result,
      })),
      notes: segmentDifferences(spec, rows, seed).map((difference) => ({
        figure: difference.figure,
        segments: difference.segments,
        difference: difference.difference,
        test: difference.test,
        note: difference.note,
      })),
    });
  }
  return cuts;
}
