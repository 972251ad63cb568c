// Every page of the console and the portal, read from the app directory, so a new page is swept
// without anyone listing it. A dynamic segment is filled from the seeded world; one the world
// has no record for is reported, not skipped.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Route patterns (as the app directory spells them) of every page.tsx under `dir`. */
export function pagePatterns(dir: string): string[] {
  const base = path.join(root, 'app', dir);
  const found: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(base, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name === 'page.tsx') found.push(rel);
    }
  };
  walk('');
  const prefix = dir.startsWith('(') ? '' : `/${dir}`;
  return found
    .map((rel) => {
      // Route groups, "(name)", and private folders are not part of the URL.
      const segments = rel.split(path.sep).filter((s) => s && !/^\(.*\)$/.test(s));
      return `${prefix}/${segments.join('/')}`.replace(/\/$/, '') || '/';
    })
    .sort();
}

/**
 * The URL of a pattern with each dynamic segment filled from `values` (keyed by the pattern up to
 * and including the segment, e.g. "/alerts/rules/[id]"); throws naming what is missing.
 */
export function fillPattern(pattern: string, values: Record<string, string | undefined>): string {
  const parts = pattern.split('/');
  return parts
    .map((part, i) => {
      if (!/^\[.+\]$/.test(part)) return part;
      const key = parts.slice(0, i + 1).join('/');
      const value = values[key];
      if (!value) throw new Error(`no seeded record for the dynamic segment of ${key}: add one to the sweep's world (e2e/helpers/world.ts) and its entry in the sweep's SEGMENTS`);
      return encodeURIComponent(value);
    })
    .join('/');
}
