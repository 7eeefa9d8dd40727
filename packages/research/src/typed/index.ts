export { typedResultOf } from './result';
export { maxDiffDesign } from './maxdiff';
export { segmentCuts, segmentDifferences, SEGMENT_DIFFERENCE_TEST } from './segments';
export { NONE_OF_THESE } from './choice';
export { weightedQuantile } from './number';
export { PRICE_GRID_POINTS, crossing, purchaseLikelihood } from './price-range';
