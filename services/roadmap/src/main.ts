import { startTelemetry } from '@chorus/service-kit/telemetry';

// Telemetry first: it instruments grpc-js, pg and kafkajs as they load.
startTelemetry({ serviceName: 'roadmap' });

void (async () => {
  const { createLogger, runMain } = await import('@chorus/service-kit');
  const { readRoadmapConfig } = await import('./config');
  const { startRoadmap } = await import('./service');
  const logger = createLogger('roadmap');
  runMain(async () => startRoadmap(readRoadmapConfig()), logger);
})();
