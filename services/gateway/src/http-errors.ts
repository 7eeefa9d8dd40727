import { isServiceError, type Logger } from '@chorus/service-kit';
import { status } from '@grpc/grpc-js';
import type { ErrorRequestHandler } from 'express';

/** An answer other than success, with the message the user should read. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const httpStatusOf: Partial<Record<status, number>> = {
  [status.INVALID_ARGUMENT]: 400,
  [status.OUT_OF_RANGE]: 400,
  [status.FAILED_PRECONDITION]: 400,
  [status.UNAUTHENTICATED]: 401,
  [status.PERMISSION_DENIED]: 403,
  [status.NOT_FOUND]: 404,
  [status.ALREADY_EXISTS]: 409,
  [status.ABORTED]: 409,
  [status.RESOURCE_EXHAUSTED]: 429,
  [status.UNIMPLEMENTED]: 501,
  [status.UNAVAILABLE]: 503,
  [status.DEADLINE_EXCEEDED]: 504,
};

/**
 * The one place where a service's gRPC status becomes an HTTP answer. Domain
 * failures keep the service's message; a service that is down or slow gets a
 * message saying so; anything else is a 500 without internals.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (!isServiceError(error)) return new HttpError(500, 'Internal server error');
  const httpStatus = httpStatusOf[error.code as status];
  if (httpStatus === 503 || httpStatus === 504) {
    return new HttpError(
      httpStatus,
      'The service is temporarily unavailable. Please try again in a moment.',
    );
  }
  if (httpStatus === undefined) return new HttpError(500, 'Internal server error');
  return new HttpError(httpStatus, error.details || 'Request failed');
}

/** body-parser failures: too large, malformed, wrong charset. */
function bodyParserError(error: unknown): HttpError | undefined {
  const type = (error as { type?: string }).type;
  if (type === 'entity.too.large') return new HttpError(413, 'Request body is too large');
  if (type === 'entity.parse.failed') return new HttpError(400, 'Malformed JSON in request body');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new HttpError(415, 'Unsupported request body encoding');
  }
  if (type === 'request.aborted') return new HttpError(400, 'Request was aborted');
  return undefined;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const answer = bodyParserError(error) ?? toHttpError(error);
    if (answer.status >= 500) {
      logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    }
    if (res.headersSent) return;
    res.status(answer.status).json({ message: answer.message });
  };
}
