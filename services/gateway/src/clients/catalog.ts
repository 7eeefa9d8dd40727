import { CatalogServiceClient } from '@chorus/proto/catalog/v1/catalog';
import {
  createServiceClient,
  type InProcessServices,
  type PromiseClient,
} from '@chorus/service-kit';

export type CatalogClient = PromiseClient<CatalogServiceClient>;

export function catalogClient(address: string, inProcess?: InProcessServices): CatalogClient {
  return createServiceClient(CatalogServiceClient, address, { timeoutMs: 10_000 }, inProcess);
}
