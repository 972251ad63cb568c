// One error type for everything a client can cause. The route wrapper turns it into the spec's
// envelope { error: { code, message, details } }.

export interface ErrorDetail {
  path?: string;
  message: string;
  code?: string;
  [key: string]: unknown;
}

// Shared by every copy of this module in a process: the custom server (server.ts) and Next's
// route bundles load their own, and an AppError thrown by one (the agent channel hub, say) must
// still be recognised as one by the other's route wrapper instead of turning into a 500.
const APP_ERROR = Symbol.for('rmm.AppError');

export class AppError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[APP_ERROR] === true;
  }

  readonly [APP_ERROR] = true;

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
