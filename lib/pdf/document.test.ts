import { describe, expect, it } from 'vitest';
import { PdfDocument } from '@/lib/pdf/document';
import { fontRuns } from '@/lib/pdf/fonts';
import { embeddedFonts, pdfText } from '../../tests/helpers/pdf';

describe('pdf fonts', () => {
  it('sets Latin, Greek and Cyrillic in Noto Sans and CJK in the fallback font', () => {
    expect(fontRuns('Łódź Ελλάδα Иван 東京株式会社 Ltd')).toEqual([
      { text: 'Łódź Ελλάδα Иван ', face: 'sans' },
      { text: '東京株式会社 ', face: 'cjk' },
      { text: 'Ltd', face: 'sans' },
    ]);
    expect(fontRuns('東京', true)).toEqual([{ text: '東京', face: 'cjk-bold' }]);
  });
});

describe('pdf document', { timeout: 60_000 }, () => {
  it('wraps at spaces, between CJK characters and inside overlong words', () => {
    const pdf = new PdfDocument({ title: 't' });
    const style = { size: 10 };
    const words = pdf.wrap('one two three four five six seven eight nine ten', 60, style);
    expect(words.length).toBeGreaterThan(1);
    expect(words.join(' ')).toBe('one two three four five six seven eight nine ten');
    const cjk = pdf.wrap('東京都千代田区丸の内一丁目東京株式会社', 50, style);
    expect(cjk.length).toBeGreaterThan(1);
    expect(cjk.join('')).toBe('東京都千代田区丸の内一丁目東京株式会社');
    const long = pdf.wrap('x'.repeat(200), 50, style);
    expect(long.join('')).toBe('x'.repeat(200));
    for (const line of [...words, ...cjk, ...long]) expect(pdf.measure(line, style)).toBeLessThanOrEqual(60);
    expect(pdf.wrap('first\nsecond', 500, style)).toEqual(['first', 'second']);
  });

  it('breaks a long table over pages with its header on each and numbers the pages', async () => {
    const pdf = new PdfDocument({ title: 'Report', footer: 'Acme · Patch compliance' });
    pdf.title('Patch compliance', 'Generated 2027-01-01');
    pdf.keyValues([['Organization', 'Łódź Użytkownik']]);
    const rows = Array.from({ length: 120 }, (_, i) => [`host-${String(i + 1).padStart(3, '0')}`, i % 10 === 0 ? 'Иван Петров has a long note that wraps over a few lines in this column' : 'ok', String(i)]);
    pdf.table(
      [
        { header: 'Device', width: 120 },
        { header: 'Status' },
        { header: 'Missing', width: 60, align: 'right' },
      ],
      rows,
    );
    pdf.totals([{ label: 'Devices', value: '120', bold: true }]);
    const pages = pdf.pageCount;
    expect(pages).toBeGreaterThan(2);
    const text = await pdf.toBuffer().then(pdfText);
    expect(text.match(/Device\s*Status\s*Missing/g)).toHaveLength(pages);
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} of ${pages}`);
    expect(text.match(/Acme · Patch compliance/g)).toHaveLength(pages);
    for (const [host] of rows) expect(text).toContain(host);
    expect(text).toContain('Łódź Użytkownik');
  });

  it('lays pages on their side when asked', async () => {
    const pdf = new PdfDocument({ title: 'Wide', orientation: 'landscape' });
    expect(pdf.width).toBeGreaterThan(pdf.height);
    pdf.table([{ header: 'A' }, { header: 'B' }], Array.from({ length: 60 }, (_, i) => [`row ${i}`, 'x']));
    expect(pdf.pageCount).toBeGreaterThan(1);
    const raw = (await pdf.toBuffer()).toString('latin1');
    expect(raw).toContain('/MediaBox [0 0 841.89 595.28]');
    expect(raw).not.toContain('/MediaBox [0 0 595.28 841.89]');
  });

  it('embeds only subsets of the fonts a document uses', async () => {
    const latin = new PdfDocument({ title: 'Latin' });
    latin.paragraph('Plain text');
    const fonts = embeddedFonts(await latin.toBuffer());
    expect(fonts).toEqual([{ name: expect.stringMatching(/^[A-Z]{6}\+NotoSans-Regular$/), file: 'FontFile2' }]);

    const mixed = new PdfDocument({ title: 'Mixed' });
    mixed.heading('東京株式会社');
    mixed.paragraph('Иван 東京');
    const names = embeddedFonts(await mixed.toBuffer()).map((f) => `${f.name.replace(/^[A-Z]{6}\+/, '')} ${f.file}`);
    expect(names.sort()).toEqual(['NotoSans-Regular FontFile2', 'NotoSansHans-Bold FontFile3', 'NotoSansHans-Regular FontFile3']);
  });
});

describe('pdf documents in one process', () => {
  // The text layer (what a reader copies or searches) of a document must not depend on what
  // documents the process rendered before it.
  it('gives each document the text it was written with, whatever came before', async () => {
    const render = async (lines: string[]) => {
      const pdf = new PdfDocument({ title: 't' });
      for (const line of lines) pdf.paragraph(line);
      return pdfText(await pdf.toBuffer());
    };
    const later = ['No rows match. 100% of 3 devices: 1.5, 2.0; office-affix (fi ffi fl).'];
    const alone = await render(later);
    await render(['Łódź Użytkownik 東京 Иван Петров', 'host-001 … host-120, 12.5 % — 3/4 “quoted” fi ffl ff', '0123456789 .,;:%!?()[]{}']);
    expect(await render(later)).toBe(alone);
    expect(alone).toContain('No rows match.');
  });
});
