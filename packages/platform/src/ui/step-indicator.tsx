import { Check } from 'lucide-react';
import { cn } from './cn';

/**
 * Where a wizard is: numbered steps, the current one marked for screen
 * readers too (`aria-current="step"`). `page` (a full-page wizard) ticks the
 * steps done and drops the connectors on phones; `compact` (a two-step
 * dialog) keeps numbers and connectors.
 */
export function StepIndicator({
  steps,
  current,
  variant = 'page',
}: {
  steps: readonly string[];
  /** The current step, counted from 1. */
  current: number;
  variant?: 'page' | 'compact';
}) {
  const page = variant === 'page';
  return (
    <ol
      className={cn('flex items-center gap-2 text-xs font-medium', page && 'flex-wrap')}
      aria-label="Progress"
    >
      {steps.map((label, index) => {
        const step = index + 1;
        const done = step < current;
        const active = step === current;
        return (
          <li key={label} className="flex items-center gap-2">
            <span
              className={cn(
                'flex size-6 items-center justify-center rounded-full',
                done || active
                  ? 'bg-primary text-primary-foreground'
                  : 'bg-muted text-muted-foreground',
              )}
              aria-current={active ? 'step' : undefined}
            >
              {done && page ? <Check className="size-3.5" aria-hidden /> : step}
            </span>
            <span className={active ? 'text-foreground' : 'text-muted-foreground'}>{label}</span>
            {step < steps.length ? (
              <span
                className={cn('mx-1 h-px bg-border', page ? 'hidden w-6 sm:block' : 'w-8')}
                aria-hidden
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
