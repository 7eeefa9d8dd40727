export { checkFrame, jointKey, type PopulationFrame, STANDARD_TRAITS } from './frame';
export { frameById, frames } from './frames';
export { applyFilters } from './filters';
export { largestRemainder, type PanelMember, quotaSample, quotaTargets } from './quota';
export { type PersonaFacts, personaFacts, traitConflicts } from './consistency';
export { frameTargets, kish, rake, type RakeTarget } from './raking';
export {
  holmAdjust,
  MIN_PANEL_SEGMENT,
  twoSidedP,
  type WeightedUnit,
  weightedOpinions,
  weightedSegmentCuts,
} from './weighted';
export { frameGaps, makeUp } from './coverage';
export { frameFromCustomers, frameFromSharesCsv } from './frame-csv';
export { personaFrameTraits, yearlyAmount } from './persona-traits';
