import { ApiError, serverMessage } from '@chorus/platform';

/**
 * The server's own words for a refused request (a 4xx answer's message,
 * e.g. "A promo code named SPRING already exists"); undefined for a server
 * fault or a network failure.
 */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? serverMessage(error) : undefined;
}

/** The server answered (any status): the spec's "Failed to ..." rather than "Error ...". */
export function serverAnswered(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
