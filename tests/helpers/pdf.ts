// Structural check of a PDF this service wrote.
import { expect } from 'vitest';

/** Checks the cross-reference table: every offset lands on its "n 0 obj". */
export function assertValidPdf(bytes: Buffer | Uint8Array) {
  const text = Buffer.from(bytes).toString('latin1');
  expect(text.startsWith('%PDF-1.4')).toBe(true);
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

