// The management-posture scan: which other management products are on this machine. It feeds
// the `managementPosture` field of the inventory upload (PUT /agents/:id/inventory).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { run } from './system-info';
import { detectProducts, type DetectedProduct, type ObservedSystem } from './posture-fingerprints';

/** Services with whether each runs: systemd units, launchd jobs or Windows services. */
export async function listServices(): Promise<ObservedSystem['services']> {
  if (process.platform === 'linux') {
    const out = await run('systemctl', ['list-units', '--type=service', '--all', '--no-legend', '--plain', '--no-pager']);
    return (out ?? '')
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter(([unit]) => unit?.endsWith('.service'))
      .map(([unit, , active, sub]) => ({ name: unit.slice(0, -'.service'.length), running: active === 'active' && sub === 'running' }));
  }
  if (process.platform === 'darwin') {
    const out = await run('launchctl', ['list']);
    return (out ?? '')
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .filter((cols) => cols.length >= 3)
      .map(([pid, , label]) => ({ name: label.trim(), running: pid.trim() !== '-' }));
  }
  if (process.platform === 'win32') {
    const out = await run('sc.exe', ['query', 'type=', 'service', 'state=', 'all']);
    return parseScQuery(out ?? '');
  }
  return [];
}

export function parseScQuery(out: string): ObservedSystem['services'] {
  const services: ObservedSystem['services'] = [];
  for (const block of out.split(/\r?\n\r?\n/)) {
    const name = /SERVICE_NAME:\s*(.+)/.exec(block)?.[1]?.trim();
    const display = /DISPLAY_NAME:\s*(.+)/.exec(block)?.[1]?.trim();
    const running = /STATE\s*:\s*\d+\s+RUNNING/.test(block);
    if (name) services.push({ name, running });
    if (display && display !== name) services.push({ name: display, running });
  }
  return services;
}

/** Path check with `dir/prefix*` support, cached per directory listing. */
export function pathChecker(): (p: string) => boolean {
  const listings = new Map<string, string[]>();
  return (p) => {
    if (!p.endsWith('*')) return existsSync(p);
    const sep = p.includes('\\') ? '\\' : '/';
    const dir = p.slice(0, p.lastIndexOf(sep));
    const prefix = p.slice(dir.length + 1, -1).toLowerCase();
    if (!listings.has(dir)) {
      let entries: string[] = [];
      try {
        entries = readdirSync(sep === '\\' ? dir : path.resolve(dir));
      } catch {
        /* no such directory */
      }
      listings.set(dir, entries.map((e) => e.toLowerCase()));
    }
    return listings.get(dir)!.some((e) => e.startsWith(prefix));
  };
}

export async function scanManagementPosture(packages: { name: string; version?: string }[]): Promise<{ scannedAt: string; products: DetectedProduct[] }> {
  const services = await listServices().catch(() => []);
  return { scannedAt: new Date().toISOString(), products: detectProducts({ packages, services, exists: pathChecker() }) };
}
