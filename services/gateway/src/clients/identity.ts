import { IdentityServiceClient } from '@chorus/proto/identity/v1/identity';
import {
  createServiceClient,
  type InProcessServices,
  type PromiseClient,
} from '@chorus/service-kit';

export type IdentityClient = PromiseClient<IdentityServiceClient>;

export function identityClient(address: string, inProcess?: InProcessServices): IdentityClient {
  return createServiceClient(IdentityServiceClient, address, { timeoutMs: 10_000 }, inProcess);
}
