// Installed software on Windows: the Uninstall keys Programs and Features reads, in both registry
// views of the machine (64-bit and WOW6432Node) and in every loaded user hive (per-user
// installs). Entries Windows itself hides are left out: no DisplayName, SystemComponent = 1,
// updates (a ParentKeyName or an update ReleaseType). InstallDate is yyyyMMdd text.
import type { CommandRunner } from '../command';
import type { Software } from '../types';
import { asArray, psNumber, psText, runPowerShell } from './powershell';

const UNINSTALL = 'Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall';

export const SOFTWARE_SCRIPT = `
$roots = @(
  @{ Path = 'HKLM:\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\*'; Scope = 'machine-64' },
  @{ Path = 'HKLM:\\SOFTWARE\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\*'; Scope = 'machine-32' }
)
foreach ($sid in (Get-ChildItem -Path Registry::HKEY_USERS -ErrorAction SilentlyContinue | Where-Object { $_.PSChildName -match '^S-1-5-21-[0-9-]+$' } | ForEach-Object { $_.PSChildName })) {
  $roots += @{ Path = "Registry::HKEY_USERS\\$sid\\${UNINSTALL}\\*"; Scope = "user:$sid" }
}
$rows = foreach ($root in $roots) {
  Get-ItemProperty -Path $root.Path -ErrorAction SilentlyContinue |
    Select-Object DisplayName, DisplayVersion, Publisher, InstallDate, SystemComponent, ParentKeyName, ReleaseType, @{ n = 'KeyName'; e = { $_.PSChildName } }, @{ n = 'Scope'; e = { $root.Scope } }
}
ConvertTo-Json -InputObject @($rows) -Depth 3 -Compress
`;

const HIDDEN_RELEASE_TYPES = new Set(['Security Update', 'Update Rollup', 'Hotfix', 'Update', 'ServicePack']);
const cut = (s: string | null, n: number) => (s ? s.slice(0, n) : undefined);

/** yyyyMMdd (what installers write; some write other things, which are dropped). */
function installDate(value: unknown): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(psText(value) ?? '');
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) || d.getUTCMonth() !== Number(m[2]) - 1 ? undefined : d.toISOString();
}

export function parseUninstallEntries(raw: unknown): Software[] {
  const seen = new Set<string>();
  const out: Software[] = [];
  for (const e of asArray(raw)) {
    const name = psText(e.DisplayName);
    if (!name) continue;
    if (psNumber(e.SystemComponent) === 1 || psText(e.ParentKeyName) || HIDDEN_RELEASE_TYPES.has(psText(e.ReleaseType) ?? '')) continue;
    const version = psText(e.DisplayVersion);
    const scope = psText(e.Scope) ?? '';
    // One product registered in both views or for several users is one installed product.
    const identity = `${name}\u0000${version ?? ''}\u0000${scope.startsWith('machine') ? 'machine' : scope}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    const installedAt = installDate(e.InstallDate);
    out.push({
      name: cut(name, 500)!,
      ...(version ? { version: cut(version, 200) } : {}),
      ...(psText(e.Publisher) ? { publisher: cut(psText(e.Publisher), 500) } : {}),
      source: scope.startsWith('user:') ? 'registry-user' : 'registry',
      ...(installedAt ? { installedAt } : {}),
    });
  }
  return out.slice(0, 20_000);
}

export async function windowsSoftware(runner: CommandRunner): Promise<Software[]> {
  // A failure throws: an empty list would replace the stored one on the server.
  return parseUninstallEntries(await runPowerShell(runner, SOFTWARE_SCRIPT, undefined, { timeoutMs: 120_000 }));
}
