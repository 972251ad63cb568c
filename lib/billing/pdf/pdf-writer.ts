// A small PDF 1.4 writer: text in the standard Helvetica fonts (WinAnsi), lines and filled
// rectangles, many pages. Enough for invoices and quotes without a browser, network or library.

const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;

// Helvetica advance widths (1/1000 em) for codes 32–126, from the standard AFM.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722,
  667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222,
  222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

// WinAnsi code points that differ from Latin-1 (the ones invoices meet).
const WIN_ANSI: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97, '•': 0x95, '…': 0x85 };

/** The text as WinAnsi bytes; characters the font cannot show become '?'. */
export function winAnsi(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (WIN_ANSI[ch] !== undefined) out.push(WIN_ANSI[ch]);
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out.push(code);
    else if (ch === '\t') out.push(0x20);
    else out.push(0x3f);
  }
  return out;
}

export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const b of winAnsi(text)) units += b >= 32 && b <= 126 ? HELVETICA[b - 32] : 556;
  return (units * size * (bold ? 1.05 : 1)) / 1000;
}

function pdfString(text: string): string {
  return winAnsi(text)
    .map((b) => (b === 0x28 || b === 0x29 || b === 0x5c ? `\\${String.fromCharCode(b)}` : b < 0x20 || b > 0x7e ? `\\${b.toString(8).padStart(3, '0')}` : String.fromCharCode(b)))
    .join('');
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'right';
  color?: [number, number, number];
}

export class PdfWriter {
  readonly width = PAGE_WIDTH;
  readonly height = PAGE_HEIGHT;
  private pages: string[][] = [[]];

  private get ops(): string[] {
    return this.pages[this.pages.length - 1];
  }

  newPage(): void {
    this.pages.push([]);
  }

  get pageCount(): number {
    return this.pages.length;
  }

  text(x: number, y: number, text: string, opts: TextOptions = {}): void {
    const size = opts.size ?? 10;
    const left = opts.align === 'right' ? x - textWidth(text, size, opts.bold) : x;
    const [r, g, b] = opts.color ?? [0, 0, 0];
    this.ops.push(`${r} ${g} ${b} rg BT /${opts.bold ? 'F2' : 'F1'} ${size} Tf ${left.toFixed(2)} ${y.toFixed(2)} Td (${pdfString(text)}) Tj ET`);
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5): void {
    this.ops.push(`${width} w 0 0 0 RG ${x1.toFixed(2)} ${y1.toFixed(2)} m ${x2.toFixed(2)} ${y2.toFixed(2)} l S`);
  }

  rect(x: number, y: number, w: number, h: number, color: [number, number, number]): void {
    this.ops.push(`${color.join(' ')} rg ${x.toFixed(2)} ${y.toFixed(2)} ${w.toFixed(2)} ${h.toFixed(2)} re f`);
  }

  /** Splits text into lines no wider than maxWidth (words kept whole unless longer than a line). */
  wrap(text: string, maxWidth: number, size: number, bold = false): string[] {
    const out: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (textWidth(candidate, size, bold) <= maxWidth) current = candidate;
        else {
          if (current) out.push(current);
          let rest = word;
          while (textWidth(rest, size, bold) > maxWidth && rest.length > 1) {
            let n = rest.length - 1;
            while (n > 1 && textWidth(rest.slice(0, n), size, bold) > maxWidth) n--;
            out.push(rest.slice(0, n));
            rest = rest.slice(n);
          }
          current = rest;
        }
      }
      out.push(current);
    }
    return out;
  }

  toBuffer(info: { title?: string } = {}): Buffer {
    const objects: string[] = [];
    const add = (body: string) => objects.push(body) as number; // 1-based object number
    const catalog = add('');
    const pagesObj = add('');
    const font1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    const font2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
    const pageRefs: number[] = [];
    for (const ops of this.pages) {
      const content = ops.join('\n');
      const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
      pageRefs.push(
        add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 ${font1} 0 R /F2 ${font2} 0 R >> >> /Contents ${stream} 0 R >>`),
      );
    }
    objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
    objects[pagesObj - 1] = `<< /Type /Pages /Kids [${pageRefs.map((r) => `${r} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`;
    const infoObj = add(`<< /Producer (rmm-service) /Title (${pdfString(info.title ?? '')}) >>`);

    let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(Buffer.byteLength(out, 'latin1'));
      out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    const xref = Buffer.byteLength(out, 'latin1');
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
    out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoObj} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(out, 'latin1');
  }
}
