import type { InProcessServices } from '@chorus/service-kit';
import type { GatewayConfig } from '../config';
import { type BillingClient, billingClient } from './billing';
import { type CatalogClient, catalogClient } from './catalog';
import { type IdentityClient, identityClient } from './identity';
import { type InferenceClient, inferenceClient } from './inference';
import { type RoadmapClient, roadmapClient } from './roadmap';

/** One typed client per downstream service. */
export interface ServiceClients {
  identity: IdentityClient;
  catalog: CatalogClient;
  billing: BillingClient;
  roadmap: RoadmapClient;
  inference: InferenceClient;
}

/**
 * Over gRPC; with `inProcess` (the embedded run) the services served in this
 * process are called there, without the network, on the same contract
 * (persona inference serves none: it stays on gRPC).
 */
export function connectClients(
  config: GatewayConfig,
  inProcess?: InProcessServices,
): ServiceClients {
  return {
    identity: identityClient(config.IDENTITY_ADDR, inProcess),
    catalog: catalogClient(config.CATALOG_ADDR, inProcess),
    billing: billingClient(config.BILLING_ADDR, inProcess),
    roadmap: roadmapClient(config.ROADMAP_ADDR, inProcess),
    inference: inferenceClient(config.INFERENCE_ADDR),
  };
}

export function closeClients(clients: ServiceClients): void {
  for (const client of Object.values(clients)) client.close();
}
