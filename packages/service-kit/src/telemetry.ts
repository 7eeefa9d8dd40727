import { metrics } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

export interface Telemetry {
  shutdown(): Promise<void>;
}

/**
 * Starts tracing and metrics for the process. It must run before express,
 * grpc-js, pg, kafkajs and pino are first required, because instrumentation
 * works by patching those modules as they load: entry points call this, then
 * import the rest of the service.
 *
 * Exporting is OTLP over HTTP/protobuf to OTEL_EXPORTER_OTLP_ENDPOINT when it
 * is set (the collector in Kubernetes); otherwise spans are still created —
 * trace ids appear in logs and travel in gRPC metadata and Kafka headers —
 * but nothing is sent anywhere.
 */
export function startTelemetry(options: {
  serviceName: string;
  env?: Record<string, string | undefined>;
  /** Extra processors, e.g. an in-memory exporter in tests. */
  spanProcessors?: SpanProcessor[];
}): Telemetry {
  const env = options.env ?? process.env;
  if (env.OTEL_SDK_DISABLED === 'true') return { shutdown: () => Promise.resolve() };
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const spanProcessors = [...(options.spanProcessors ?? [])];
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME ?? options.serviceName,
      [ATTR_SERVICE_VERSION]: env.CHORUS_VERSION ?? 'dev',
    }),
    ...(endpoint ? { traceExporter: new OTLPTraceExporter() } : {}),
    ...(spanProcessors.length > 0 ? { spanProcessors } : {}),
    ...(endpoint
      ? {
          metricReaders: [
            new PeriodicExportingMetricReader({
              exporter: new OTLPMetricExporter(),
              exportIntervalMillis: 15_000,
            }),
          ],
        }
      : {}),
    instrumentations: [
      new HttpInstrumentation({
        // Probes and static files are noise in traces.
        ignoreIncomingRequestHook: (request) =>
          /^\/(healthz|readyz|mfe\/|assets\/)/.test(request.url ?? ''),
      }),
      new ExpressInstrumentation(),
      new GrpcInstrumentation({ ignoreGrpcMethods: ['Check', 'Watch'] }),
      new PgInstrumentation({ requireParentSpan: true }),
      new KafkaJsInstrumentation(),
      new PinoInstrumentation(),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

/** The process-wide meter for a service's own metrics (counters, histograms). */
export function meter(name: string) {
  return metrics.getMeter(name);
}
