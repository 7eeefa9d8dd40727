import { startTelemetry } from '@chorus/service-kit/telemetry';

// Telemetry first: it instruments grpc-js, pg and kafkajs as they load.
startTelemetry({ serviceName: 'catalog' });

void (async () => {
  const { createLogger, runMain } = await import('@chorus/service-kit');
  const { readCatalogConfig } = await import('./config');
  const { startCatalog } = await import('./service');
  const logger = createLogger('catalog');
  runMain(async () => startCatalog(readCatalogConfig()), logger);
})();
