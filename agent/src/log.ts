// One-line JSON logs on stderr (journald and launchd keep them).
let quiet = false;

export function setQuiet(value: boolean): void {
  quiet = value;
}

export function log(level: 'info' | 'warn' | 'error', msg: string, extra: Record<string, unknown> = {}): void {
  if (quiet && level === 'info') return;
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...extra })}\n`);
}
