import { startTelemetry } from '@chorus/service-kit/telemetry';

// Telemetry first: it instruments grpc-js, pg and kafkajs as they load.
startTelemetry({ serviceName: 'billing' });

void (async () => {
  const { createLogger, runMain } = await import('@chorus/service-kit');
  const { readBillingConfig } = await import('./config');
  const { startBilling } = await import('./service');
  const logger = createLogger('billing');
  runMain(async () => startBilling(readBillingConfig()), logger);
})();
