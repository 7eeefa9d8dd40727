import { startTelemetry } from '@chorus/service-kit/telemetry';

// Telemetry first: it instruments grpc-js and kafkajs as they load.
startTelemetry({ serviceName: 'persona-inference' });

void (async () => {
  const { createLogger, runMain } = await import('@chorus/service-kit');
  const { readInferenceConfig } = await import('./config');
  const { startPersonaInference } = await import('./service');
  runMain(
    async () => startPersonaInference(readInferenceConfig()),
    createLogger('persona-inference'),
  );
})();
