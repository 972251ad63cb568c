// One error type for everything a client can cause. The route wrapper turns it into the spec's
// envelope { error: { code, message, details } }.

export interface ErrorDetail {
  path?: string;
  message: string;
  code?: string;
  [key: string]: unknown;
}

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details: ErrorDetail[] | Record<string, unknown> = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  /**
   * The custom server (server.ts, under tsx or its own bundle) and Next's route bundles each load
   * their own copy of this module in one process: an AppError thrown by code of one (the agent
   * channel hub the server owns) must still read as an AppError in the other, not as a 500.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (this !== AppError || !(value instanceof Error)) return false;
    const v = value as Error & { code?: unknown; status?: unknown };
    return v.name === 'AppError' && typeof v.code === 'string' && typeof v.status === 'number';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[], code = 'VALIDATION_ERROR') =>
  new AppError(code, 400, message, details);

export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED') =>
  new AppError(code, 401, message);

export const forbidden = (message = 'You do not have permission to do this', code = 'FORBIDDEN') =>
  new AppError(code, 403, message);

/** The one answer for missing records and records outside the caller's scope. */
export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', 404, `${what} not found`);

export const conflict = (message: string, code = 'CONFLICT', details?: Record<string, unknown>) =>
  new AppError(code, 409, message, details);

export const tooManyRequests = (message: string, retryAfterSeconds: number, code = 'RATE_LIMITED') =>
  new AppError(code, 429, message, [], { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const unavailable = (message = 'Service temporarily unavailable', code = 'SERVICE_UNAVAILABLE') =>
  new AppError(code, 503, message);

export function errorBody(code: string, message: string, details: unknown = []) {
  return { error: { code, message, details } };
}
