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
