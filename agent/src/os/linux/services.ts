// Services from systemd (Linux): list, show one, start/stop/restart, through `systemctl`.
// A Linux device without a running systemd (a container, OpenRC) answers UNSUPPORTED_ON_PLATFORM
// with the reason, as do other operating systems.
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { ToolError } from '../../channel';
import { assertLinux } from './processes';

export interface ServiceSummary {
  name: string;
  description: string;
  loadState: string;
  activeState: string;
  subState: string;
  unitFileState: string | null;
}

export interface ServiceDetail extends ServiceSummary {
  mainPid: number | null;
  activeSince: string | null;
  fragmentPath: string | null;
  user: string | null;
  restart: string | null;
  memoryBytes: number | null;
}

/** A unit name systemctl takes as one argument and never as an option. */
export const SERVICE_NAME = /^[A-Za-z0-9][A-Za-z0-9@._:\\-]{0,250}$/;

export function serviceUnit(name: string): string {
  if (!SERVICE_NAME.test(name)) throw new ToolError('INVALID_REQUEST', 'Invalid service name');
  return name.endsWith('.service') ? name : `${name}.service`;
}

export function systemctl(args: string[], signal?: AbortSignal, timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('systemctl', args, { timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024, signal, env: { ...process.env, SYSTEMD_PAGER: '', LC_ALL: 'C' } }, (error, stdout, stderr) => {
      if (error) {
        const e = new ToolError('AGENT_OPERATION_FAILED', (stderr || error.message).trim().slice(0, 2000));
        (e as ToolError & { exitCode?: number }).exitCode = typeof error.code === 'number' ? error.code : undefined;
        reject(e);
      } else resolve(stdout);
    });
  });
}

export function assertSystemd(): void {
  assertLinux('Service management');
  // systemd's own test for "booted with systemd" (sd_booted).
  if (!existsSync('/run/systemd/system')) {
    throw new ToolError('UNSUPPORTED_ON_PLATFORM', 'systemd is not running on this device (no /run/systemd/system): services cannot be managed');
  }
}

/** `systemctl list-units --type=service --all --plain --no-legend` lines: UNIT LOAD ACTIVE SUB DESCRIPTION. */
export function parseListUnits(text: string): Omit<ServiceSummary, 'unitFileState'>[] {
  const out: Omit<ServiceSummary, 'unitFileState'>[] = [];
  for (const raw of text.split('\n')) {
    // Older systemd marks failed units with a leading bullet even with --plain.
    const line = raw.replace(/^[\s●*]+/, '');
    const m = /^(\S+\.service)\s+(\S+)\s+(\S+)\s+(\S+)\s*(.*)$/.exec(line);
    if (m) out.push({ name: m[1], loadState: m[2], activeState: m[3], subState: m[4], description: m[5].trim() });
  }
  return out;
}

/** `systemctl list-unit-files --type=service --no-legend` lines: UNIT STATE [PRESET]. */
export function parseUnitFiles(text: string): Map<string, string> {
  const states = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^(\S+\.service)\s+(\S+)/.exec(line.trim());
    if (m) states.set(m[1], m[2]);
  }
  return states;
}

/** `systemctl show` output: one Key=Value per line. */
export function parseShow(text: string): Record<string, string> {
  const props: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) props[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return props;
}

function nonEmpty(v: string | undefined): string | null {
  return v && v !== '[not set]' && v !== 'n/a' ? v : null;
}

export function serviceDetail(props: Record<string, string>): ServiceDetail {
  const since = nonEmpty(props.ActiveEnterTimestamp);
  const sinceDate = since ? new Date(since.replace(/^\w{3} /, '')) : null;
  const mainPid = Number(props.MainPID);
  const memory = Number(props.MemoryCurrent);
  return {
    name: props.Id ?? '',
    description: props.Description ?? '',
    loadState: props.LoadState ?? 'unknown',
    activeState: props.ActiveState ?? 'unknown',
    subState: props.SubState ?? 'unknown',
    unitFileState: nonEmpty(props.UnitFileState),
    mainPid: Number.isInteger(mainPid) && mainPid > 0 ? mainPid : null,
    activeSince: sinceDate && !Number.isNaN(sinceDate.getTime()) ? sinceDate.toISOString() : null,
    fragmentPath: nonEmpty(props.FragmentPath),
    user: nonEmpty(props.User),
    restart: nonEmpty(props.Restart),
    // MemoryCurrent is 2^64-1 ("[not set]" in newer systemd) when accounting is off.
    memoryBytes: Number.isFinite(memory) && memory < 2 ** 63 ? memory : null,
  };
}

export async function listServices(signal?: AbortSignal): Promise<{ services: ServiceSummary[] }> {
  assertSystemd();
  const [units, files] = await Promise.all([
    systemctl(['list-units', '--type=service', '--all', '--plain', '--no-legend', '--no-pager'], signal),
    systemctl(['list-unit-files', '--type=service', '--no-legend', '--no-pager'], signal),
  ]);
  const states = parseUnitFiles(files);
  const services = parseListUnits(units).map((u) => ({ ...u, unitFileState: states.get(u.name) ?? null }));
  // Installed but never loaded units (disabled ones) are services too.
  const listed = new Set(services.map((s) => s.name));
  for (const [name, state] of states) {
    if (!listed.has(name) && !name.includes('@')) services.push({ name, description: '', loadState: 'not-loaded', activeState: 'inactive', subState: 'dead', unitFileState: state });
  }
  services.sort((a, b) => a.name.localeCompare(b.name));
  return { services };
}

const SHOW_PROPS = 'Id,Description,LoadState,ActiveState,SubState,UnitFileState,MainPID,ActiveEnterTimestamp,FragmentPath,User,Restart,MemoryCurrent';

export async function getService(name: string, signal?: AbortSignal): Promise<ServiceDetail> {
  assertSystemd();
  const unit = serviceUnit(name);
  const detail = serviceDetail(parseShow(await systemctl(['show', unit, '--no-pager', `--property=${SHOW_PROPS}`], signal)));
  if (detail.loadState === 'not-found') throw new ToolError('SERVICE_NOT_FOUND', `No service ${unit} on this device`);
  return detail;
}

export async function serviceAction(name: string, action: string, signal?: AbortSignal): Promise<ServiceDetail> {
  if (!['start', 'stop', 'restart'].includes(action)) throw new ToolError('INVALID_REQUEST', 'action must be start, stop or restart');
  const before = await getService(name, signal);
  await systemctl([action, before.name, '--no-pager', '--no-ask-password'], signal, 90_000);
  return getService(before.name, signal);
}
