// What happens after a successful patch install: the command's `reboot` says never, if_required
// (the OS says a reboot is needed: /var/run/reboot-required on Debian/Ubuntu, `needs-restarting
// -r` exiting 1 on dnf systems) or always. The reboot runs AGENT_REBOOT_COMMAND (default
// `systemctl reboot`) after AGENT_REBOOT_DELAY_SECONDS (default 60, like `shutdown -r +1`), so
// the command's result reaches the server before the machine goes down.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export type RebootBehavior = 'never' | 'if_required' | 'always';

export interface RebootOutcome {
  rebootRequired: boolean;
  rebootScheduled: boolean;
}

export function readRebootBehavior(value: unknown): RebootBehavior {
  return value === 'always' || value === 'if_required' ? value : 'never';
}

/** Pure: whether to reboot, given the behaviour, whether the install succeeded and whether the OS needs it. */
export function shouldReboot(behavior: RebootBehavior, installed: boolean, required: boolean): boolean {
  if (!installed) return false;
  return behavior === 'always' || (behavior === 'if_required' && required);
}

export const REBOOT_REQUIRED_FILE = '/var/run/reboot-required';

/** Whether the OS says a reboot is needed (false where it has no way to say). */
export function rebootRequired(): Promise<boolean> {
  if (process.platform !== 'linux') return Promise.resolve(false);
  if (existsSync(REBOOT_REQUIRED_FILE)) return Promise.resolve(true);
  if (!existsSync('/usr/bin/needs-restarting')) return Promise.resolve(false);
  // needs-restarting -r: exit 1 when a reboot is needed, 0 when not.
  return new Promise((resolve) => execFile('/usr/bin/needs-restarting', ['-r'], { timeout: 60_000 }, (error) => resolve((error as { code?: unknown } | null)?.code === 1)));
}

export function rebootCommand(env: Record<string, string | undefined> = process.env): { command: string; delaySeconds: number } {
  const delay = Number(env.AGENT_REBOOT_DELAY_SECONDS);
  return {
    command: env.AGENT_REBOOT_COMMAND?.trim() || (process.platform === 'win32' ? 'shutdown /r /t 0' : 'systemctl reboot'),
    delaySeconds: Number.isFinite(delay) && delay >= 0 ? Math.floor(delay) : 60,
  };
}

/** Starts the reboot command detached, after the delay; returns at once. */
export function scheduleReboot(env: Record<string, string | undefined> = process.env): void {
  const { command, delaySeconds } = rebootCommand(env);
  const script = delaySeconds > 0 ? `sleep ${delaySeconds}; ${command}` : command;
  const child = process.platform === 'win32' ? spawn('cmd.exe', ['/c', command], { stdio: 'ignore', detached: true }) : spawn('/bin/sh', ['-c', script], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined).unref();
}

/** After an install: reports whether a reboot is needed and schedules one when the behaviour says so. */
export async function afterInstall(behavior: RebootBehavior, installed: boolean): Promise<RebootOutcome> {
  const required = await rebootRequired();
  const reboot = shouldReboot(behavior, installed, required);
  if (reboot) scheduleReboot();
  return { rebootRequired: required, rebootScheduled: reboot };
}
