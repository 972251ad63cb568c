// The one human-readable block of `npm start`: printed last, once the web server answers, with
// where to go and how to sign in. Everything else it prints is JSON log lines.

export interface SignInInfo {
  url: string;
  email: string;
  /** Shown only on the start that generated it. */
  password: string | null;
  passwordNote: string;
  dataDir: string;
  seconds: string;
}

export function signInBox(info: SignInInfo): string {
  const rows: [string, string][] = [
    ['Open', info.url],
    ['Sign in as', info.email],
    ...(info.password ? ([['Password', info.password]] as [string, string][]) : []),
    [info.password ? '' : 'Password', info.passwordNote],
    ['Data', info.dataDir],
    ['Stop', 'Ctrl-C (or SIGTERM to this process)'],
  ];
  const title = `RMM is ready (started in ${info.seconds} s)`;
  const label = Math.max(...rows.map(([k]) => k.length));
  const lines = [title, '', ...rows.map(([k, v]) => `${k.padEnd(label)}  ${v}`)];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return ['', `┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`, ''].join('\n') + '\n';
}
