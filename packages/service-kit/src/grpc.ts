import {
  type CallOptions,
  type ChannelCredentials,
  type Client,
  type ClientOptions,
  type ClientReadableStream,
  type ClientUnaryCall,
  credentials,
  makeClientConstructor,
  Metadata,
  Server,
  ServerCredentials,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceDefinition,
  type ServiceError,
  status,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { HealthImplementation, service as healthService } from 'grpc-health-check';
import { once } from 'node:events';
import { DomainError, isStorageUnavailable, toServiceError } from './errors';
import type { Logger } from './logger';

/** What a handler knows about the call besides the request. */
export interface CallContext {
  metadata: Metadata;
  /** Aborted when the caller cancels or its deadline passes. */
  signal: AbortSignal;
}

interface UnaryMethod<Req, Res> {
  path: string;
  requestDeserialize: (bytes: Buffer) => Req;
  responseSerialize: (value: Res) => Buffer;
}

/**
 * A service's handlers as plain async functions, derived from the ts-proto
 * definition; a server-streaming method is an async generator of its messages.
 */
export type AsyncServiceImplementation<D> = {
  [K in keyof D]: D[K] extends UnaryMethod<infer Req, infer Res> & { responseStream: true }
    ? (request: Req, context: CallContext) => AsyncIterable<Res>
    : D[K] extends UnaryMethod<infer Req, infer Res>
      ? (request: Req, context: CallContext) => Promise<Res>
      : never;
};

/** The status and details a handler's failure is answered with (over gRPC or in process). */
export function failureOf(error: unknown, path: string, logger: Logger): Partial<ServiceError> {
  if (error instanceof DomainError) return toServiceError(error);
  if (isStorageUnavailable(error)) {
    logger.warn({ err: error, method: path }, 'database unavailable');
    return { code: status.UNAVAILABLE, details: 'Database unavailable', metadata: new Metadata() };
  }
  logger.error({ err: error, method: path }, 'unhandled error in gRPC handler');
  return { code: status.INTERNAL, details: 'Internal error', metadata: new Metadata() };
}

/**
 * A server-streaming handler on grpc-js: each message the generator yields
 * is written (waiting while the caller's buffer is full); a failure after
 * some messages ends the stream with its status; a caller that cancels
 * stops the generator.
 */
function streamingHandler(
  handler: (request: unknown, context: CallContext) => AsyncIterable<unknown>,
  path: string,
  logger: Logger,
) {
  return (call: ServerWritableStream<unknown, unknown>) => {
    const abort = new AbortController();
    call.on('cancelled', () => abort.abort());
    void (async () => {
      try {
        for await (const message of handler(call.request, {
          metadata: call.metadata,
          signal: abort.signal,
        })) {
          if (abort.signal.aborted) return;
          if (!call.write(message)) await once(call, 'drain');
        }
        call.end();
      } catch (error) {
        if (abort.signal.aborted) return;
        call.emit('error', failureOf(error, path, logger));
      }
    })();
  };
}

/**
 * Adapts async handlers to grpc-js callbacks. DomainErrors keep their status
 * and message; an unreachable database is UNAVAILABLE (callers retry later);
 * anything else is logged and answered INTERNAL without detail.
 */
export function implement<D extends ServiceDefinition>(
  definition: D,
  handlers: AsyncServiceImplementation<D>,
  logger: Logger,
): UntypedServiceImplementation {
  const implementation: UntypedServiceImplementation = {};
  for (const name of Object.keys(definition)) {
    const handler = handlers[name as keyof D] as unknown as (
      request: unknown,
      context: CallContext,
    ) => Promise<unknown>;
    const path = (definition[name] as { path: string }).path;
    if ((definition[name] as { responseStream?: boolean }).responseStream) {
      implementation[name] = streamingHandler(
        handler as unknown as (request: unknown, context: CallContext) => AsyncIterable<unknown>,
        path,
        logger,
      );
      continue;
    }
    implementation[name] = (
      call: ServerUnaryCall<unknown, unknown>,
      callback: (error: Partial<ServiceError> | null, response?: unknown) => void,
    ) => {
      const abort = new AbortController();
      call.on('cancelled', () => abort.abort());
      handler(call.request, { metadata: call.metadata, signal: abort.signal }).then(
        (response) => callback(null, response),
        (error: unknown) => callback(failureOf(error, path, logger)),
      );
    };
  }
  return implementation;
}

interface GrpcServiceBinding {
  definition: ServiceDefinition;
  implementation: UntypedServiceImplementation;
}

export interface RunningGrpcServer {
  port: number;
  health: HealthImplementation;
  /**
   * Stops accepting calls, lets in-flight calls finish (up to graceMs), then
   * closes. Health turns NOT_SERVING first so load balancers drain us.
   */
  shutdown(graceMs?: number): Promise<void>;
}

/** The fully qualified service name, e.g. chorus.identity.v1.IdentityService. */
export function serviceName(definition: ServiceDefinition): string {
  const first = Object.values(definition)[0];
  if (!first) throw new Error('service definition has no methods');
  return first.path.split('/')[1] ?? '';
}

/**
 * A bind failure of grpc-js (its message lists the socket errors, e.g.
 * "No address added out of total 1 resolved errors: [listen EADDRINUSE: …]")
 * as an error shaped like Node's own listen errors: `code` (EADDRINUSE,
 * EACCES, …), `syscall`, `address` and `port`, so a caller can say which
 * port is taken without reading the text.
 */
function listenError(error: unknown, host: string, port: number): Error {
  const message = error instanceof Error ? error.message : String(error);
  const code = /\b(EADDRINUSE|EADDRNOTAVAIL|EACCES)\b/.exec(message)?.[1];
  return Object.assign(
    new Error(`gRPC server cannot listen on ${host}:${port}: ${message}`, { cause: error }),
    { code, syscall: 'listen', address: host, port },
  );
}

/**
 * Serves the given services and the health service on host:port (port 0:
 * one the system gives, reported as `port`). A port it cannot bind rejects
 * with an error carrying `code`, `address` and `port` (see listenError).
 */
export async function startGrpcServer(options: {
  host?: string;
  port: number;
  services: GrpcServiceBinding[];
  logger: Logger;
}): Promise<RunningGrpcServer> {
  const server = new Server({ 'grpc.max_receive_message_length': 16 * 1024 * 1024 });
  const names = options.services.map((s) => serviceName(s.definition));
  const health = new HealthImplementation(
    Object.fromEntries(['', ...names].map((name) => [name, 'SERVING'])),
  );
  health.addToServer(server);
  for (const { definition, implementation } of options.services) {
    server.addService(definition, implementation);
  }
  const host = options.host ?? '0.0.0.0';
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      `${host}:${options.port}`,
      ServerCredentials.createInsecure(),
      (error, bound) => (error ? reject(error) : resolve(bound)),
    ),
  ).catch((error: unknown) => {
    server.forceShutdown();
    throw listenError(error, host, options.port);
  });
  options.logger.info({ port, services: names }, 'gRPC server listening');

  let stopping: Promise<void> | undefined;
  return {
    port,
    health,
    shutdown(graceMs = 10_000) {
      stopping ??= new Promise<void>((resolve) => {
        for (const name of ['', ...names]) health.setStatus(name, 'NOT_SERVING');
        const force = setTimeout(() => {
          options.logger.warn({ graceMs }, 'in-flight calls did not finish in time; forcing');
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
      return stopping;
    },
  };
}

/** Per-call settings of a typed client. */
export interface CallSettings {
  /** Milliseconds before the call fails with DEADLINE_EXCEEDED. */
  timeoutMs?: number;
  metadata?: Metadata;
}

/** Per-call settings of a server-streaming call. */
interface StreamSettings {
  /** Milliseconds before the whole stream fails with DEADLINE_EXCEEDED. */
  timeoutMs?: number;
  metadata?: Metadata;
  /** Aborting cancels the call (the server's handler sees it cancelled). */
  signal?: AbortSignal;
}

type PromiseMethod<F> = F extends (
  request: infer Req,
  metadata?: Metadata,
  options?: Partial<CallOptions>,
) => ClientReadableStream<infer Res>
  ? (request: Req, settings?: StreamSettings) => AsyncIterable<Res>
  : F extends (
        request: infer Req,
        metadata: Metadata,
        options: Partial<CallOptions>,
        callback: (error: ServiceError | null, response: infer Res) => void,
      ) => ClientUnaryCall
    ? (request: Req, settings?: CallSettings) => Promise<Res>
    : never;

/** A ts-proto grpc-js client with every unary method returning a promise. */
export type PromiseClient<C extends Client> = {
  [K in Exclude<keyof C, keyof Client>]: PromiseMethod<C[K]>;
} & { close(): void };

type UntypedUnaryMethod = (
  request: unknown,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: unknown) => void,
) => ClientUnaryCall;

type UntypedStreamingMethod = (
  request: unknown,
  metadata: Metadata,
  options: Partial<CallOptions>,
) => ClientReadableStream<unknown>;

type ClientConstructor<C extends Client> = new (
  address: string,
  credentials: ChannelCredentials,
  options?: Partial<ClientOptions>,
) => C;

/**
 * One long-lived channel per downstream service. Calls fail fast when the
 * service is down (no waitForReady), so the gateway can answer 503 at once
 * and recover by itself when the service returns.
 */
export function createPromiseClient<C extends Client>(
  Constructor: ClientConstructor<C> & { service: ServiceDefinition },
  address: string,
  defaults: { timeoutMs?: number; streamTimeoutMs?: number } = {},
): PromiseClient<C> {
  const raw = new Constructor(address, credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.max_receive_message_length': 16 * 1024 * 1024,
    // Reconnect quickly after a restart instead of backing off for minutes.
    'grpc.initial_reconnect_backoff_ms': 200,
    'grpc.max_reconnect_backoff_ms': 2_000,
  });
  const client: Record<string, unknown> = { close: () => raw.close() };
  for (const name of Object.keys(Constructor.service)) {
    if ((Constructor.service[name] as { responseStream?: boolean }).responseStream) {
      const open = (raw as unknown as Record<string, UntypedStreamingMethod>)[name]!.bind(raw);
      client[name] = (request: unknown, settings: StreamSettings = {}) => {
        const timeoutMs = settings.timeoutMs ?? defaults.streamTimeoutMs ?? 120_000;
        const call = open(request, settings.metadata ?? new Metadata(), {
          deadline: new Date(Date.now() + timeoutMs),
        });
        settings.signal?.addEventListener('abort', () => call.cancel(), { once: true });
        // A grpc-js readable stream is an async iterable of its messages; a failed call throws.
        return call as AsyncIterable<unknown>;
      };
      continue;
    }
    const method = (raw as unknown as Record<string, UntypedUnaryMethod>)[name]!.bind(raw);
    client[name] = (request: unknown, settings: CallSettings = {}) =>
      new Promise((resolve, reject) => {
        const timeoutMs = settings.timeoutMs ?? defaults.timeoutMs ?? 10_000;
        method(
          request,
          settings.metadata ?? new Metadata(),
          { deadline: new Date(Date.now() + timeoutMs) },
          (error: ServiceError | null, response: unknown) =>
            error ? reject(error) : resolve(response),
        );
      });
  }
  return client as PromiseClient<C>;
}

type HealthCheckClient = Client & {
  check(
    request: { service: string },
    options: Partial<CallOptions>,
    callback: (error: ServiceError | null, response?: { status: string }) => void,
  ): void;
};

const HealthClient = makeClientConstructor(healthService, 'grpc.health.v1.Health');

/**
 * Asks a server's standard gRPC health service whether it serves; resolves
 * to the status name, or 'UNAVAILABLE' when nothing answers in time.
 */
export function checkHealth(address: string, options: { timeoutMs?: number } = {}) {
  const client = new HealthClient(
    address,
    credentials.createInsecure(),
  ) as unknown as HealthCheckClient;
  return new Promise<string>((resolve) => {
    client.check(
      { service: '' },
      { deadline: new Date(Date.now() + (options.timeoutMs ?? 1_000)) },
      (error, response) => {
        client.close();
        resolve(error ? 'UNAVAILABLE' : (response?.status ?? 'UNKNOWN'));
      },
    );
  });
}
