import { startTelemetry } from '@chorus/service-kit/telemetry';

// Telemetry first: it instruments http, express, grpc-js, pg and kafkajs as they load.
startTelemetry({ serviceName: 'chorus-embedded' });

void import('./run-embedded').then(({ main }) =>
  main().catch(async (error: unknown) => {
    const { ConfigError } = await import('@chorus/service-kit');
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else
      process.stderr.write(`Chorus failed to start: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  }),
);
