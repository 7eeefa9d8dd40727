import { FailedPrecondition, InvalidArgument, type Logger } from '@chorus/service-kit';
import { CardDeclined, ProviderRequestRefused } from './providers/provider';

/** The provider's refusals as answers the user can read. */
export async function providerCall<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof CardDeclined) throw new FailedPrecondition(error.message);
    if (error instanceof ProviderRequestRefused) throw new InvalidArgument(error.message);
    throw error;
  }
}

/**
 * The provider's answer, or undefined when it refuses the request — for
 * work that goes on without it (an event, a catalog change) and only warns.
 */
export async function unlessRefused<T>(
  logger: Logger,
  warning: { context: Record<string, unknown>; message: string },
  request: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof ProviderRequestRefused)) throw error;
    logger.warn({ err: error, ...warning.context }, warning.message);
    return undefined;
  }
}
