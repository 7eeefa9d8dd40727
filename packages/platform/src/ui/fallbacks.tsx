import { AlertTriangle, RotateCw } from 'lucide-react';
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
