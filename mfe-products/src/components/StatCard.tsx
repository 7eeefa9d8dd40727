import { Card, CardContent, CardHeader, CardTitle, cn } from '@chorus/platform/ui';
import { type ComponentType, type ReactNode, useId } from 'react';

/** One number of the dashboard, with what it means. */
export function StatCard({
  title,
  icon: Icon,
  tone,
  value,
  hint,
}: {
  title: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  tone: string;
  value: ReactNode;
  hint: string;
}) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id} className="gap-3">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle id={id} className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <span className={cn('flex size-9 items-center justify-center rounded-lg', tone)}>
          <Icon className="size-4" aria-hidden />
        </span>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold tracking-tight tabular-nums">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** A placeholder while a number loads. */
export const statPlaceholder = (
  <span className="inline-block h-7 w-12 animate-pulse rounded bg-muted" />
);
