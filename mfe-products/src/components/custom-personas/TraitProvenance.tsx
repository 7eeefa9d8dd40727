import type { CustomTraitField, TraitProvenance } from '@chorus/contracts';
import { cn } from '@chorus/platform/ui';

export const traitLabels: Record<CustomTraitField, string> = {
  name: 'Name',
  age: 'Age',
  gender: 'Gender',
  occupation: 'Occupation',
  location: 'Location',
  income: 'Income',
  lifestyle: 'Lifestyle',
  motivations: 'Motivations',
  personality: 'Personality',
};

const meaning: Record<TraitProvenance, string> = {
  given: 'Given: stated in your description or customer file',
  inferred: 'Inferred: filled in by Chorus, not evidence',
};

const toneClass: Record<TraitProvenance, string> = {
  given: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  inferred: 'border-dashed border-amber-300 bg-amber-50 text-amber-800',
};

/** The small "given" / "inferred" mark beside a trait; its accessible name is "Age: given". */
export function ProvenanceMark({
  field,
  provenance,
}: {
  field: CustomTraitField;
  provenance: TraitProvenance;
}) {
  return (
    <span
      role="img"
      aria-label={`${traitLabels[field]}: ${provenance}`}
      title={meaning[provenance]}
      data-provenance={provenance}
      className={cn(
        'inline-flex shrink-0 items-center rounded border px-1 py-px text-[10px] leading-tight font-medium tracking-wide uppercase',
        toneClass[provenance],
      )}
    >
      {provenance}
    </span>
  );
}

/** What the two marks mean, once above the cards. */
export function ProvenanceLegend() {
  return (
    <dl
      className="flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-muted-foreground"
      aria-label="Trait provenance"
    >
      {(['given', 'inferred'] as const).map((provenance) => (
        <div key={provenance} className="flex items-center gap-1.5">
          <dt
            className={cn(
              'rounded border px-1 py-px text-[10px] leading-tight font-medium tracking-wide uppercase',
              toneClass[provenance],
            )}
          >
            {provenance}
          </dt>
          <dd>{meaning[provenance].replace(/^\w+: /, '')}</dd>
        </div>
      ))}
    </dl>
  );
}
