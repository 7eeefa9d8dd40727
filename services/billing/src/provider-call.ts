import { FailedPrecondition, InvalidArgument } from '@chorus/service-kit';
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
