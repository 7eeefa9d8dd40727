import { ApiError, serverMessage } from './api';

/**
 * The server's own words for a refused request a user can act on (a 4xx
 * answer's message, e.g. "A promo code named SPRING already exists");
 * undefined for a server fault or a network failure, where the caller's
 * fallback text says more than "502: Bad Gateway" would.
 */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? serverMessage(error) : undefined;
}
