import { ApiError, serverMessage } from '@chorus/platform';

/**
 * The server's own words for a failure the user can act on (a 4xx answer's
 * message, e.g. "Years in operation must be a number"); undefined for a
 * server fault or a network failure, where the spec's fallback text says more
 * than "502: Bad Gateway" would.
 */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? serverMessage(error) : undefined;
}
