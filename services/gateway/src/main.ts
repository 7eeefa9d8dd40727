import { startTelemetry } from '@chorus/service-kit/telemetry';

// Telemetry first: it instruments http, express and grpc-js as they load.
startTelemetry({ serviceName: 'gateway' });

void (async () => {
  const { createLogger, runMain } = await import('@chorus/service-kit');
  const { readGatewayConfig } = await import('./config');
  const { startGateway } = await import('./service');
  runMain(async () => startGateway(readGatewayConfig()), createLogger('gateway'));
})();
