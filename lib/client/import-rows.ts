// Pure helpers of the browser-side CSV imports (organizations, contacts): header aliasing and
// batching to the API's 1,000-row limit.
import { csvRecords } from '@/lib/csv';

export const IMPORT_BATCH = 1000;

export function batches<T>(list: T[], size = IMPORT_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * CSV text → records keyed by the wizard's field names. `aliases` maps normalised headers
 * (lowercase, no spaces, dashes or underscores) to a field; blank cells are left out and
 * columns without an alias are reported as unknown.
 */
export function aliasedRecords<K extends string>(text: string, aliases: Record<string, K>): { records: Partial<Record<K, string>>[]; unknown: string[] } {
  const { header, records } = csvRecords(text);
  const unknown = header.filter((h) => h && !aliases[h]);
  return {
    unknown,
    records: records.map((r) => {
      const out: Partial<Record<K, string>> = {};
      for (const [h, v] of Object.entries(r)) if (aliases[h] && v) out[aliases[h]] = v;
      return out;
    }),
  };
}

/** Roles in one CSV cell, separated by `;`, `|` or spaces (a comma would split the column). */
export function splitRoles(cell: string): string[] {
  return cell
    .split(/[;|\s]+/)
    .map((r) => r.trim().toLowerCase().replace(/-/g, '_'))
    .filter(Boolean);
}
