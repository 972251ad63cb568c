// Types of scripts/bundle.mjs for the TypeScript that imports it.
/** dist/<name>.js ← source file, one per production process. */
export declare const ENTRIES: Record<string, string>;
/** Compiles ENTRIES into dist/ (esbuild), replacing what was there. */
export declare function bundle(options?: { quiet?: boolean }): Promise<void>;
