import { Metadata, status, type ServiceError } from '@grpc/grpc-js';

/**
 * A failure the caller can act on. Services throw these from their domain
 * code; the gRPC layer turns them into status codes and the gateway turns
 * those into HTTP statuses, keeping the message the user should read.
 */
export class DomainError extends Error {
  constructor(
    readonly code: status,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFound extends DomainError {
  constructor(message = 'Not found') {
    super(status.NOT_FOUND, message);
  }
}

export class InvalidArgument extends DomainError {
  constructor(message: string) {
    super(status.INVALID_ARGUMENT, message);
  }
}

export class AlreadyExists extends DomainError {
  constructor(message: string) {
    super(status.ALREADY_EXISTS, message);
  }
}

export class Unauthenticated extends DomainError {
  constructor(message = 'Unauthorized') {
    super(status.UNAUTHENTICATED, message);
  }
}

export class PermissionDenied extends DomainError {
  constructor(message = 'Forbidden') {
    super(status.PERMISSION_DENIED, message);
  }
}

/** The request is well formed but the current state forbids it (e.g. a declined card). */
export class FailedPrecondition extends DomainError {
  constructor(message: string) {
    super(status.FAILED_PRECONDITION, message);
  }
}

export class Unavailable extends DomainError {
  constructor(message: string) {
    super(status.UNAVAILABLE, message);
  }
}

/** What travels over the wire: grpc-js sends `details` as the status message. */
export function toServiceError(error: DomainError): Partial<ServiceError> {
  return { code: error.code, details: error.message, metadata: new Metadata() };
}

export function isServiceError(error: unknown): error is ServiceError {
  return (
    error instanceof Error &&
    typeof (error as Partial<ServiceError>).code === 'number' &&
    'details' in error
  );
}

/** Socket failures: the database (or another dependency) cannot be reached. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/**
 * Whether an error means the database is unreachable or restarting, rather
 * than that the request was wrong: refused or dropped connections, the
 * server shutting down or starting (SQLSTATE class 08, 57P01-57P03), too many
 * connections, or no pooled connection in time. Such a call is answered
 * UNAVAILABLE, so callers say "try again" instead of reporting an internal
 * error, and the next call, on a new connection, succeeds once it is back.
 */
export function isStorageUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, name, message, cause, errors } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (unreachableCodes.has(code)) return true;
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  }
  if (name === 'KnexTimeoutError') return true;
  if (typeof message === 'string' && /^Connection terminated/.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isStorageUnavailable(e, depth + 1))) return true;
  return isStorageUnavailable(cause, depth + 1);
}
