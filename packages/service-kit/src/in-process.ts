import {
  type Client,
  Metadata,
  type ServiceDefinition,
  type ServiceError,
  status,
} from '@grpc/grpc-js';
import {
  type AsyncServiceImplementation,
  type CallContext,
  type CallSettings,
  createPromiseClient,
  failureOf,
  type PromiseClient,
  serviceName,
} from './grpc';
import type { Logger } from './logger';

type UnaryHandler = (request: unknown, context: CallContext) => Promise<unknown>;

interface LocalService {
  handlers: Record<string, UnaryHandler>;
  /** Paths of the unary methods (streams stay on gRPC). */
  paths: Map<string, string>;
  logger: Logger;
  /** Calls under way, so a stop can let them finish. */
  inFlight: Set<Promise<unknown>>;
}

/**
 * A copy of a message as a decode would give it: nothing shared between
 * caller and callee (either may change what it holds afterwards), Dates and
 * bytes copied, arrays and objects rebuilt.
 */
export function copyMessage<T>(value: T): T {
  return copyValue(value) as T;
}

function copyValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map(copyValue);
  if (value instanceof Uint8Array) {
    return Buffer.isBuffer(value) ? Buffer.from(value) : new Uint8Array(value);
  }
  // A spread copies a message's fields at once; only nested values need more.
  const copy: Record<string, unknown> = { ...value };
  for (const key in copy) {
    const field = copy[key];
    if (field !== null && typeof field === 'object') copy[key] = copyValue(field);
  }
  return copy;
}

/** Where two messages differ, read as a decode reads them (an undefined field is an absent one); null when alike. */
function differenceOf(copy: unknown, decoded: unknown, at = ''): string | null {
  if (copy instanceof Date || decoded instanceof Date) {
    return copy instanceof Date && decoded instanceof Date && copy.getTime() === decoded.getTime()
      ? null
      : at || '(message)';
  }
  if (copy instanceof Uint8Array || decoded instanceof Uint8Array) {
    return copy instanceof Uint8Array &&
      decoded instanceof Uint8Array &&
      Buffer.compare(Buffer.from(copy), Buffer.from(decoded)) === 0
      ? null
      : at || '(message)';
  }
  if (Array.isArray(copy) || Array.isArray(decoded)) {
    if (!Array.isArray(copy) || !Array.isArray(decoded) || copy.length !== decoded.length)
      return at || '(message)';
    for (let i = 0; i < copy.length; i += 1) {
      const found = differenceOf(copy[i], decoded[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (
    copy !== null &&
    typeof copy === 'object' &&
    decoded !== null &&
    typeof decoded === 'object'
  ) {
    const a = copy as Record<string, unknown>;
    const b = decoded as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (a[key] === undefined && b[key] === undefined) continue;
      const found = differenceOf(a[key], b[key], at ? `${at}.${key}` : key);
      if (found) return found;
    }
    return null;
  }
  return Object.is(copy, decoded) ? null : at || '(message)';
}

/**
 * The in-process copy of a message, checked (when a round trip is given) against what
 * encoding and decoding it would give: a field a decode would fill in with
 * its default, or drop as unknown, fails the call loudly in tests instead of
 * behaving differently from the distributed run.
 */
function passed(
  value: unknown,
  roundTrip: ((value: unknown) => unknown) | undefined,
  what: string,
): unknown {
  const copy = copyMessage(value);
  if (roundTrip) {
    const where = differenceOf(copy, roundTrip(value));
    if (where) {
      throw callError({
        code: status.INTERNAL,
        details: `${what} differs from its protobuf round trip at ${where}`,
      });
    }
  }
  return copy;
}

/** The error a grpc-js client rejects with for a status (see grpc-js callErrorFromStatus). */
function callError(failure: Partial<ServiceError>): ServiceError {
  const code = failure.code ?? status.UNKNOWN;
  const details = failure.details ?? '';
  return Object.assign(new Error(`${code} ${status[code]}: ${details}`), {
    code,
    details,
    metadata: failure.metadata ?? new Metadata(),
  });
}

/**
 * The services this process serves, for callers in the same process (the
 * embedded run): a call goes straight to the service's handler instead of
 * through HTTP/2 and protobuf, with the gRPC contract kept — the same
 * request and response types (copied, as a decode would), the deadline
 * (DEADLINE_EXCEEDED, the handler's signal aborted), the metadata, and the
 * status and details a failure is answered with over the wire. Server
 * streams stay on gRPC. The distributed run has no such registry: its
 * clients call over the network.
 */
export class InProcessServices {
  private readonly services = new Map<string, LocalService>();

  /**
   * `verify`: every message is checked against its protobuf round trip (the
   * integration tests set CHORUS_IN_PROCESS_VERIFY=1); read once, not per call.
   */
  constructor(
    private readonly options: { verify: boolean } = {
      verify: process.env.CHORUS_IN_PROCESS_VERIFY === '1',
    },
  ) {}

  /** Offers a service's handlers to callers in this process; the answer withdraws them. */
  serve<D extends ServiceDefinition>(
    definition: D,
    handlers: AsyncServiceImplementation<D>,
    logger: Logger,
  ): { withdraw(graceMs?: number): Promise<void> } {
    const name = serviceName(definition);
    const paths = new Map<string, string>();
    for (const [method, spec] of Object.entries(definition)) {
      if (!spec.responseStream && !spec.requestStream) paths.set(method, spec.path);
    }
    const service: LocalService = {
      handlers: handlers as unknown as Record<string, UnaryHandler>,
      paths,
      logger,
      inFlight: new Set(),
    };
    this.services.set(name, service);
    return {
      withdraw: async (graceMs = 10_000) => {
        if (this.services.get(name) === service) this.services.delete(name);
        // Calls already handed over finish, as a gRPC server's in-flight calls do.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...service.inFlight]),
          new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(timer);
      },
    };
  }

  /**
   * `client` with each unary method answered in process while the service
   * is served here, and over its gRPC channel otherwise (before it starts,
   * after it stops, or for a server stream).
   */
  client<C extends Client>(
    definition: ServiceDefinition,
    client: PromiseClient<C>,
    defaults: { timeoutMs?: number } = {},
  ): PromiseClient<C> {
    const name = serviceName(definition);
    const remote = client as unknown as Record<string, (...args: unknown[]) => unknown>;
    const local: Record<string, unknown> = { close: () => client.close() };
    for (const [method, spec] of Object.entries(definition)) {
      const overGrpc = remote[method]!;
      const requestRoundTrip = this.options.verify
        ? (value: unknown) => spec.requestDeserialize(spec.requestSerialize(value))
        : undefined;
      const responseRoundTrip = this.options.verify
        ? (value: unknown) => spec.responseDeserialize(spec.responseSerialize(value))
        : undefined;
      local[method] = (request: unknown, settings: CallSettings = {}) => {
        const service = this.services.get(name);
        const handler = service?.paths.has(method) ? service.handlers[method] : undefined;
        if (!service || !handler) return overGrpc(request, settings);
        const timeoutMs = settings.timeoutMs ?? defaults.timeoutMs ?? 10_000;
        let copied: unknown;
        try {
          copied = passed(request, requestRoundTrip, `${spec.path} request`);
        } catch (error) {
          return Promise.reject(error);
        }
        return call(service, handler, method, copied, {
          timeoutMs,
          metadata: settings.metadata?.clone() ?? new Metadata(),
          roundTrip: responseRoundTrip,
        });
      };
    }
    return local as PromiseClient<C>;
  }
}

/** One unary call in process: the handler's answer, or the status it fails with. */
function call(
  service: LocalService,
  handler: UnaryHandler,
  method: string,
  request: unknown,
  settings: { timeoutMs: number; metadata: Metadata; roundTrip?: (value: unknown) => unknown },
): Promise<unknown> {
  const path = service.paths.get(method)!;
  const abort = new AbortController();
  const answer = new Promise<unknown>((resolve, reject) => {
    const deadline = setTimeout(() => {
      abort.abort();
      reject(callError({ code: status.DEADLINE_EXCEEDED, details: 'Deadline exceeded' }));
    }, settings.timeoutMs);
    let running: Promise<unknown>;
    try {
      running = handler(request, { metadata: settings.metadata, signal: abort.signal });
    } catch (error) {
      running = Promise.reject(error);
    }
    service.inFlight.add(running);
    running.then(
      (response) => {
        clearTimeout(deadline);
        service.inFlight.delete(running);
        try {
          resolve(passed(response ?? {}, settings.roundTrip, `${path} response`));
        } catch (error) {
          reject(error);
        }
      },
      (error: unknown) => {
        clearTimeout(deadline);
        service.inFlight.delete(running);
        if (abort.signal.aborted) return;
        reject(callError(failureOf(error, path, service.logger)));
      },
    );
  });
  return answer;
}

/**
 * A typed client of a service at `address` (createPromiseClient), called in
 * process while `inProcess` serves it (the embedded run).
 */
export function createServiceClient<C extends Client>(
  Constructor: Parameters<typeof createPromiseClient<C>>[0],
  address: string,
  defaults: { timeoutMs?: number; streamTimeoutMs?: number },
  inProcess?: InProcessServices,
): PromiseClient<C> {
  const client = createPromiseClient(Constructor, address, defaults);
  return inProcess ? inProcess.client(Constructor.service, client, defaults) : client;
}
