import { productMessages } from '@chorus/contracts';
import { Button, Card, Spinner } from '@chorus/platform/ui';
import { AlertTriangle, ArrowLeft, PackageX, RotateCw } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';

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

/** An unknown product id, or another user's: the same answer, so nothing leaks. */
export function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <PackageX className="size-7" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{productMessages.notFound}</h1>
      <p className="mt-2 text-muted-foreground">
        The product does not exist or you do not have access to it.
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/products">
          <ArrowLeft aria-hidden /> Back to Products
        </Link>
      </Button>
    </div>
  );
}

/** The frame of every products page: centred, with the same margins as the billing page. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">{children}</div>
  );
}
