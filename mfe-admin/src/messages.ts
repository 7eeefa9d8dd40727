import { ApiError } from '@chorus/platform';
/** The server's words for a refused request: one helper for every microfrontend. */
export { refusalMessage } from '@chorus/platform';

/** The server answered (any status): the spec's "Failed to ..." rather than "Error ...". */
export function serverAnswered(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
