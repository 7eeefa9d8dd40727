import { AlertTriangle, Construction, RotateCw } from 'lucide-react';
import { Button } from './button';

/**
 * Shown in place of a microfrontend that failed (render error, or its files
 * could not be loaded); everything around it keeps working.
 */
export function MicrofrontendFallback({ label }: { label: string }) {
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center"
      role="alert"
    >
      <div className="mb-5 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <AlertTriangle className="size-6" aria-hidden />
      </div>
      <h2 className="text-xl font-semibold tracking-tight">{label} is unavailable right now</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        This part of Chorus could not be loaded. The rest of the app keeps working; try again in a
        moment.
      </p>
      <Button className="mt-6" variant="outline" onClick={() => window.location.reload()}>
        <RotateCw /> Try again
      </Button>
    </div>
  );
}

/** A page whose feature has not shipped yet: says so plainly, nothing pretends to work. */
export function ComingSoon({
  title,
  description,
  release,
}: {
  title: string;
  description?: string;
  /** The microfrontend's release, so a deployment can be told apart. */
  release?: string;
}) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <div className="mb-6 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Construction className="size-7" aria-hidden />
      </div>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-base text-muted-foreground">
        {description ?? 'This page is coming soon.'}
      </p>
      <p className="mt-2 text-sm font-medium text-primary">Coming soon</p>
      {release ? (
        <p className="mt-10 text-xs text-muted-foreground/80" data-testid="release">
          Release {release}
        </p>
      ) : null}
    </div>
  );
}
