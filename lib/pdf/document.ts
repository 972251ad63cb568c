// A small document model over pdfkit for the service's PDFs (invoices, quotes, reports): A4
// pages filled top-down with blocks (title, two-column header, key/value list, headed
// paragraphs, a table whose columns wrap and whose header repeats on every page, totals) and a
// footer with page numbers. Text is set in embedded, subset Unicode fonts (lib/pdf/fonts.ts),
// switching to the CJK font for the characters the main font lacks.
//
//   const pdf = new PdfDocument({ title: 'Patch compliance', footer: 'Acme MSP · Patch compliance' });
//   pdf.title('Patch compliance', 'Generated 2027-01-31 08:00 UTC');
//   pdf.keyValues([['Organization', org.name], ['Devices', String(devices.length)]]);
//   pdf.table([{ header: 'Device' }, { header: 'Missing', width: 60, align: 'right' }], rows);
//   return pdfResponse(await pdf.toBuffer(), 'patch-compliance.pdf');
import PDFDocument from 'pdfkit';
import { fontRuns, openFontForDocument, runWidth, textWidth, type FontFace } from '@/lib/pdf/fonts';

export const COLORS = { text: '#000000', muted: '#666666', danger: '#b31a1a', rule: '#000000', band: '#ededed' } as const;

export interface TextStyle {
  size?: number;
  bold?: boolean;
  /** `#rrggbb`. */
  color?: string;
}

export interface StyledLine extends TextStyle {
  text: string;
  /** Extra space above the line, in points. */
  gapBefore?: number;
}

export interface TableColumn {
  header: string;
  /** Width in points; the columns without one share what the others leave. */
  width?: number;
  align?: 'left' | 'right';
}

export interface TotalsRow {
  label: string;
  value: string;
  bold?: boolean;
}

export interface PdfDocumentOptions {
  /** The document information title (what a viewer shows as the window title). */
  title: string;
  /** Text at the left of every page's footer; the right of it holds "Page n of m". */
  footer?: string;
  margin?: number;
  /** A4 upright (the default) or on its side, for tables with many columns. */
  orientation?: 'portrait' | 'landscape';
}

const A4 = { width: 595.28, height: 841.89 };
const LINE = 1.35; // line height as a multiple of the font size
const CELL_PAD = 4;
const FOOTER_SIZE = 8;

/** Where the line breaks may fall between characters written without spaces (CJK). */
const BREAK_EACH = '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Hangul}\\u3000-\\u303f\\uff00-\\uffef';
const TOKENS = new RegExp(`\\s+|[${BREAK_EACH}]|[^\\s${BREAK_EACH}]+`, 'gu');

/** Control characters would print as boxes: tabs and stray line breaks become spaces. */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

export class PdfDocument {
  readonly width: number;
  readonly height: number;
  readonly margin: number;
  /** Distance from the top of the page to where the next block starts. */
  y: number;
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<void>;
  private readonly footer?: string;
  private readonly registered = new Set<FontFace>();
  private readonly layout: 'portrait' | 'landscape';

  constructor(options: PdfDocumentOptions) {
    this.layout = options.orientation ?? 'portrait';
    [this.width, this.height] = this.layout === 'landscape' ? [A4.height, A4.width] : [A4.width, A4.height];
    this.margin = options.margin ?? 50;
    this.footer = options.footer;
    this.y = this.margin;
    this.doc = new PDFDocument({
      size: 'A4',
      layout: this.layout,
      margin: 0,
      pdfVersion: '1.7',
      bufferPages: true,
      // No default font: pdfkit would otherwise load Helvetica, which we never use.
      font: null as unknown as string,
      info: { Title: options.title, Producer: 'rmm-service', Creator: 'rmm-service' },
      displayTitle: true,
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
  }

  /** The left and right edges of the text area. */
  get left(): number {
    return this.margin;
  }

  get right(): number {
    return this.width - this.margin;
  }

  get contentWidth(): number {
    return this.right - this.left;
  }

  /** The lowest point a block may reach; the footer sits below it. */
  get bottom(): number {
    return this.height - this.margin - 20;
  }

  // ----- primitives -------------------------------------------------------------------------

  private useFont(face: FontFace, size: number): PDFKit.PDFDocument {
    if (!this.registered.has(face)) {
      // pdfkit takes a fontkit font as readily as a file (its types only list files and bytes):
      // the file is read once per process, and each document embeds a font of its own.
      this.doc.registerFont(face, openFontForDocument(face) as unknown as PDFKit.Mixins.PDFFontSource);
      this.registered.add(face);
    }
    return this.doc.font(face).fontSize(size);
  }

  /** The width of a single line of text in points. */
  measure(text: string, style: TextStyle = {}): number {
    return textWidth(clean(text), style.size ?? 10, style.bold);
  }

  /** Draws one line of text with its baseline at `baseline` (from the top of the page). */
  text(x: number, baseline: number, text: string, style: TextStyle & { align?: 'left' | 'right' | 'center' } = {}): void {
    const size = style.size ?? 10;
    const runs = fontRuns(clean(text), style.bold);
    if (runs.length === 0) return;
    const widths = runs.map((run) => runWidth(run.face, run.text, size));
    const total = widths.reduce((a, b) => a + b, 0);
    let cx = style.align === 'right' ? x - total : style.align === 'center' ? x - total / 2 : x;
    runs.forEach((run, i) => {
      this.useFont(run.face, size)
        .fillColor(style.color ?? COLORS.text)
        .text(run.text, cx, baseline, { lineBreak: false, baseline: 'alphabetic' });
      cx += widths[i];
    });
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5, color: string = COLORS.rule): void {
    this.doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).strokeColor(color).stroke();
  }

  rect(x: number, y: number, w: number, h: number, color: string): void {
    this.doc.rect(x, y, w, h).fillColor(color).fill();
  }

  /**
   * Splits text into lines no wider than maxWidth: at spaces, between CJK characters, and
   * inside a word only when the word alone is wider than a line. Line breaks in the text start
   * new lines; runs of spaces collapse to one.
   */
  wrap(text: string, maxWidth: number, style: TextStyle = {}): string[] {
    const out: string[] = [];
    const spaceWidth = this.measure(' ', style);
    for (const paragraph of text.split(/\r?\n/)) {
      // A line's width is the sum of its tokens' (measured once each) and the spaces between.
      let line = '';
      let lineWidth = 0;
      let space = false;
      for (const token of clean(paragraph).match(TOKENS) ?? []) {
        if (/^\s/.test(token)) {
          space = line !== '';
          continue;
        }
        const tokenWidth = this.measure(token, style);
        const width = lineWidth + (space ? spaceWidth : 0) + tokenWidth;
        if (width <= maxWidth) {
          line += (space ? ' ' : '') + token;
          lineWidth = width;
          space = false;
          continue;
        }
        space = false;
        if (line) out.push(line);
        line = '';
        lineWidth = 0;
        if (tokenWidth <= maxWidth) {
          line = token;
          lineWidth = tokenWidth;
          continue;
        }
        // A token wider than a whole line is cut where it fills the line.
        for (const ch of token) {
          const w = this.measure(ch, style);
          if (line && lineWidth + w > maxWidth) {
            out.push(line);
            line = '';
            lineWidth = 0;
          }
          line += ch;
          lineWidth += w;
        }
      }
      out.push(line);
    }
    return out;
  }

  /** Starts a new page and moves the cursor to its top. */
  newPage(): void {
    this.doc.addPage({ size: 'A4', layout: this.layout, margin: 0 });
    this.y = this.margin;
  }

  /** Starts a new page unless `height` more points fit on this one; returns whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  space(points: number): void {
    this.y += points;
  }

  // ----- blocks -----------------------------------------------------------------------------

  /** A document title with an optional muted subtitle below it. */
  title(text: string, subtitle?: string): void {
    for (const line of this.wrap(text, this.contentWidth, { size: 18, bold: true })) this.flowLine(line, { size: 18, bold: true });
    if (subtitle) for (const line of this.wrap(subtitle, this.contentWidth, { size: 10 })) this.flowLine(line, { size: 10, color: COLORS.muted });
    this.space(10);
  }

  /**
   * Two columns of lines side by side: the left one left-aligned, the right one right-aligned
   * (e.g. the sender and customer on the left, the document kind and number on the right).
   */
  header(left: StyledLine[], right: StyledLine[]): void {
    const columnWidth = (this.contentWidth - 20) / 2;
    const place = (lines: StyledLine[]) => {
      const placed: { text: string; baseline: number; style: StyledLine }[] = [];
      let top = 0;
      for (const line of lines) {
        const size = line.size ?? 10;
        top += line.gapBefore ?? 0;
        for (const text of this.wrap(line.text, columnWidth, line)) {
          placed.push({ text, baseline: top + size, style: line });
          top += size * LINE;
        }
      }
      return { placed, height: top };
    };
    const l = place(left);
    const r = place(right);
    this.ensure(Math.max(l.height, r.height));
    for (const p of l.placed) this.text(this.left, this.y + p.baseline, p.text, p.style);
    for (const p of r.placed) this.text(this.right, this.y + p.baseline, p.text, { ...p.style, align: 'right' });
    this.y += Math.max(l.height, r.height) + 8;
  }

  /** Labels (muted) and their values, one pair a line; long values wrap beside their label. */
  keyValues(pairs: [string, string][], options: { labelWidth?: number; size?: number } = {}): void {
    const size = options.size ?? 9;
    const labelWidth = options.labelWidth ?? 110;
    for (const [label, value] of pairs) {
      const labelLines = this.wrap(label, labelWidth - 8, { size });
      const valueLines = this.wrap(value, this.contentWidth - labelWidth, { size });
      const rows = Math.max(labelLines.length, valueLines.length);
      this.ensure(rows * size * LINE);
      labelLines.forEach((t, i) => this.text(this.left, this.y + size + i * size * LINE, t, { size, color: COLORS.muted }));
      valueLines.forEach((t, i) => this.text(this.left + labelWidth, this.y + size + i * size * LINE, t, { size }));
      this.y += rows * size * LINE;
    }
    this.space(10);
  }

  /** A bold heading line. */
  heading(text: string, size = 11): void {
    this.ensure(size * LINE + 24); // keep a heading with the first lines after it
    for (const line of this.wrap(text, this.contentWidth, { size, bold: true })) this.flowLine(line, { size, bold: true });
    this.space(2);
  }

  /** Wrapped text across the page width, breaking onto new pages as needed. */
  paragraph(text: string, style: TextStyle = {}): void {
    const s = { size: 9, ...style };
    for (const line of this.wrap(text, this.contentWidth, s)) this.flowLine(line, s);
  }

  /** A heading and its text, with space after. */
  section(title: string, body: string): void {
    this.heading(title);
    this.paragraph(body);
    this.space(8);
  }

  private flowLine(text: string, style: TextStyle): void {
    const size = style.size ?? 10;
    this.ensure(size * LINE);
    this.text(this.left, this.y + size, text, style);
    this.y += size * LINE;
  }

  /**
   * A table across the page width. Every cell wraps within its column; a row that does not fit
   * moves to the next page, where the header row is drawn again (a row taller than a whole page
   * continues line by line).
   */
  table(columns: TableColumn[], rows: string[][], options: { size?: number } = {}): void {
    const size = options.size ?? 9;
    const fixed = columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
    const flexible = columns.filter((c) => c.width === undefined).length;
    const widths = columns.map((c) => c.width ?? Math.max(40, (this.contentWidth - fixed) / Math.max(1, flexible)));
    const xs: number[] = [];
    widths.reduce((x, w) => (xs.push(x), x + w), this.left);
    const lineHeight = size * LINE;

    const cellLines = (cells: string[], bold: boolean) => cells.map((cell, i) => this.wrap(cell ?? '', widths[i] - 2 * CELL_PAD, { size, bold }));
    const headerLines = cellLines(
      columns.map((c) => c.header),
      true,
    );
    const headerHeight = Math.max(...headerLines.map((l) => l.length)) * lineHeight + 8;

    const drawCells = (lines: string[][], from: number, to: number, bold: boolean) => {
      lines.forEach((cell, i) => {
        const align = columns[i].align ?? 'left';
        const x = align === 'right' ? xs[i] + widths[i] - CELL_PAD : xs[i] + CELL_PAD;
        cell.slice(from, to).forEach((t, n) => this.text(x, this.y + size + n * lineHeight, t, { size, bold, align }));
      });
    };
    const drawHeader = () => {
      this.rect(this.left, this.y, this.contentWidth, headerHeight, COLORS.band);
      this.y += 4;
      drawCells(headerLines, 0, Infinity, true);
      this.y += headerHeight; // the band's height less the 4 above the text, plus 4 below the band
    };

    this.ensure(headerHeight + lineHeight + 4);
    drawHeader();
    for (const row of rows) {
      const lines = cellLines(row, false);
      const count = Math.max(1, ...lines.map((l) => l.length));
      const rowHeight = count * lineHeight + 4;
      const pageRoom = this.bottom - this.margin - headerHeight - 4;
      if (this.y + rowHeight > this.bottom && rowHeight <= pageRoom) {
        this.newPage();
        drawHeader();
      }
      let from = 0;
      while (from < count) {
        const fit = Math.max(1, Math.floor((this.bottom - this.y) / lineHeight));
        const to = Math.min(count, from + fit);
        drawCells(lines, from, to, false);
        this.y += (to - from) * lineHeight;
        from = to;
        if (from < count) {
          this.newPage();
          drawHeader();
        }
      }
      this.y += 4;
    }
  }

  /**
   * A horizontal bar chart across the page width: one labelled bar per value, scaled to the
   * largest, with the value printed after the bar. Drawn with vector rectangles.
   */
  barChart(title: string, bars: { label: string; value: number }[], options: { color?: string; size?: number } = {}): void {
    const size = options.size ?? 8;
    const barHeight = size + 4;
    const step = barHeight + 4;
    const labelWidth = Math.min(160, this.contentWidth / 3);
    const valueWidth = 50;
    const track = this.contentWidth - labelWidth - valueWidth - 8;
    const max = Math.max(0, ...bars.map((b) => b.value));
    this.heading(title, 10);
    for (const bar of bars) {
      this.ensure(step);
      const label = this.fitLine(bar.label, labelWidth - 6, size);
      this.text(this.left, this.y + size + 1, label, { size });
      const width = max > 0 ? Math.max(bar.value > 0 ? 1 : 0, (bar.value / max) * track) : 0;
      this.rect(this.left + labelWidth, this.y, track, barHeight, COLORS.band);
      if (width > 0) this.rect(this.left + labelWidth, this.y, width, barHeight, options.color ?? '#3b6fb6');
      this.text(this.right, this.y + size + 1, String(bar.value), { size, align: 'right' });
      this.y += step;
    }
    this.space(10);
  }

  /** A PNG or JPEG image fitted into width × height points at the left edge (a logo). */
  image(data: Buffer, width: number, height: number): void {
    this.ensure(height);
    this.doc.image(data, this.left, this.y, { fit: [width, height] });
    this.y += height + 6;
  }

  /** Label and value pairs at the right, under a rule (subtotal, tax, total). */
  totals(rows: TotalsRow[], options: { valueWidth?: number; size?: number } = {}): void {
    const size = options.size ?? 10;
    const valueWidth = options.valueWidth ?? 80;
    const step = size * 1.5;
    this.ensure(rows.length * step + 12);
    this.line(this.right - valueWidth - 115, this.y + 2, this.right, this.y + 2);
    this.y += 8;
    for (const row of rows) {
      this.text(this.right - valueWidth, this.y + size, row.label, { size, bold: row.bold, align: 'right' });
      this.text(this.right, this.y + size, row.value, { size, bold: row.bold, align: 'right' });
      this.y += step;
    }
    this.space(10);
  }

  // ----- output -----------------------------------------------------------------------------

  get pageCount(): number {
    return this.doc.bufferedPageRange().count;
  }

  /** Draws every page's footer and returns the finished file. */
  async toBuffer(): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    const baseline = this.height - this.margin + 10;
    for (let i = 0; i < count; i++) {
      this.doc.switchToPage(start + i);
      if (this.footer) this.text(this.left, baseline, this.fitLine(this.footer, this.contentWidth - 80, FOOTER_SIZE), { size: FOOTER_SIZE, color: COLORS.muted });
      this.text(this.right, baseline, `Page ${i + 1} of ${count}`, { size: FOOTER_SIZE, color: COLORS.muted, align: 'right' });
    }
    this.doc.end();
    await this.done;
    return Buffer.concat(this.chunks);
  }

  /** The text cut to one line of at most maxWidth, ending in "…" when cut. */
  private fitLine(text: string, maxWidth: number, size: number): string {
    const single = clean(text).replace(/\s+/g, ' ');
    if (this.measure(single, { size }) <= maxWidth) return single;
    const [first, ...rest] = this.wrap(text, maxWidth - this.measure('…', { size }), { size });
    return rest.length ? `${first}…` : (first ?? '');
  }
}
