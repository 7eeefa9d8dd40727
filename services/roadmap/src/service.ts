import { PersonaInferenceServiceClient } from '@chorus/proto/inference/v1/inference';
import { RoadmapServiceService } from '@chorus/proto/roadmap/v1/roadmap';
import {
  createEventBus,
  createPromiseClient,
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
import { Feedback, type PersonaAnswers } from './feedback';
import { FeedbackStore } from './feedback-store';
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
  deps: { bus?: EventBus; logger?: Logger; inference?: PersonaAnswers } = {},
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
  const store = new RoadmapStore(db);
  const roadmaps = new Roadmaps({ store, logger });
  // Every persona answers in one call; a model may take a while for many personas.
  const inferenceClient = deps.inference
    ? undefined
    : createPromiseClient(PersonaInferenceServiceClient, config.INFERENCE_ADDR, {
        timeoutMs: 120_000,
      });
  const feedback = new Feedback({
    store,
    feedback: new FeedbackStore(db),
    inference: deps.inference ?? { answer: (request) => inferenceClient!.answer(request) },
    logger,
  });
  await consumeCatalogEvents({ bus, db, logger, roadmaps });
  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    logger,
    services: [
      {
        definition: RoadmapServiceService,
        implementation: implement(
          RoadmapServiceService,
          roadmapHandlers(roadmaps, feedback),
          logger,
        ),
      },
    ],
  });
  return {
    port: server.port,
    async stop() {
      await server.shutdown();
      inferenceClient?.close();
      if (!deps.bus) await bus.close();
      await db.destroy();
    },
  };
}
