import type { GatewayConfig } from '../config';
import { type IdentityClient, identityClient } from './identity';

/** One typed client per downstream service. */
export interface ServiceClients {
  identity: IdentityClient;
}

export function connectClients(config: GatewayConfig): ServiceClients {
  return { identity: identityClient(config.IDENTITY_ADDR) };
}

export function closeClients(clients: ServiceClients): void {
  for (const client of Object.values(clients)) client.close();
}
