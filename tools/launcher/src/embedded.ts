import { startTelemetry } from '@chorus/service-kit/telemetry';
import { StartupError } from './startup-error';

// Telemetry first: it instruments http, express, grpc-js, pg and kafkajs as they load.
startTelemetry({ serviceName: 'chorus-embedded' });

void import('./run-embedded').then(({ main }) =>
  main().catch(async (error: unknown) => {
    const { ConfigError } = await import('@chorus/service-kit');
    if (error instanceof ConfigError || error instanceof StartupError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      const detail = error instanceof Error ? error.stack : String(error);
      process.stderr.write(`Chorus failed to start: ${detail}\n`);
    }
    process.exit(1);
  }),
);
