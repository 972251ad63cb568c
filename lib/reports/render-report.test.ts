import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parseCsv } from '@/lib/csv';
import { renderCsv, renderPdf, renderReport, renderXlsx, type RenderInput } from '@/lib/reports/render-report';
import { pdfText } from '../../tests/helpers/pdf';

function input(rows: number, overrides: Partial<RenderInput> = {}): RenderInput {
  return {
    name: 'Weekly devices',
    title: 'Device inventory',
    brand: { name: 'Acme Managed IT', color: '#aa3311', logo: null },
    period: { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-27T00:00:00Z') },
    generatedAt: new Date('2026-11-27T08:00:00Z'),
    columns: [
      { key: 'hostname', header: 'Hostname' },
      { key: 'cpu', header: 'CPU %', width: 60, align: 'right' },
    ],
    rows: Array.from({ length: rows }, (_, i) => ({ hostname: `host-${String(i).padStart(3, '0')}`, cpu: i % 2 ? 12.5 : null })),
    total: rows,
    summary: { figures: [{ label: 'Devices', value: String(rows) }], chart: { title: 'Devices by operating system', bars: [{ label: 'linux', value: rows }, { label: 'windows', value: 0 }] } },
    ...overrides,
  };
}

describe('report files', () => {
  it('lays a PDF out over several pages: brand, period, figures, chart and every row', async () => {
    const text = await pdfText(await renderPdf(input(120)));
    expect(text).toContain('Acme Managed IT');
    expect(text).toContain('Period 2026-11-01 to 2026-11-27');
    expect(text).toContain('Devices by operating system');
    expect(text).toContain('host-000');
    expect(text).toContain('host-119');
    expect(text).toMatch(/Page 2 of \d/);
  });

  it('says so when the file lists fewer rows than match, and when none do', async () => {
    expect(await pdfText(await renderPdf(input(3, { total: 40 })))).toContain('The first 3 of 40 rows are listed.');
    expect(await pdfText(await renderPdf(input(0)))).toContain('No rows match');
  });

  it('writes CSV with the column keys as header and empty cells for nulls', () => {
    const rows = parseCsv(renderCsv(input(2, { rows: [{ hostname: 'a, "b"', cpu: null }, { hostname: 'c', cpu: 3 }] })).toString('utf8'));
    expect(rows).toEqual([
      ['hostname', 'cpu'],
      ['a, "b"', ''],
      ['c', '3'],
    ]);
  });

  it('writes xlsx with a bold, filled and frozen header row, fitted widths and a Summary sheet', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await renderXlsx(input(5))) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Device inventory');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Hostname', 'CPU %']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FFAA3311' } });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(10);
    expect(sheet.getCell('B3').value).toBe(12.5);
    expect(sheet.rowCount).toBe(6);
    expect(book.getWorksheet('Summary')!.getCell('B3').value).toBe('5');
  });

  it('names the content type of each format', async () => {
    expect((await renderReport('pdf', input(1))).contentType).toBe('application/pdf');
    expect((await renderReport('csv', input(1))).extension).toBe('csv');
    expect((await renderReport('excel', input(1))).contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});
