import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

interface Telemetry {
  shutdown(): Promise<void>;
}

/**
 * Starts tracing and metrics for the process. It must run before http,
 * grpc-js, pg, kafkajs and pino are first required, because instrumentation
 * works by patching those modules as they load: entry points call this, then
 * import the rest of the service.
 *
 * Traces, metrics and logs go over OTLP (HTTP/protobuf) to
 * OTEL_EXPORTER_OTLP_ENDPOINT, the collector in Kubernetes; trace ids then
 * appear in logs and travel in gRPC metadata and Kafka headers. Without an
 * endpoint (a local run) nothing would receive them, so the SDK does not
 * start: left to its defaults it posts everything to localhost:4318, and its
 * instrumentation alone costs a third of the API's throughput (see
 * docs/performance.md). Tests pass their own span processors instead.
 */
export function startTelemetry(options: {
  serviceName: string;
  env?: Record<string, string | undefined>;
  /** Extra processors, e.g. an in-memory exporter in tests. */
  spanProcessors?: SpanProcessor[];
}): Telemetry {
  const env = options.env ?? process.env;
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const spanProcessors = [...(options.spanProcessors ?? [])];
  if (env.OTEL_SDK_DISABLED === 'true' || (!endpoint && spanProcessors.length === 0)) {
    return { shutdown: () => Promise.resolve() };
  }
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
      : { metricReaders: [], logRecordProcessors: [] }),
    instrumentations: [
      new HttpInstrumentation({
        // Probes and static files are noise in traces.
        ignoreIncomingRequestHook: (request) =>
          /^\/(healthz|readyz|mfe\/|assets\/)/.test(request.url ?? ''),
      }),
      new GrpcInstrumentation({ ignoreGrpcMethods: ['Check', 'Watch'] }),
      new PgInstrumentation({ requireParentSpan: true }),
      new KafkaJsInstrumentation(),
      new PinoInstrumentation(),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
