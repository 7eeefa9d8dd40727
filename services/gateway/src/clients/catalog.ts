import { CatalogServiceClient } from '@chorus/proto/catalog/v1/catalog';
import { createPromiseClient, type PromiseClient } from '@chorus/service-kit';

export type CatalogClient = PromiseClient<CatalogServiceClient>;

export function catalogClient(address: string): CatalogClient {
  return createPromiseClient(CatalogServiceClient, address, { timeoutMs: 10_000 });
}
