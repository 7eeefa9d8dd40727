import { opinions, type PanelEstimate } from '@chorus/contracts';
import { cn, opinionColor, opinionLabel } from '@chorus/platform/ui';
import { Info } from 'lucide-react';
import { HowMeasured } from '../HowMeasured';

/**
 * The panel's shares with the range each would likely fall in if the panel
 * were asked again, in plain words; the interval's technical name and method
 * one click away.
 */
export function IntervalList({ estimate }: { estimate: PanelEstimate }) {
  return (
    <div className="grid gap-2 text-sm" aria-label="Shares with likely ranges">
      <p className="text-xs text-muted-foreground">
        Share of all answers, and the range it would likely fall in if the same personas were asked
        again:
      </p>
      <ul className="grid gap-1">
        {opinions.map((o) => (
          <li key={o} className="flex items-center gap-2" data-testid={`interval-${o}`}>
            <span className={cn('size-2.5 rounded-full', opinionColor[o])} aria-hidden />
            <span className="w-16 font-medium">{opinionLabel[o]}</span>
            <span className="tabular-nums">
              {estimate.shares[o]}% (likely {estimate.intervals[o].low}–{estimate.intervals[o].high}
              %)
            </span>
          </li>
        ))}
      </ul>
      {estimate.indicative ? (
        <p className="flex gap-1.5 text-xs text-amber-800" role="note">
          <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          Indicative only: with fewer than 10 personas the shares are not firm.
        </p>
      ) : null}
      <HowMeasured>
        <p>
          Each of the {estimate.personas} {estimate.personas === 1 ? 'persona' : 'personas'}{' '}
          answered {estimate.drawsPerPersona} times; the shares count every answer. The range is a
          95% interval.
        </p>
        <p>Method: {estimate.method}.</p>
      </HowMeasured>
    </div>
  );
}
