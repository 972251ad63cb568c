import { describe, expect, it } from 'vitest';
import { PdfWriter, textWidth, winAnsi } from '@/lib/billing/pdf/pdf-writer';
import { assertValidPdf } from '../../../tests/helpers/pdf';

describe('pdf writer', () => {
  it('writes a valid multi-page document with escaped WinAnsi text', () => {
    const pdf = new PdfWriter();
    pdf.text(50, 800, 'Total (EUR): 1.234,50 € \\ done', { size: 12, bold: true });
    pdf.line(50, 790, 545, 790);
    pdf.newPage();
    pdf.text(545, 800, 'Page 2 — 日本', { align: 'right' });
    const text = assertValidPdf(pdf.toBuffer({ title: 'Invoice' }));
    expect(text).toContain('/Count 2');
    expect(text).toContain('(Total \\(EUR\\): 1.234,50 \\200 \\\\ done) Tj');
    expect(text).toContain('Page 2 \\227 ??');
  });

  it('measures and wraps text', () => {
    expect(textWidth('ii', 10)).toBeCloseTo(4.44);
    expect(winAnsi('é€')).toEqual([0xe9, 0x80]);
    const pdf = new PdfWriter();
    const lines = pdf.wrap('one two three four five six seven eight nine ten', 60, 10);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(textWidth(l, 10)).toBeLessThanOrEqual(60);
    expect(pdf.wrap('x'.repeat(200), 50, 10).every((l) => textWidth(l, 10) <= 50)).toBe(true);
  });
});
