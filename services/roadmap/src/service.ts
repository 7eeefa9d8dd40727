import { SHARE_RETENTION_DAYS } from '@chorus/contracts';
import { PersonaInferenceServiceClient } from '@chorus/proto/inference/v1/inference';
import { RoadmapServiceService } from '@chorus/proto/roadmap/v1/roadmap';
import {
  createPromiseClient,
  type RunningService,
  ServiceRuntime,
  type SharedInfrastructure,
} from '@chorus/service-kit';
import { migrations } from '../migrations';
import type { RoadmapConfig } from './config';
import { consumeCatalogEvents } from './events';
import { Feedback, type PersonaAnswers } from './feedback';
import { Roadmaps } from './roadmaps';
import { roadmapHandlers } from './server';
import { ShareLinks } from './share-links';
import { ShareLinkStore } from './store/share-links';
import { FeedbackStore } from './store/feedback';
import { RoadmapStore } from './store/roadmaps';

export type RunningRoadmap = RunningService;

/**
 * Wires the roadmap service: database, the catalog events it follows,
 * persona inference for feedback on items, gRPC server. The embedded run
 * passes its shared bus and logger; a standalone process makes its own from
 * the configuration.
 */
export async function startRoadmap(
  config: RoadmapConfig,
  deps: SharedInfrastructure & { inference?: PersonaAnswers } = {},
): Promise<RunningRoadmap> {
  const runtime = await ServiceRuntime.open('roadmap', config, migrations, deps);
  const { db, bus, logger } = runtime;
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
  // People's responses are kept as long as the public page says, then deleted.
  const shareLinkStore = new ShareLinkStore(db);
  const sweepResponses = () =>
    shareLinkStore.deleteExpiredResponses(SHARE_RETENTION_DAYS).then(
      (deleted) =>
        deleted > 0 && logger.info({ deleted }, 'share links: expired responses deleted'),
      (error: unknown) => logger.warn({ err: error }, 'share links: retention sweep failed'),
    );
  void sweepResponses();
  const sweep = setInterval(() => void sweepResponses(), config.SHARE_RETENTION_SWEEP_MS);
  sweep.unref();
  return runtime.serve(
    config,
    RoadmapServiceService,
    roadmapHandlers(roadmaps, feedback, new ShareLinks({ store, links: new ShareLinkStore(db) })),
    async () => {
      clearInterval(sweep);
      inferenceClient?.close();
    },
  );
}
