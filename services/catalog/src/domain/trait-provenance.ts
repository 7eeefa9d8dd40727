import type { CustomTraitField, TraitProvenance } from '@chorus/contracts';

/** What the user typed is given, whatever the engine had filled before. */
export function provenanceAfterEdit(
  provenance: Record<CustomTraitField, TraitProvenance>,
  edited: readonly CustomTraitField[],
): Record<CustomTraitField, TraitProvenance> {
  const next = { ...provenance };
  for (const field of edited) next[field] = 'given';
  return next;
}
