// CSV, RFC 4180, for the console and the server alike (pure: no browser or Node APIs).
// - The writer quotes fields holding a comma, quote or line break, doubles quotes, ends every
//   record with CRLF, and defuses text a spreadsheet would run as a formula.
// - The reader (imports parsed in the browser) takes quoted fields with commas, doubled quotes
//   and line breaks, CRLF or LF, a UTF-8 BOM, and `;` or tab separators detected from the header.

export type CsvValue = string | number | bigint | boolean | Date | null | undefined;

/**
 * Text starting with one of these is taken for a formula by Excel, LibreOffice or Sheets (or
 * lets one through): `=`, `+`, `-`, `@`, tab, CR, and NUL (OWASP CSV injection; ASVS 5 1.2.10).
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/** One field: empty for null, ISO 8601 for dates, formula-looking text prefixed with `'`, quoted when needed. */
export function csvField(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? '' : value.toISOString();
  // A number or boolean is written as is: it cannot carry a formula, and -5 stays a number.
  else if (typeof value !== 'string') text = String(value);
  else text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header, then one record per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const sep = [',', ';', '\t'].map((s) => [s, firstLine.split(s).length] as const).sort((a, b) => b[1] - a[1])[0][0];
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** Rows as objects keyed by the normalised header (lowercase, no spaces, dashes or underscores). */
export function csvRecords(text: string): { header: string[]; records: Record<string, string>[] } {
  const [head, ...body] = parseCsv(text);
  if (!head) return { header: [], records: [] };
  const header = head.map((h) => h.trim().toLowerCase().replace(/[\s_-]+/g, ''));
  return { header, records: body.map((r) => Object.fromEntries(header.map((h, i) => [h, (r[i] ?? '').trim()]))) };
}
