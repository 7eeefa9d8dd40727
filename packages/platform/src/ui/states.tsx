import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Button } from './button';
import { Card } from './card';
import { Spinner } from './spinner';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

/** A list with nothing in it: what is missing, and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  headingLevel = 3,
}: {
  icon: Icon;
  title: string;
  text: string;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className="items-center border-dashed px-6 py-14 text-center shadow-none">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <div className="grid gap-1">
        <Heading className="text-lg font-semibold">{title}</Heading>
        <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
      </div>
      {action}
    </Card>
  );
}

/** A read that failed: says so, and offers to try again. */
export function LoadError({
  message,
  onRetry,
  retryLabel = 'Try Again',
}: {
  message: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <Card role="alert" className="items-center px-6 py-12 text-center shadow-none">
      <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <AlertTriangle className="size-6" aria-hidden />
      </span>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden /> {retryLabel}
      </Button>
    </Card>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} />
    </div>
  );
}
