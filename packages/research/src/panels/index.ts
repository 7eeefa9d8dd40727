export {
  checkFrame,
  findLevel,
  findTrait,
  fitJoint,
  type FrameLevel,
  type FrameSource,
  type FrameTrait,
  jointKey,
  levelGroup,
  levelPredicate,
  levelSubject,
  type PopulationFrame,
  SHARE_TOLERANCE,
  STANDARD_TRAITS,
  type StandardTrait,
} from './frame';
export { frameById, frames } from './frames';
export { applyFilters, type PanelFilter } from './filters';
export { largestRemainder, type PanelMember, quotaSample, quotaTargets } from './quota';
export {
  affinity,
  type OccupationGroup,
  type PersonaFacts,
  personaFacts,
  traitConflicts,
} from './consistency';
export {
  DEFAULT_WEIGHT_CAP,
  frameTargets,
  kish,
  rake,
  type RakeOptions,
  type RakeResult,
  type RakeTarget,
} from './raking';
export {
  holmAdjust,
  MAX_CUT_NOTES,
  MIN_PANEL_SEGMENT,
  twoSidedP,
  type WeightedCut,
  type WeightedCutNote,
  type WeightedOpinions,
  type WeightedSegment,
  type WeightedShare,
  type WeightedUnit,
  weightedOpinions,
  weightedSegmentCuts,
} from './weighted';
export {
  FRAME_GAP_THRESHOLD,
  type FrameGap,
  frameGaps,
  makeUp,
  type MakeUpTrait,
} from './coverage';
export {
  frameFromCustomers,
  frameFromSharesCsv,
  MAX_CUSTOMER_LEVELS,
  MAX_UPLOAD_LEVELS,
  MAX_UPLOAD_TRAITS,
  MIN_CUSTOMERS,
} from './frame-csv';
export { type PersonaSelf, personaFrameTraits, yearlyAmount } from './persona-traits';
