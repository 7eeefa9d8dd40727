import { serverMessage } from '@chorus/platform';

/** Why adding or removing real answers failed, in plain words. */
export function failure(error: unknown): string {
  return serverMessage(error) ?? 'The real answers could not be read. Please try again.';
}
