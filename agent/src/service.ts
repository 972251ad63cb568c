// `service install|uninstall`: runs `rmm-agent run` at boot as the system account — a systemd
// unit on Linux, a launchd daemon on macOS, a scheduled task (SYSTEM, at startup) on Windows.
// --dry-run prints the files and commands instead of applying them.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SERVICE_NAME = 'rmm-agent';
const SYSTEMD_UNIT = `/etc/systemd/system/${SERVICE_NAME}.service`;
const LAUNCHD_PLIST = '/Library/LaunchDaemons/com.rmm.agent.plist';
const WINDOWS_TASK = 'RMM Agent';

export interface ServicePlan {
  files: { path: string; content: string }[];
  commands: string[][];
  removals: string[];
}

/** True inside a single executable (Node SEA): the executable is the whole agent. */
export function isSingleExecutable(): boolean {
  try {
    // node:sea exists from Node 20.12; the JS bundle also runs on older Node, hence the guard.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('node:sea') as { isSea(): boolean }).isSea();
  } catch {
    return false;
  }
}

/** How this very program is started again: the single executable, or node, its flags (e.g. a TS loader) and the script. */
export function selfCommand(): string[] {
  if (isSingleExecutable()) return [process.execPath];
  return [process.execPath, ...process.execArgv, path.resolve(process.argv[1])];
}

const quoteArg = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `"${a.replace(/(["\\$`])/g, '\\$1')}"`);
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function installPlan(dataDir: string, runFlags: string[]): ServicePlan {
  const exec = [...selfCommand(), 'run', '--data-dir', dataDir, ...runFlags];
  if (process.platform === 'linux') {
    const unit = [
      '[Unit]',
      'Description=RMM agent (heartbeats, inventory and remote commands)',
      'After=network-online.target',
      'Wants=network-online.target',
      '',
      '[Service]',
      'Type=simple',
      `ExecStart=${exec.map(quoteArg).join(' ')}`,
      'Restart=on-failure',
      'RestartSec=15',
      'User=root',
      '',
      '[Install]',
      'WantedBy=multi-user.target',
      '',
    ].join('\n');
    return { files: [{ path: SYSTEMD_UNIT, content: unit }], commands: [['systemctl', 'daemon-reload'], ['systemctl', 'enable', '--now', SERVICE_NAME]], removals: [] };
  }
  if (process.platform === 'darwin') {
    const plist = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>com.rmm.agent</string>
  <key>ProgramArguments</key><array>${exec.map((a) => `<string>${xml(a)}</string>`).join('')}</array>
  <key>RunAtLoad</key><true/>
  <key>KeepAlive</key><dict><key>SuccessfulExit</key><false/></dict>
  <key>StandardErrorPath</key><string>/var/log/rmm-agent.log</string>
</dict></plist>
`;
    return { files: [{ path: LAUNCHD_PLIST, content: plist }], commands: [['launchctl', 'load', '-w', LAUNCHD_PLIST]], removals: [] };
  }
  if (process.platform === 'win32') {
    const tr = exec.map((a) => `"${a}"`).join(' ');
    return { files: [], commands: [['schtasks', '/Create', '/F', '/TN', WINDOWS_TASK, '/SC', 'ONSTART', '/RU', 'SYSTEM', '/RL', 'HIGHEST', '/TR', tr], ['schtasks', '/Run', '/TN', WINDOWS_TASK]], removals: [] };
  }
  throw new Error(`service install is not supported on ${process.platform}`);
}

export function uninstallPlan(): ServicePlan {
  if (process.platform === 'linux') {
    return { files: [], commands: [['systemctl', 'disable', SERVICE_NAME], ['systemctl', 'daemon-reload']], removals: [SYSTEMD_UNIT] };
  }
  if (process.platform === 'darwin') return { files: [], commands: [['launchctl', 'unload', '-w', LAUNCHD_PLIST]], removals: [LAUNCHD_PLIST] };
  if (process.platform === 'win32') return { files: [], commands: [['schtasks', '/Delete', '/F', '/TN', WINDOWS_TASK]], removals: [] };
  return { files: [], commands: [], removals: [] };
}

export function describePlan(plan: ServicePlan): string {
  const out: string[] = [];
  for (const f of plan.files) out.push(`would write ${f.path}:`, ...f.content.trimEnd().split('\n').map((l) => `    ${l}`));
  for (const c of plan.commands) out.push(`would run: ${c.map(quoteArg).join(' ')}`);
  for (const r of plan.removals) out.push(`would remove ${r}`);
  return out.join('\n');
}

/** Applies a plan; command failures are reported, not thrown (e.g. no systemd in a container). */
export function applyPlan(plan: ServicePlan): string[] {
  const problems: string[] = [];
  for (const f of plan.files) writeFileSync(f.path, f.content, { mode: 0o644 });
  for (const [cmd, ...args] of plan.commands) {
    const r = spawnSync(cmd, args, { stdio: 'pipe', encoding: 'utf8' });
    if (r.status !== 0) problems.push(`${cmd} ${args.join(' ')}: ${(r.stderr || r.error?.message || `exit ${r.status}`).trim()}`);
  }
  for (const r of plan.removals) if (existsSync(r)) rmSync(r, { force: true });
  return problems;
}

export function serviceInstalled(): boolean {
  if (process.platform === 'linux') return existsSync(SYSTEMD_UNIT);
  if (process.platform === 'darwin') return existsSync(LAUNCHD_PLIST);
  return false;
}
