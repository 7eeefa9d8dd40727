import { ApiError, serverMessage, toast } from '@chorus/platform';

/**
 * The server's own words for a refused request (a 4xx answer's message);
 * undefined for a server fault or a network failure, where the spec's
 * fallback text says more than "502: Bad Gateway" would.
 */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? serverMessage(error) : undefined;
}

/** The spec's error toast: the server message, else the fallback ("Failed to create roadmap"). */
export function failureToast(fallback: string, error: unknown, title = 'Error'): void {
  toast({ title, description: refusalMessage(error) ?? fallback, variant: 'destructive' });
}
