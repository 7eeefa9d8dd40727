import { type OpinionDistribution, opinions } from '@chorus/contracts';
import { opinionColor, opinionLabel } from '@chorus/platform/ui';

const pct = (value: number) => `${Math.round(value * 100)}%`;

/** A persona's probabilities as one stacked bar, each part labelled for screen readers. */
export function DistributionBar({ distribution }: { distribution: OpinionDistribution }) {
  const label = opinions.map((o) => `${opinionLabel[o]} ${pct(distribution[o])}`).join(', ');
  return (
    <div className="grid gap-1" data-testid="distribution">
      <div
        className="flex h-2 w-full overflow-hidden rounded-full bg-muted"
        role="img"
        aria-label={`Distribution: ${label}`}
      >
        {opinions.map((o) => (
          <span
            key={o}
            className={opinionColor[o]}
            style={{ width: `${distribution[o] * 100}%` }}
          />
        ))}
      </div>
      <p className="text-[11px] text-muted-foreground tabular-nums">{label}</p>
    </div>
  );
}
