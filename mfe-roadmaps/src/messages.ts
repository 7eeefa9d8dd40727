import { refusalMessage, toast } from '@chorus/platform';
/** The server's words for a refused request: one helper for every microfrontend. */
export { refusalMessage };

/** The spec's error toast: the server message, else the fallback ("Failed to create roadmap"). */
export function failureToast(fallback: string, error: unknown, title = 'Error'): void {
  toast({ title, description: refusalMessage(error) ?? fallback, variant: 'destructive' });
}
