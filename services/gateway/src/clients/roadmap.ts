import { RoadmapServiceClient } from '@chorus/proto/roadmap/v1/roadmap';
import {
  createServiceClient,
  type InProcessServices,
  type PromiseClient,
} from '@chorus/service-kit';

export type RoadmapClient = PromiseClient<RoadmapServiceClient>;

export function roadmapClient(address: string, inProcess?: InProcessServices): RoadmapClient {
  return createServiceClient(RoadmapServiceClient, address, { timeoutMs: 10_000 }, inProcess);
}
