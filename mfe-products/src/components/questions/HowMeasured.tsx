import { cn } from '@chorus/platform/ui';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The technical name of a figure, one click away from its plain headline: a
 * disclosure ("How this is measured") that opens in place, with a link to the
 * methods page of the docs.
 */
export function HowMeasured({
  children,
  label = 'How this is measured',
  className,
}: {
  children: ReactNode;
  label?: string;
  className?: string;
}) {
  return (
    <details
      className={cn('group text-xs text-muted-foreground', className)}
      data-testid="how-measured"
    >
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-3.5 transition-transform group-open:rotate-90" aria-hidden />
        {label}
      </summary>
      <div className="mt-1 grid gap-1 pl-4">{children}</div>
    </details>
  );
}
