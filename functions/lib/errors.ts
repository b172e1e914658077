/**
 * Typed HTTP errors. Handlers throw these; the error middleware turns them into
 * the one response shape `{ error, message, details? }`. Anything else becomes a
 * 500 with a generic message (never a stack trace).
 */
import type { ErrorBody } from '#shared/api-types';

/** The body every error answers with; its one definition is the API contract's. */
export type { ErrorBody };

export interface FieldIssue {
  field: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, details?: FieldIssue[] | Record<string, unknown>) {
    super(400, 'BadRequest', message, details);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Please sign in to continue.') {
    super(401, 'Unauthorized', message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have access to this.') {
    super(403, 'Forbidden', message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found.') {
    super(404, 'NotFound', message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(409, 'Conflict', message, details);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, 'PayloadTooLarge', message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'TooManyRequests', message, { retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(
    message = 'The service is temporarily unavailable. Please try again in a moment.',
    details?: Record<string, unknown>,
  ) {
    super(503, 'ServiceUnavailable', message, details, { 'retry-after': '5' });
  }
}
