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

export function connectClients(config: GatewayConfig): ServiceClients {
  return {
    identity: identityClient(config.IDENTITY_ADDR),
    catalog: catalogClient(config.CATALOG_ADDR),
    billing: billingClient(config.BILLING_ADDR),
    roadmap: roadmapClient(config.ROADMAP_ADDR),
    inference: inferenceClient(config.INFERENCE_ADDR),
  };
}

export function closeClients(clients: ServiceClients): void {
  for (const client of Object.values(clients)) client.close();
}
