import { IdentityServiceClient } from '@chorus/proto/identity/v1/identity';
import { createPromiseClient, type PromiseClient } from '@chorus/service-kit';

export type IdentityClient = PromiseClient<IdentityServiceClient>;

export function identityClient(address: string): IdentityClient {
  return createPromiseClient(IdentityServiceClient, address, { timeoutMs: 10_000 });
}
