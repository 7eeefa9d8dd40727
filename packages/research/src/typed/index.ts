export { typedResultOf } from './result';
export { maxDiffDesign } from './maxdiff';
export {
  segmentCuts,
  segmentDifferences,
  SEGMENT_DIFFERENCE_TEST,
  type SegmentCut,
  type SegmentDifference,
  type SegmentRow,
} from './segments';
export { scalePointLabel } from './scale';
export { NONE_OF_THESE } from './choice';
export { HISTOGRAM_BINS, weightedQuantile } from './number';
export { PRICE_GRID_POINTS, crossing, purchaseLikelihood } from './price-range';
