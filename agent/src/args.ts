// A small argv parser: `--name value`, `--name=value` and boolean `--flag`.
export interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

export function parseArgs(argv: string[], booleans: ReadonlySet<string>): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) {
      options.set(arg.slice(2, eq), arg.slice(eq + 1));
    } else {
      const name = arg.slice(2);
      if (booleans.has(name)) options.set(name, true);
      else {
        const value = argv[i + 1];
        if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
        options.set(name, value);
        i++;
      }
    }
  }
  return { positional, options };
}

export function stringOpt(args: ParsedArgs, name: string): string | undefined {
  const v = args.options.get(name);
  return typeof v === 'string' ? v : undefined;
}

export function intOpt(args: ParsedArgs, name: string, fallback: number, min = 1): number {
  const v = stringOpt(args, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
  return n;
}
