// Maps the error envelope of a 400 VALIDATION_ERROR (details: [{ path: 'body.field…', message }])
// to one message per top-level body field, so forms can show each under its control.
import { ApiError } from '@/lib/client/api-client';

export function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return out;
  for (const detail of error.details as { path?: unknown; message?: unknown }[]) {
    if (typeof detail?.path !== 'string' || typeof detail.message !== 'string') continue;
    const [where, field] = detail.path.split('.');
    if (where === 'body' && field && !out[field]) out[field] = detail.message;
  }
  return out;
}

/** The envelope's message for the form as a whole; a generic fallback for anything else. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The form-level line to show beside per-field messages: null when every problem is already shown
 * under a field of `shown` (the envelope's message would repeat one of them), else the message.
 */
export function formErrorOf(error: unknown, shown: readonly string[], fallback: string): string | null {
  const fields = Object.keys(fieldErrorsOf(error));
  if (fields.length > 0 && fields.every((f) => shown.includes(f)) && error instanceof ApiError && Array.isArray(error.details) && error.details.length === fields.length) return null;
  return messageOf(error, fallback);
}
