// macOS services are launchd jobs: `launchctl list` (PID, last exit status, label) with
// `launchctl print-disabled system` for the ones turned off, `launchctl list <label>` for one job,
// and kickstart / kill to start, stop and restart it in the system domain (the agent runs as
// root). Mapped onto the contract: a job with a PID is active/running, one without is
// inactive/waiting (exit 0) or failed (a non-zero last exit status, negative = killed by that
// signal); unitFileState enabled/disabled from the overrides, null when launchd has none.
import { existsSync } from 'node:fs';
import { ToolError } from '../../channel';
import { runChecked, type CommandRunner } from '../command';
import type { ServiceDetail, ServiceSummary } from '../types';
import { SERVICE_NAME } from '../linux/services';

export function parseLaunchctlList(text: string, disabled: Map<string, boolean> = new Map()): ServiceSummary[] {
  const out: ServiceSummary[] = [];
  for (const line of text.split('\n').slice(1)) {
    const [pid, status, label] = line.split('\t').map((c) => c?.trim());
    if (!label) continue;
    const running = /^\d+$/.test(pid ?? '');
    const failed = !running && status !== undefined && status !== '0' && status !== '-';
    const off = disabled.get(label);
    out.push({
      name: label,
      description: '',
      loadState: 'loaded',
      activeState: running ? 'active' : failed ? 'failed' : 'inactive',
      subState: running ? 'running' : failed ? `exited (${status})` : 'waiting',
      unitFileState: off === undefined ? null : off ? 'disabled' : 'enabled',
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** `launchctl print-disabled system`: `"label" => disabled|enabled` (older releases: `=> true|false`, true meaning disabled). */
export function parsePrintDisabled(text: string): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const m of text.matchAll(/"([^"]+)"\s*=>\s*(disabled|enabled|true|false)/g)) out.set(m[1], m[2] === 'disabled' || m[2] === 'true');
  return out;
}

/** `launchctl list <label>`: an old-style property list, `"Key" = value;` with one array (ProgramArguments). */
export function parseLaunchctlJob(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  // Dictionaries (MachServices, Sockets) are left out; ProgramArguments is the one array read.
  const body = text.replace(/"[^"]+"\s*=\s*\{[^{}]*\};/g, '');
  const arrays = /"([^"]+)"\s*=\s*\(([\s\S]*?)\);/g;
  for (const m of body.matchAll(arrays)) out[m[1]] = [...m[2].matchAll(/"((?:[^"\\]|\\.)*)";/g)].map((x) => x[1].replace(/\\(.)/g, '$1'));
  const flat = body.replace(arrays, '');
  for (const m of flat.matchAll(/"([^"]+)"\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+);/g)) out[m[1]] = m[3] !== undefined ? m[3].replace(/\\(.)/g, '$1') : m[2].trim();
  return out;
}

const PLIST_DIRS = ['/Library/LaunchDaemons', '/System/Library/LaunchDaemons', '/Library/LaunchAgents', '/System/Library/LaunchAgents'];

export function jobDetail(label: string, job: Record<string, string | string[]>, disabled: Map<string, boolean>, rssKb: number | null, startedAt: string | null): ServiceDetail {
  const pid = Number(job.PID);
  const running = Number.isInteger(pid) && pid > 0;
  // A wait status here (exit code << 8, or the signal), where `launchctl list` shows the code or -signal.
  const wait = Number(job.LastExitStatus);
  const status = !Number.isInteger(wait) ? '0' : wait & 0x7f ? String(-(wait & 0x7f)) : String(wait >> 8);
  const [summary] = parseLaunchctlList(`PID\tStatus\tLabel\n${running ? pid : '-'}\t${status}\t${label}`, disabled);
  const program = typeof job.Program === 'string' ? job.Program : Array.isArray(job.ProgramArguments) ? job.ProgramArguments.join(' ') : null;
  return {
    ...summary,
    description: program ?? '',
    mainPid: running ? pid : null,
    activeSince: running ? startedAt : null,
    fragmentPath: PLIST_DIRS.map((d) => `${d}/${label}.plist`).find((p) => existsSync(p)) ?? null,
    user: null,
    restart: job.OnDemand === 'false' ? 'always' : job.OnDemand === 'true' ? 'on-demand' : null,
    memoryBytes: running && rssKb !== null ? rssKb * 1024 : null,
  };
}

function checkLabel(name: string): string {
  if (!SERVICE_NAME.test(name)) throw new ToolError('INVALID_REQUEST', 'Invalid service (launchd label)');
  return name;
}

/** ps's `lstart` (`Mon Jan 15 10:23:45 2024`, local time) as ISO. */
export function parseLstart(text: string): string | null {
  const m = /^\w{3}\s+(\w{3})\s+(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})\s+(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(m[1]);
  if (month < 0) return null;
  return new Date(Number(m[6]), month, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])).toISOString();
}

export function darwinServices(runner: CommandRunner) {
  const disabled = async (signal?: AbortSignal) => {
    const r = await runner('launchctl', ['print-disabled', 'system'], { signal });
    return r.code === 0 ? parsePrintDisabled(r.stdout) : new Map<string, boolean>();
  };
  const getService = async (name: string, signal?: AbortSignal): Promise<ServiceDetail> => {
    const label = checkLabel(name);
    const r = await runner('launchctl', ['list', label], { signal });
    if (r.code !== 0) {
      if (/could not find/i.test(r.stderr) || r.code === 113) throw new ToolError('SERVICE_NOT_FOUND', `No launchd job ${label} on this device`);
      throw new ToolError('AGENT_OPERATION_FAILED', `launchctl failed: ${r.stderr.trim().slice(0, 2000)}`);
    }
    const job = parseLaunchctlJob(r.stdout);
    const pid = Number(job.PID);
    let rss: number | null = null;
    let started: string | null = null;
    if (Number.isInteger(pid) && pid > 0) {
      const ps = await runner('ps', ['-o', 'rss=,lstart=', '-p', String(pid)], { signal });
      const m = /^\s*(\d+)\s+(.+)$/.exec(ps.stdout.trim());
      if (ps.code === 0 && m) {
        rss = Number(m[1]);
        started = parseLstart(m[2]);
      }
    }
    return jobDetail(label, job, await disabled(signal), rss, started);
  };
  return {
    listServices: async (signal?: AbortSignal) => ({ services: parseLaunchctlList(await runChecked(runner, 'launchctl', ['list'], { signal }), await disabled(signal)) }),
    getService,
    serviceAction: async (name: string, action: string, signal?: AbortSignal) => {
      const args: Record<string, string[]> = { start: ['kickstart'], stop: ['kill', 'SIGTERM'], restart: ['kickstart', '-k'] };
      if (!args[action]) throw new ToolError('INVALID_REQUEST', 'action must be start, stop or restart');
      const before = await getService(name, signal);
      await runChecked(runner, 'launchctl', [...args[action], `system/${before.name}`], { signal, timeoutMs: 90_000 });
      return getService(before.name, signal);
    },
  };
}
