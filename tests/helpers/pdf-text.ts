// What a reader gets out of a PDF: its text (pdf.js, the engine of Firefox's viewer) and its
// embedded fonts. No test runner needed: the production check uses it too.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of every page as a reader extracts it (lines end in "\n"). pdf.js maps each glyph
 * back through the font's ToUnicode table, so a character the writer could not encode comes
 * back as what it drew instead.
 */
export async function readPdfText(bytes: Buffer | Uint8Array): Promise<string> {
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
