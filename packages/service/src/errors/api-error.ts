import { ERROR_CATALOG, type ErrorCode } from './catalog.js';
import type { Rejection } from './rejection.js';

/** The one error type the service throws on purpose; the HTTP layer renders it as the envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | null;
  /** Seconds for the Retry-After header, where the code carries one. */
  readonly retryAfter: number | null;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown> | null; retryAfter?: number | null } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CATALOG[code].status;
    this.details = options.details ?? null;
    this.retryAfter = options.retryAfter ?? null;
  }
}

/** The error a verb's rejection becomes at the HTTP edge. */
export function apiErrorOf(rejection: Rejection): ApiError {
  return new ApiError(rejection.code, rejection.message, {
    details: rejection.details ?? null,
    retryAfter: rejection.retryAfterSeconds ?? null,
  });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
