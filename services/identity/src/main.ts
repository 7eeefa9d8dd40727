import { startTelemetry } from '@chorus/service-kit/telemetry';

// Telemetry first: it instruments grpc-js, pg and kafkajs as they load.
startTelemetry({ serviceName: 'identity' });

void (async () => {
  const { createLogger, runMain } = await import('@chorus/service-kit');
  const { readIdentityConfig } = await import('./config');
  const { startIdentity } = await import('./service');
  const logger = createLogger('identity');
  runMain(async () => startIdentity(readIdentityConfig()), logger);
})();
