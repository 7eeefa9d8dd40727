import type { FrameGapView, PanelMakeUpView } from '@chorus/contracts';
import { GroupedRangeBarChart } from '@chorus/platform/charts';
import { Label, NativeSelect } from '@chorus/platform/ui';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { inPercent, percentOf, percentText } from '../../panel-words';

// Tailwind's slate-400: the population's bars beside the panel's.
const groups = [
  { label: 'Panel', color: 'var(--color-primary)' },
  { label: 'Population', color: '#94a3b8' },
];

/**
 * What the panel is made of against its population, one trait at a time:
 * per level, the panel's share beside the population's (grouped bars, with
 * the numbers in the chart's table for screen readers).
 */
export function PanelMakeUp({ makeUp }: { makeUp: readonly PanelMakeUpView[] }) {
  const id = useId();
  const [trait, setTrait] = useState(makeUp[0]?.trait);
  const shown = makeUp.find((candidate) => candidate.trait === trait) ?? makeUp[0];
  if (!shown) return null;
  const percent = inPercent(shown.levels.flatMap((level) => [level.panelShare, level.frameShare]));
  const rows = shown.levels.map((level) => ({
    label: level.label,
    values: [
      { value: percentOf(level.panelShare, percent) },
      { value: percentOf(level.frameShare, percent) },
    ],
  }));
  const top = Math.max(10, ...rows.flatMap((row) => row.values.map((cell) => cell.value)));
  return (
    <section className="grid min-w-0 gap-2" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-title`} className="text-sm font-semibold">
          Make-up against the population
        </h4>
        {makeUp.length > 1 ? (
          <div className="flex items-center gap-2">
            <Label htmlFor={`${id}-trait`} className="text-sm">
              Trait
            </Label>
            <NativeSelect
              id={`${id}-trait`}
              className="w-auto"
              value={shown.trait}
              onChange={(event) => setTrait(event.target.value)}
            >
              {makeUp.map((candidate) => (
                <option key={candidate.trait} value={candidate.trait}>
                  {candidate.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
      </div>
      <GroupedRangeBarChart
        title={`${shown.label}: the panel beside the population`}
        rows={rows}
        groups={groups}
        categoryLabel={shown.label}
        format={percentText}
        domain={[0, Math.min(100, Math.ceil(top / 10) * 10)]}
      />
    </section>
  );
}

/**
 * Where the panel (or the people who answered) differs from its population by
 * 5 points or more, as sentences; `none` says so when there is no gap.
 */
export function PanelGaps({
  gaps,
  title = 'Where the panel differs from the population',
  none = true,
}: {
  gaps: readonly FrameGapView[];
  title?: string;
  none?: boolean;
}) {
  if (gaps.length === 0) {
    if (!none) return null;
    return (
      <p className="flex gap-2 text-sm text-muted-foreground" data-testid="panel-no-gaps">
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
        The panel is within 5 points of the population on every trait.
      </p>
    );
  }
  return (
    <div className="grid gap-1.5 text-sm">
      <p className="font-medium">{title}</p>
      <ul className="grid gap-1" aria-label="Differences from the population">
        {gaps.map((gap) => (
          <li
            key={`${gap.trait}-${gap.level}`}
            className="flex gap-2 break-words"
            data-testid="panel-gap"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
            <span>{gap.sentence}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
