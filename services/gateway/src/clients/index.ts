import type { GatewayConfig } from '../config';
import { type CatalogClient, catalogClient } from './catalog';
import { type IdentityClient, identityClient } from './identity';

/** One typed client per downstream service. */
export interface ServiceClients {
  identity: IdentityClient;
  catalog: CatalogClient;
}

export function connectClients(config: GatewayConfig): ServiceClients {
  return {
    identity: identityClient(config.IDENTITY_ADDR),
    catalog: catalogClient(config.CATALOG_ADDR),
  };
}

export function closeClients(clients: ServiceClients): void {
  for (const client of Object.values(clients)) client.close();
}
