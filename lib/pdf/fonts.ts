// The fonts every PDF of the service is set in, all shipped by npm packages (SIL Open Font
// Licence, the licence file in each package) and read from node_modules at run time, never
// downloaded: Noto Sans for Latin (with Latin Extended), Greek and Cyrillic, and Noto Sans CJK
// (the Simplified Chinese cut, which also carries Japanese kana and the Han characters Japanese
// names use) for the characters Noto Sans lacks. pdfkit embeds only the glyphs a document uses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';

export type FontFace = 'sans' | 'sans-bold' | 'cjk' | 'cjk-bold';

/** Package and file of each face. The Dockerfile keeps these files and drops the packages' other weights. */
export const FONT_FILES: Record<FontFace, { pkg: string; file: string }> = {
  sans: { pkg: '@embedpdf/fonts-latin', file: 'NotoSans-Regular.ttf' },
  'sans-bold': { pkg: '@embedpdf/fonts-latin', file: 'NotoSans-Bold.ttf' },
  cjk: { pkg: '@embedpdf/fonts-sc', file: 'NotoSansHans-Regular.otf' },
  'cjk-bold': { pkg: '@embedpdf/fonts-sc', file: 'NotoSansHans-Bold.otf' },
};

/**
 * Where a face's file is. The packages' export maps hide their font folders from `require.resolve`,
 * and the server, the worker and the tests all run from the app root (where `npm ci` put
 * node_modules), as the API docs route finds swagger-ui-dist.
 */
export function fontPath(face: FontFace): string {
  const { pkg, file } = FONT_FILES[face];
  return path.join(process.cwd(), 'node_modules', pkg, 'fonts', file);
}

const files = new Map<FontFace, Buffer>();
const loaded = new Map<FontFace, fontkit.Font>();

/** A face's file, read once per process. */
function fontBytes(face: FontFace): Buffer {
  let bytes = files.get(face);
  if (!bytes) {
    const file = fontPath(face);
    try {
      bytes = readFileSync(file);
    } catch (err) {
      throw new Error(`PDF font ${file} is missing: install the ${FONT_FILES[face].pkg} package`, { cause: err });
    }
    files.set(face, bytes);
  }
  return bytes;
}

/**
 * The parsed font for measuring text (which face has a glyph, how wide a run is), opened once
 * per process: fontkit reads its tables on demand.
 */
export function loadFont(face: FontFace): fontkit.Font {
  let font = loaded.get(face);
  if (!font) {
    font = fontkit.create(fontBytes(face)) as fontkit.Font;
    loaded.set(face, font);
  }
  return font;
}

/**
 * A font of its own for one document to embed, over the same bytes. fontkit caches each glyph
 * with the characters it was first laid out for, and pdfkit writes a document's text layer (the
 * characters a reader copies or searches) from those: a font shared by documents gave a later
 * one the characters an earlier one had laid out ("." extracted as "%"), while measuring is
 * unaffected. Opening is cheap: fontkit parses the table directory only.
 */
export function openFontForDocument(face: FontFace): fontkit.Font {
  return fontkit.create(fontBytes(face)) as fontkit.Font;
}

export interface FontRun {
  text: string;
  face: FontFace;
}

/**
 * Splits text into runs each set in one face: a character goes to Noto Sans when it has a glyph
 * for it, otherwise to the CJK font when that has one; white space stays in the run it follows.
 * A character neither font has stays in Noto Sans (it shows as the font's empty box, never `?`).
 */
export function fontRuns(text: string, bold = false): FontRun[] {
  const main: FontFace = bold ? 'sans-bold' : 'sans';
  const fallback: FontFace = bold ? 'cjk-bold' : 'cjk';
  const runs: FontRun[] = [];
  let current: FontRun | null = null;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    let face: FontFace;
    if (current && /\s/.test(ch)) face = current.face;
    else if (loadFont(main).hasGlyphForCodePoint(code)) face = main;
    else if (loadFont(fallback).hasGlyphForCodePoint(code)) face = fallback;
    else face = main;
    if (current && current.face === face) current.text += ch;
    else {
      current = { text: ch, face };
      runs.push(current);
    }
  }
  return runs;
}

// Widths of measured runs, in em, shared by every document: shaping a run (kerning, ligatures)
// is the bulk of laying out a page, and the same words and numbers recur across a table and
// across documents. Bounded by starting over when full.
const widths = new Map<string, number>();
const MAX_WIDTHS = 50_000;

/** The advance width of text set in one face at the given size, in points (as pdfkit draws it). */
export function runWidth(face: FontFace, text: string, size: number): number {
  const key = `${face}\u0000${text}`;
  let em = widths.get(key);
  if (em === undefined) {
    const font = loadFont(face);
    em = font.layout(text).advanceWidth / font.unitsPerEm;
    if (widths.size >= MAX_WIDTHS) widths.clear();
    widths.set(key, em);
  }
  return em * size;
}

/** The width of a line of text in points, across the faces fontRuns picks for it. */
export function textWidth(text: string, size: number, bold = false): number {
  let width = 0;
  for (const run of fontRuns(text, bold)) width += runWidth(run.face, run.text, size);
  return width;
}
