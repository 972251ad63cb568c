// Checks of a PDF this service wrote: its structure, the text a reader gets out of it, and the
// fonts embedded in it.
import { expect } from 'vitest';
import { readPdfText } from './pdf-text';

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

/** The text of every page as a reader extracts it (see readPdfText), after the structural check. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  assertValidPdf(bytes);
  return readPdfText(bytes);
}

export { embeddedFonts } from './pdf-text';
