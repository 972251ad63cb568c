// Turns the error envelope's validation details (`[{ path: 'body.email', message }]`) into
// per-field messages for inline display, and any error into one line for a form's alert.
import { ApiError } from '@/lib/client/api-client';

export function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return out;
  for (const detail of error.details as { path?: string; message?: string }[]) {
    const field = detail.path?.split('.').slice(1).join('.');
    if (field && detail.message && !out[field]) out[field] = detail.message;
  }
  return out;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
