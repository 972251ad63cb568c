// A report's rows as a file: PDF (lib/pdf: brand header with the logo, summary figures, a bar
// chart and the table), CSV (lib/csv) or Excel (exceljs: a styled, frozen header row, column
// widths fitted to the content, and a Summary sheet). Pure: the rows come from render input.
import ExcelJS from 'exceljs';
import { toCsv } from '@/lib/csv';
import { COLORS, PdfDocument } from '@/lib/pdf/document';
import type { Cell, ReportColumn, ReportRow, ReportSummary } from '@/lib/reports/report-definition';
import type { ReportFormatName } from '@/lib/reports/schemas';

export interface RenderInput {
  /** The report's (or run's) name. */
  name: string;
  /** The report type's title. */
  title: string;
  brand: { name: string; color: string | null; logo: Buffer | null };
  period: { from: Date; to: Date };
  generatedAt: Date;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Every matching row, which may exceed rows.length when the file was capped. */
  total: number;
  summary: ReportSummary;
  landscape?: boolean;
}

export interface RenderedFile {
  data: Buffer;
  contentType: string;
  extension: string;
}

export const CONTENT_TYPES: Record<ReportFormatName, { contentType: string; extension: string }> = {
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  excel: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
};

const utc = (d: Date) => `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
const day = (d: Date) => d.toISOString().slice(0, 10);
const text = (v: Cell | undefined): string => (v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));

export function periodLine(input: Pick<RenderInput, 'period' | 'generatedAt'>): string {
  return `Period ${day(input.period.from)} to ${day(input.period.to)} · generated ${utc(input.generatedAt)}`;
}

export async function renderPdf(input: RenderInput): Promise<Buffer> {
  const pdf = new PdfDocument({ title: `${input.name}`, footer: `${input.brand.name} · ${input.name} · ${utc(input.generatedAt)}`, orientation: input.landscape ? 'landscape' : 'portrait' });
  if (input.brand.logo) {
    try {
      pdf.image(input.brand.logo, 140, 40);
    } catch {
      // A logo pdfkit cannot decode (WebP) leaves the brand name alone at the top.
    }
  }
  pdf.header([{ text: input.brand.name, size: 14, bold: true, color: input.brand.color ?? COLORS.text }], [{ text: input.title.toUpperCase(), size: 10, bold: true, color: COLORS.muted }]);
  pdf.title(input.name, periodLine(input));
  pdf.keyValues(input.summary.figures.map((f) => [f.label, f.value]));
  if (input.summary.chart && input.summary.chart.bars.length) pdf.barChart(input.summary.chart.title, input.summary.chart.bars, { color: input.brand.color ?? undefined });
  if (input.rows.length === 0) {
    pdf.paragraph('No rows match this report’s filters for the period.', { color: COLORS.muted });
    return pdf.toBuffer();
  }
  if (input.total > input.rows.length) pdf.paragraph(`The first ${input.rows.length} of ${input.total} rows are listed.`, { color: COLORS.muted });
  pdf.table(
    input.columns.map((c) => ({ header: c.header, width: c.width, align: c.align })),
    input.rows.map((r) => input.columns.map((c) => text(r[c.key]))),
    { size: 8 },
  );
  return pdf.toBuffer();
}

export function renderCsv(input: Pick<RenderInput, 'columns' | 'rows'>): Buffer {
  return Buffer.from(
    toCsv(
      input.columns.map((c) => c.key),
      input.rows.map((r) => input.columns.map((c) => r[c.key] ?? null)),
    ),
    'utf8',
  );
}

export async function renderXlsx(input: RenderInput): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = input.brand.name;
  book.created = input.generatedAt;
  const sheet = book.addWorksheet(input.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = input.columns.map((c) => {
    const longest = Math.max(c.header.length, ...input.rows.slice(0, 1000).map((r) => text(r[c.key]).length));
    return { header: c.header, key: c.key, width: Math.min(60, Math.max(8, longest + 2)) };
  });
  for (const row of input.rows) sheet.addRow(Object.fromEntries(input.columns.map((c) => [c.key, row[c.key] ?? null])));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${(input.brand.color ?? '#3b6fb6').slice(1).toUpperCase()}` } };
  header.alignment = { vertical: 'middle' };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: input.columns.length } };
  input.columns.forEach((c, i) => {
    if (c.align === 'right') sheet.getColumn(i + 1).alignment = { horizontal: 'right' };
  });

  const summary = book.addWorksheet('Summary');
  summary.columns = [
    { header: input.name, key: 'label', width: 32 },
    { header: '', key: 'value', width: 40 },
  ];
  summary.getRow(1).font = { bold: true, size: 13 };
  summary.addRow({ label: 'Period', value: periodLine(input) });
  for (const f of input.summary.figures) summary.addRow({ label: f.label, value: f.value });
  if (input.total > input.rows.length) summary.addRow({ label: 'Rows listed', value: `${input.rows.length} of ${input.total}` });
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function renderReport(format: ReportFormatName, input: RenderInput): Promise<RenderedFile> {
  const data = format === 'pdf' ? await renderPdf(input) : format === 'excel' ? await renderXlsx(input) : renderCsv(input);
  return { data, ...CONTENT_TYPES[format] };
}
