// Installed software on macOS: the applications (`system_profiler -json SPApplicationsDataType`,
// with the publisher read from the code signature) and the installer receipts (`pkgutil --pkgs`,
// then `pkgutil --pkg-info` for each one's version and install time).
import { ToolError } from '../../channel';
import type { CommandRunner } from '../command';
import type { Software } from '../types';

const cut = (s: string | undefined, n: number) => (s ? s.slice(0, n) : undefined);

interface Application {
  _name?: string;
  version?: string;
  obtained_from?: string;
  signed_by?: string[];
  path?: string;
  lastModified?: string;
}

/** The publisher of an app: Apple's own, or the name in its Developer ID certificate. */
export function appPublisher(app: Application): string | undefined {
  if (app.obtained_from === 'apple') return 'Apple Inc.';
  const leaf = app.signed_by?.[0] ?? '';
  const m = /^Developer ID Application:\s*(.+?)(?:\s+\([A-Z0-9]{10}\))?$/.exec(leaf);
  return m ? m[1] : undefined;
}

export function parseApplications(json: string): Software[] {
  let doc: { SPApplicationsDataType?: Application[] };
  try {
    doc = JSON.parse(json) as { SPApplicationsDataType?: Application[] };
  } catch {
    throw new ToolError('AGENT_OPERATION_FAILED', 'system_profiler answered something that is not JSON');
  }
  const seen = new Set<string>();
  const out: Software[] = [];
  for (const app of doc.SPApplicationsDataType ?? []) {
    const name = app._name?.trim();
    if (!name) continue;
    const identity = `${name}\u0000${app.version ?? ''}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    const publisher = appPublisher(app);
    out.push({ name: cut(name, 500)!, ...(app.version ? { version: cut(app.version, 200) } : {}), ...(publisher ? { publisher: cut(publisher, 500) } : {}), source: 'app' });
  }
  return out;
}

/** `pkgutil --pkg-info <id>`: `key: value` lines (package-id, version, volume, location, install-time). */
export function parsePkgInfo(text: string): Software | null {
  const f: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) f[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  if (!f['package-id']) return null;
  const t = Number(f['install-time']);
  return {
    name: cut(f['package-id'], 500)!,
    ...(f.version ? { version: cut(f.version, 200) } : {}),
    source: 'pkg',
    ...(t > 0 ? { installedAt: new Date(t * 1000).toISOString() } : {}),
  };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

export async function darwinSoftware(runner: CommandRunner): Promise<Software[]> {
  const apps = await runner('system_profiler', ['-json', 'SPApplicationsDataType'], { timeoutMs: 180_000 });
  if (apps.code !== 0) throw new ToolError('AGENT_OPERATION_FAILED', `system_profiler failed: ${apps.stderr.trim().slice(0, 500)}`);
  const pkgs = await runner('pkgutil', ['--pkgs']);
  if (pkgs.code !== 0) throw new ToolError('AGENT_OPERATION_FAILED', `pkgutil failed: ${pkgs.stderr.trim().slice(0, 500)}`);
  const ids = pkgs.stdout.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('-')).slice(0, 5_000);
  const receipts = await mapLimit(ids, 8, async (id) => {
    const r = await runner('pkgutil', ['--pkg-info', id]);
    // A receipt forgotten meanwhile is simply not listed; the id alone when its details cannot be read.
    return r.code === 0 ? parsePkgInfo(r.stdout) : { name: id, source: 'pkg' };
  });
  return [...parseApplications(apps.stdout), ...receipts.filter((r): r is Software => r !== null)].slice(0, 20_000);
}
