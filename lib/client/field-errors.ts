// Maps the error envelope of a 400 VALIDATION_ERROR (details: [{ path: 'body.field…', message }])
// to messages forms can show under their controls. The one mapper of the console: every form
// reads its field errors from here.
import { ApiError } from '@/lib/client/api-client';

export type FieldErrors = Record<string, string>;

const OTHER_LOCATIONS = new Set(['query', 'params', 'headers']);

/** The body paths of the envelope's validation details (`body.lines.0.unitPrice` → `lines.0.unitPrice`). */
function bodyPaths(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  const out: { path: string; message: string }[] = [];
  for (const detail of error.details as { path?: unknown; message?: unknown }[]) {
    if (typeof detail?.path !== 'string' || typeof detail.message !== 'string') continue;
    const [where, ...rest] = detail.path.split('.');
    if (where === 'body') {
      if (rest.length > 0) out.push({ path: rest.join('.'), message: detail.message });
    } else if (!OTHER_LOCATIONS.has(where)) {
      // Domain checks after validation (e.g. a webhook URL that resolves to a refused address)
      // name the body field without the location prefix: `config.url`.
      out.push({ path: detail.path, message: detail.message });
    }
  }
  return out;
}

/**
 * One message per body field, the first one wins. `field` (the default) keys each by its top-level
 * field, so a problem anywhere inside `allowedCidrs` shows under that one control; `path` keys
 * each by its full path (`lines.0.unitPrice`, `condition.threshold`) for forms with a control per
 * nested value.
 */
export function fieldErrorsOf(error: unknown, keys: 'field' | 'path' = 'field'): FieldErrors {
  const out: FieldErrors = {};
  for (const { path, message } of bodyPaths(error)) out[keys === 'field' ? path.split('.')[0] : path] ??= message;
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
