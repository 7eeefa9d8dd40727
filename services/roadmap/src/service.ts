import { RoadmapServiceService } from '@chorus/proto/roadmap/v1/roadmap';
import {
  type RunningService,
  ServiceRuntime,
  type SharedInfrastructure,
} from '@chorus/service-kit';
import { migrations } from '../migrations';
import type { RoadmapConfig } from './config';
import { consumeCatalogEvents } from './events';
import { Roadmaps } from './roadmaps';
import { roadmapHandlers } from './server';
import { RoadmapStore } from './store';

export type RunningRoadmap = RunningService;

/**
 * Wires the roadmap service: database, the catalog events it follows, gRPC
 * server. The embedded run passes its shared bus and logger; a standalone
 * process makes its own from the configuration.
 */
export async function startRoadmap(
  config: RoadmapConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningRoadmap> {
  const runtime = await ServiceRuntime.open('roadmap', config, migrations, shared);
  const { db, bus, logger } = runtime;
  const roadmaps = new Roadmaps({ store: new RoadmapStore(db), logger });
  await consumeCatalogEvents({ bus, db, logger, roadmaps });
  return runtime.serve(config, RoadmapServiceService, roadmapHandlers(roadmaps));
}
