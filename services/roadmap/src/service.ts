import { RoadmapServiceService } from '@chorus/proto/roadmap/v1/roadmap';
import {
  createEventBus,
  createLogger,
  type EventBus,
  implement,
  type Logger,
  openDatabase,
  startGrpcServer,
} from '@chorus/service-kit';
import { migrations } from '../migrations';
import type { RoadmapConfig } from './config';
import { consumeCatalogEvents } from './events';
import { Roadmaps } from './roadmaps';
import { roadmapHandlers } from './server';
import { RoadmapStore } from './store';

export interface RunningRoadmap {
  port: number;
  stop(): Promise<void>;
}

/**
 * Wires the roadmap service: database, the catalog events it follows, gRPC
 * server. The embedded run passes its shared bus and logger; a standalone
 * process makes its own from the configuration.
 */
export async function startRoadmap(
  config: RoadmapConfig,
  deps: { bus?: EventBus; logger?: Logger } = {},
): Promise<RunningRoadmap> {
  const logger = deps.logger ?? createLogger('roadmap', config.LOG_LEVEL);
  const bus =
    deps.bus ?? createEventBus({ brokers: config.KAFKA_BROKERS, clientId: 'roadmap', logger });
  const db = await openDatabase({
    url: config.DATABASE_URL,
    migrations,
    logger,
    create: config.DATABASE_CREATE,
  });
  const roadmaps = new Roadmaps({ store: new RoadmapStore(db), logger });
  await consumeCatalogEvents({ bus, db, logger, roadmaps });
  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    logger,
    services: [
      {
        definition: RoadmapServiceService,
        implementation: implement(RoadmapServiceService, roadmapHandlers(roadmaps), logger),
      },
    ],
  });
  return {
    port: server.port,
    async stop() {
      await server.shutdown();
      if (!deps.bus) await bus.close();
      await db.destroy();
    },
  };
}
