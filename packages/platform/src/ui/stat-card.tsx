import type { ComponentType, ReactNode } from 'react';
import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './card';
import { cn } from './cn';

/** One headline number of a page (dashboard, billing, admin), with what it means. */
export function StatCard({
  title,
  icon: Icon,
  tone,
  value,
  hint,
}: {
  title: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** Background and text colour of the icon's badge, e.g. 'bg-emerald-50 text-emerald-700'. */
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

/** Stands in for a StatCard's number while it loads. */
export function StatPlaceholder({ className }: { className?: string }) {
  return <span className={cn('inline-block h-7 w-20 animate-pulse rounded bg-muted', className)} />;
}
