// Pure parsers of the files and command output the security report reads (unit-tested on real
// samples in security-parse.test.ts). Each answers null for "not stated" so the report can say
// "unknown" instead of guessing.

export type FirewallPolicy = 'accept' | 'drop' | 'reject';

/** `nft list ruleset`: the policy and rule count of the filter chains hooked on input. */
export function parseNftRuleset(text: string): { inputChains: number; inputRules: number; policy: FirewallPolicy | null } {
  let inputChains = 0;
  let inputRules = 0;
  let policy: FirewallPolicy | null = null;
  let inInput = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (/^chain\s/.test(line)) inInput = false;
    if (/type\s+filter\s+hook\s+input\b/.test(line)) {
      inInput = true;
      inputChains++;
      const p = /policy\s+(accept|drop|reject)/.exec(line)?.[1] as FirewallPolicy | undefined;
      // The strictest input policy wins: one dropping chain filters every packet.
      if (p && (policy === null || policy === 'accept')) policy = p;
      continue;
    }
    if (inInput && line && line !== '}' && !line.startsWith('chain') && !line.startsWith('type ')) inputRules++;
    if (line === '}') inInput = false;
  }
  return { inputChains, inputRules, policy };
}

/** `iptables -S INPUT`: `-P INPUT DROP` and the `-A INPUT …` rules. */
export function parseIptablesInput(text: string): { policy: FirewallPolicy | null; rules: number } {
  const p = /^-P INPUT (ACCEPT|DROP|REJECT)/m.exec(text)?.[1];
  const rules = text.split('\n').filter((l) => l.startsWith('-A INPUT')).length;
  return { policy: p ? (p.toLowerCase() as FirewallPolicy) : null, rules };
}

/** KEY=value files (/etc/ufw/ufw.conf, /etc/default/ufw); quotes stripped, comments skipped. */
export function parseKeyValue(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(raw);
    if (m && !raw.trim().startsWith('#')) out[m[1]] = m[2].replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  }
  return out;
}

/** /etc/login.defs: whitespace-separated KEY VALUE lines. */
export function parseLoginDefs(text: string): { passMaxDays: number | null; passMinDays: number | null; passMinLen: number | null; passWarnAge: number | null } {
  const values: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const m = /^\s*([A-Z_]+)\s+(\S+)/.exec(raw);
    if (m) values[m[1]] = m[2];
  }
  const num = (k: string) => (values[k] !== undefined && /^-?\d+$/.test(values[k]) ? Number(values[k]) : null);
  return { passMaxDays: num('PASS_MAX_DAYS'), passMinDays: num('PASS_MIN_DAYS'), passMinLen: num('PASS_MIN_LEN'), passWarnAge: num('PASS_WARN_AGE') };
}

/** /etc/security/pwquality.conf (`minlen = 12`) or the arguments of a pam_pwquality line (`minlen=12`). */
export function parsePwquality(text: string): { minlen: number | null; minclass: number | null; retry: number | null } {
  const active = text
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n');
  const pickActive = (k: string) => {
    const m = new RegExp(`^\\s*${k}\\s*=\\s*(-?\\d+)`, 'm').exec(active) ?? new RegExp(`\\b${k}=(-?\\d+)`).exec(active);
    return m ? Number(m[1]) : null;
  };
  return { minlen: pickActive('minlen'), minclass: pickActive('minclass'), retry: pickActive('retry') };
}

/** The PAM password stack: whether pam_pwquality (or pam_cracklib) is used, and its arguments. */
export function parsePamPassword(text: string): { module: 'pam_pwquality' | 'pam_cracklib' | null; args: string } {
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || !/^password\s/.test(line)) continue;
    const m = /(pam_pwquality|pam_cracklib)\.so\s*(.*)$/.exec(line);
    if (m) return { module: m[1] as 'pam_pwquality' | 'pam_cracklib', args: m[2] };
  }
  return { module: null, args: '' };
}

/** Members of the administrative groups of /etc/group (sudo, wheel, admin). */
export function parseAdminGroups(groupFile: string, groups = ['sudo', 'wheel', 'admin']): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of groupFile.split('\n')) {
    const [name, , , members] = line.split(':');
    if (!name || !groups.includes(name)) continue;
    for (const m of (members ?? '').split(',').map((s) => s.trim()).filter(Boolean)) out.set(m, [...(out.get(m) ?? []), name]);
  }
  return out;
}

/** Accounts of /etc/passwd with uid 0 (root and any alias of it). */
export function uidZeroAccounts(passwd: string): string[] {
  return passwd
    .split('\n')
    .map((l) => l.split(':'))
    .filter((f) => f.length >= 3 && f[2] === '0')
    .map((f) => f[0]);
}

/**
 * sshd_config: the first PermitRootLogin and PasswordAuthentication outside a Match block (sshd
 * uses the first value it reads). `includes` are the texts of Include'd files, read in place.
 */
export function parseSshdConfig(text: string, readInclude: (pattern: string) => string[] = () => []): { permitRootLogin: string | null; passwordAuthentication: string | null } {
  const out: { permitRootLogin: string | null; passwordAuthentication: string | null } = { permitRootLogin: null, passwordAuthentication: null };
  const walk = (body: string, depth: number): boolean => {
    for (const raw of body.split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#')) continue;
      const [key, ...rest] = line.split(/\s+/);
      const k = key.toLowerCase();
      const value = rest.join(' ').toLowerCase();
      if (k === 'match') return true;
      if (k === 'include' && depth < 4) {
        for (const pattern of rest) for (const inc of readInclude(pattern)) if (walk(inc, depth + 1)) return true;
      }
      if (k === 'permitrootlogin' && out.permitRootLogin === null) out.permitRootLogin = value;
      if (k === 'passwordauthentication' && out.passwordAuthentication === null) out.passwordAuthentication = value;
    }
    return false;
  };
  walk(text, 0);
  return out;
}

/** The build time in a ClamAV .cvd/.cld header: `ClamAV-VDB:27 Nov 2026 07-13 +0000:27470:…`. */
export function parseCvdHeader(header: string): { builtAt: Date | null; version: number | null } {
  const m = /^ClamAV-VDB:(\d{1,2} \w{3} \d{4}) (\d{2})-(\d{2}) ([+-]\d{4}):(\d+):/.exec(header);
  if (!m) return { builtAt: null, version: null };
  const d = new Date(`${m[1]} ${m[2]}:${m[3]} ${m[4]}`);
  return { builtAt: Number.isNaN(d.getTime()) ? null : d, version: Number(m[5]) };
}

export interface ClamDetection {
  path: string;
  signature: string;
}

/** `clamscan --no-summary -i` lines `/path/file: Signature FOUND`; paths may contain ": ". */
export function parseClamscanOutput(text: string): ClamDetection[] {
  const out: ClamDetection[] = [];
  for (const line of text.split('\n')) {
    const m = /^(.*): (\S+) FOUND$/.exec(line.trim());
    if (m) out.push({ path: m[1], signature: m[2] });
  }
  return out;
}

/** The summary block of `clamscan`: engine version and files scanned. */
export function parseClamscanSummary(text: string): { engine: string | null; filesScanned: number | null } {
  const engine = /^Engine version:\s*(.+)$/m.exec(text)?.[1]?.trim() ?? null;
  const files = /^Scanned files:\s*(\d+)/m.exec(text)?.[1];
  return { engine, filesScanned: files ? Number(files) : null };
}
