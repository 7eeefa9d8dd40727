import { RoadmapServiceClient } from '@chorus/proto/roadmap/v1/roadmap';
import { createPromiseClient, type PromiseClient } from '@chorus/service-kit';

export type RoadmapClient = PromiseClient<RoadmapServiceClient>;

export function roadmapClient(address: string): RoadmapClient {
  return createPromiseClient(RoadmapServiceClient, address, { timeoutMs: 10_000 });
}
