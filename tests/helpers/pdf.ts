// Checks of a PDF this service wrote: its structure, the text a reader gets out of it (pdf.js,
// the engine of Firefox's viewer), and the fonts embedded in it.
import { expect } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Checks the header, the end marker and the cross-reference table: every offset lands on its "n 0 obj". */
export function assertValidPdf(bytes: Buffer | Uint8Array) {
  const text = Buffer.from(bytes).toString('latin1');
  expect(text.startsWith('%PDF-1.7')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const [, count] = /xref\n0 (\d+)/.exec(text.slice(startxref))!;
  const entries = text.slice(startxref).split('\n').slice(3, 2 + Number(count));
  entries.forEach((e, i) => {
    const offset = Number(e.slice(0, 10));
    expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  return text;
}

/**
 * The text of every page as a reader extracts it (lines end in "\n"), after the structural
 * check. pdf.js maps each glyph back through the font's ToUnicode table, so characters the
 * writer could not encode come back as what it drew instead.
 */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  assertValidPdf(bytes);
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    return pages.join('\n');
  } finally {
    await doc.destroy();
  }
}

/** The embedded fonts: each font descriptor's name and which font-file entry holds its program. */
export function embeddedFonts(bytes: Buffer | Uint8Array): { name: string; file: 'FontFile' | 'FontFile2' | 'FontFile3' }[] {
  const text = Buffer.from(bytes).toString('latin1');
  const fonts: { name: string; file: 'FontFile' | 'FontFile2' | 'FontFile3' }[] = [];
  for (const [dict] of text.matchAll(/<<[^<>]*\/Type \/FontDescriptor[^<>]*>>/g)) {
    const name = /\/FontName \/([^\s/<>[\]]+)/.exec(dict)?.[1];
    const file = /\/(FontFile[23]?) \d+ 0 R/.exec(dict)?.[1] as 'FontFile' | 'FontFile2' | 'FontFile3' | undefined;
    if (name && file) fonts.push({ name, file });
  }
  return fonts;
}
