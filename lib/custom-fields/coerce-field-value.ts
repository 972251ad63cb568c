// Checks a value against a field's type; shared by the API and script output.
import { isStorableText } from '@/lib/http/storable-text';

export type FieldCheck = { ok: true; value: string | number | boolean } | { ok: false; reason: string };

interface FieldShape {
  type: 'text' | 'number' | 'boolean' | 'date' | 'select';
  options: string[];
}

export function coerceFieldValue(field: FieldShape, value: unknown): FieldCheck {
  switch (field.type) {
    case 'text':
      if (typeof value === 'number' || typeof value === 'boolean') value = String(value);
      if (typeof value !== 'string') return { ok: false, reason: 'expected text' };
      if (value.length > 10_000 || !isStorableText(value)) return { ok: false, reason: 'text too long or not storable' };
      return { ok: true, value };
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? { ok: true, value: n } : { ok: false, reason: 'expected a number' };
    }
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
      return { ok: false, reason: 'expected true or false' };
    case 'date':
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) && !Number.isNaN(Date.parse(value))) return { ok: true, value };
      return { ok: false, reason: 'expected a date (YYYY-MM-DD or ISO 8601)' };
    case 'select':
      return typeof value === 'string' && field.options.includes(value) ? { ok: true, value } : { ok: false, reason: `expected one of ${field.options.join(', ')}` };
  }
}
