import { Button, Card, Spinner } from '@chorus/platform/ui';
import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';

/** A list with nothing in it: what is missing, and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Card className="items-center border-dashed px-6 py-14 text-center shadow-none">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{title}</h3>
        <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
      </div>
      {action}
    </Card>
  );
}

/** A read that failed: says so, and offers to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="items-center px-6 py-12 text-center shadow-none">
      <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <AlertTriangle className="size-6" aria-hidden />
      </span>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden /> Try Again
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
