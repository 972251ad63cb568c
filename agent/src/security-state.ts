// The device's security state (PUT /agents/:id/security): firewall, disk encryption, antivirus,
// password policy, admin accounts and SSH root login, read from the real Linux sources. Where
// the answer needs root (the nftables/iptables ruleset) an unprivileged agent falls back to what
// it can read (ufw's configuration, firewalld's unit) and otherwise says "unknown" with why.
// Other OSes report every area as unknown: the reference agent has no collectors for them yet.
import { existsSync, openSync, readSync, closeSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { readText, run } from './system-info';
import {
  parseAdminGroups,
  parseCvdHeader,
  parseIptablesInput,
  parseKeyValue,
  parseLoginDefs,
  parseNftRuleset,
  parsePamPassword,
  parsePwquality,
  parseSshdConfig,
  uidZeroAccounts,
  type FirewallPolicy,
} from './security-parse';

type Known = 'unknown';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function which(cmd: string): string | null {
  for (const dir of (process.env.PATH ?? '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin').split(':').concat(['/usr/sbin', '/sbin'])) {
    const p = path.join(dir, cmd);
    if (existsSync(p)) return p;
  }
  return null;
}

async function unitActive(unit: string): Promise<boolean> {
  return (await run('systemctl', ['is-active', unit], 5000))?.trim() === 'active';
}

export interface FirewallState {
  status: 'active' | 'inactive' | Known;
  backend: 'nftables' | 'iptables' | 'ufw' | 'firewalld' | null;
  defaultInputPolicy: FirewallPolicy | null;
  rules: number | null;
  detail: string;
}

export async function firewallState(): Promise<FirewallState> {
  // ufw's own switch and default policy are readable without root.
  const ufwConf = readText('/etc/ufw/ufw.conf');
  if (ufwConf && which('ufw')) {
    const enabled = parseKeyValue(ufwConf).ENABLED?.toLowerCase() === 'yes';
    const policy = parseKeyValue(readText('/etc/default/ufw') ?? '').DEFAULT_INPUT_POLICY?.toLowerCase();
    const p = policy === 'drop' || policy === 'reject' || policy === 'accept' ? (policy as FirewallPolicy) : null;
    if (enabled) return { status: 'active', backend: 'ufw', defaultInputPolicy: p, rules: null, detail: `ufw enabled, default input policy ${p ?? 'unknown'}` };
  }
  if (await unitActive('firewalld')) return { status: 'active', backend: 'firewalld', defaultInputPolicy: 'reject', rules: null, detail: 'firewalld is running (zones reject unlisted traffic)' };
  if (isRoot()) {
    const nft = which('nft') ? await run('nft', ['list', 'ruleset'], 10_000) : null;
    if (nft !== null) {
      const r = parseNftRuleset(nft);
      if (r.inputChains > 0 && (r.policy === 'drop' || r.policy === 'reject' || r.inputRules > 0)) {
        return { status: 'active', backend: 'nftables', defaultInputPolicy: r.policy ?? 'accept', rules: r.inputRules, detail: `nftables: ${r.inputChains} input chain(s), policy ${r.policy ?? 'accept'}, ${r.inputRules} rule(s)` };
      }
    }
    const ipt = which('iptables') ? await run('iptables', ['-S', 'INPUT'], 10_000) : null;
    if (ipt !== null) {
      const r = parseIptablesInput(ipt);
      if (r.policy === 'drop' || r.policy === 'reject' || r.rules > 0) return { status: 'active', backend: 'iptables', defaultInputPolicy: r.policy, rules: r.rules, detail: `iptables INPUT policy ${r.policy ?? 'unknown'}, ${r.rules} rule(s)` };
      return { status: 'inactive', backend: null, defaultInputPolicy: r.policy ?? 'accept', rules: r.rules, detail: 'No input filtering: no ufw, firewalld, nftables input chain or iptables INPUT rule' };
    }
    if (nft !== null) return { status: 'inactive', backend: null, defaultInputPolicy: 'accept', rules: 0, detail: 'No input filtering: the nftables ruleset has no input filter' };
    return { status: 'unknown', backend: null, defaultInputPolicy: null, rules: null, detail: 'Neither nft nor iptables is installed' };
  }
  if (ufwConf && which('ufw')) return { status: 'inactive', backend: 'ufw', defaultInputPolicy: null, rules: null, detail: 'ufw is installed but not enabled; the nftables/iptables ruleset needs root to read' };
  return { status: 'unknown', backend: null, defaultInputPolicy: null, rules: null, detail: 'Reading the nftables/iptables ruleset needs root (the agent runs unprivileged); no ufw or firewalld found' };
}

const SKIP_FS = new Set(['proc', 'sysfs', 'tmpfs', 'devtmpfs', 'devpts', 'cgroup', 'cgroup2', 'overlay', 'squashfs', 'securityfs', 'pstore', 'bpf', 'debugfs', 'tracefs', 'mqueue', 'hugetlbfs', 'fusectl', 'configfs', 'autofs', 'binfmt_misc', 'efivarfs', 'nsfs', 'ramfs', 'rpc_pipefs', 'nfs', 'nfs4', 'cifs', 'fuse.lxcfs', 'fuse.portal', 'iso9660', 'vfat', 'swap']);

/** True when the block device is, or sits on (LVM on LUKS), a dm-crypt mapping. */
export function blockEncrypted(name: string, depth = 0): boolean | null {
  const base = `/sys/class/block/${name}`;
  if (!existsSync(base) || depth > 8) return null;
  const uuid = readText(`${base}/dm/uuid`)?.trim();
  if (uuid?.startsWith('CRYPT-')) return true;
  let slaves: string[] = [];
  try {
    slaves = readdirSync(`${base}/slaves`);
  } catch {
    /* not a stacked device */
  }
  if (slaves.length === 0) return false;
  const under = slaves.map((s) => blockEncrypted(s, depth + 1));
  return under.every((u) => u === true) ? true : under.some((u) => u === null) ? null : false;
}

export interface EncryptionState {
  status: 'encrypted' | 'partial' | 'unencrypted' | Known;
  rootEncrypted: boolean | null;
  volumes: { mount: string; device: string; encrypted: boolean | null }[];
  detail: string;
}

export function encryptionState(mounts = readText('/proc/mounts') ?? ''): EncryptionState {
  const volumes: EncryptionState['volumes'] = [];
  let rootSeen = false;
  for (const line of mounts.split('\n')) {
    const [device, mountRaw, fsType] = line.split(' ');
    if (!device || !mountRaw || SKIP_FS.has(fsType) || !device.startsWith('/dev/')) {
      if (mountRaw === '/') rootSeen = true;
      continue;
    }
    const mount = mountRaw.replace(/\\040/g, ' ');
    if (mount === '/boot' || mount.startsWith('/boot/') || mount.startsWith('/snap/')) continue;
    if (volumes.some((v) => v.device === device)) continue;
    let name: string | null;
    try {
      name = path.basename(realpathSync(device));
    } catch {
      name = null;
    }
    volumes.push({ mount, device, encrypted: name ? blockEncrypted(name) : null });
  }
  const root = volumes.find((v) => v.mount === '/');
  if (!root) {
    return { status: 'unknown', rootEncrypted: null, volumes, detail: rootSeen ? 'The root filesystem is not a block device (container or overlay): encryption is decided by the host' : 'The root filesystem could not be found in /proc/mounts' };
  }
  if (volumes.some((v) => v.encrypted === null)) return { status: 'unknown', rootEncrypted: root.encrypted, volumes, detail: 'Some volumes could not be traced to their block device' };
  const enc = volumes.filter((v) => v.encrypted).length;
  const status = enc === volumes.length ? 'encrypted' : enc === 0 ? 'unencrypted' : 'partial';
  return { status, rootEncrypted: root.encrypted, volumes, detail: `${enc} of ${volumes.length} volume(s) on LUKS (dm-crypt)` };
}

export interface AntivirusState {
  product: 'clamav' | null;
  installed: boolean;
  version: string | null;
  databaseDir: string | null;
  signatureVersion: number | null;
  signatureUpdatedAt: string | null;
  realtime: boolean | null;
  detail: string;
}

function readHeader(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(512);
    const n = readSync(fd, buf, 0, 512, 0);
    return buf.subarray(0, n).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/** The newest signature build time of a ClamAV database directory (CVD header, else file time). */
export function signatureAge(dir: string): { updatedAt: Date | null; version: number | null } {
  let updatedAt: Date | null = null;
  let version: number | null = null;
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /\.(cvd|cld|hdb|hsb|ndb|ldb|cdb|mdb|msb)$/.test(f));
  } catch {
    return { updatedAt, version };
  }
  for (const f of files) {
    const file = path.join(dir, f);
    let at: Date | null = null;
    if (/\.(cvd|cld)$/.test(f)) {
      const h = parseCvdHeader(readHeader(file));
      at = h.builtAt;
      if (f.startsWith('daily') && h.version !== null) version = h.version;
    }
    at ??= statSync(file).mtime;
    if (!updatedAt || at > updatedAt) updatedAt = at;
  }
  return { updatedAt, version };
}

function clamDatabaseDir(): string {
  const conf = readText('/etc/clamav/freshclam.conf') ?? readText('/etc/freshclam.conf') ?? '';
  return /^\s*DatabaseDirectory\s+(\S+)/m.exec(conf)?.[1] ?? '/var/lib/clamav';
}

export async function antivirusState(): Promise<AntivirusState> {
  const bin = which('clamscan');
  if (!bin) return { product: null, installed: false, version: null, databaseDir: null, signatureVersion: null, signatureUpdatedAt: null, realtime: null, detail: 'ClamAV (clamscan) is not installed' };
  const version = (await run(bin, ['--version'], 10_000))?.trim().split('/')[0]?.replace(/^ClamAV\s*/, '') ?? null;
  const configured = process.env.RMM_AGENT_CLAMAV_DATABASE;
  const dir = configured ? (existsSync(configured) && statSync(configured).isDirectory() ? configured : path.dirname(configured)) : clamDatabaseDir();
  const sig = signatureAge(dir);
  const realtime = (await unitActive('clamav-daemon')) || (await unitActive('clamav-clamonacc'));
  return {
    product: 'clamav',
    installed: true,
    version,
    databaseDir: dir,
    signatureVersion: sig.version,
    signatureUpdatedAt: sig.updatedAt?.toISOString() ?? null,
    realtime,
    detail: sig.updatedAt ? `ClamAV ${version ?? ''} with signatures of ${sig.updatedAt.toISOString().slice(0, 10)}` : `ClamAV ${version ?? ''} installed but no signature database in ${dir}`,
  };
}

export interface PasswordPolicyState {
  known: boolean;
  passMaxDays: number | null;
  passMinDays: number | null;
  passWarnAge: number | null;
  /** pam_pwquality/pam_cracklib minlen when that module is in the password stack, else login.defs PASS_MIN_LEN. */
  minLength: number | null;
  minClass: number | null;
  qualityModule: 'pam_pwquality' | 'pam_cracklib' | null;
  detail: string;
}

export function passwordPolicyState(): PasswordPolicyState {
  const defs = readText('/etc/login.defs');
  const pamText = readText('/etc/pam.d/common-password') ?? readText('/etc/pam.d/system-auth') ?? readText('/etc/pam.d/password-auth') ?? '';
  const pam = parsePamPassword(pamText);
  const conf = parsePwquality(readText('/etc/security/pwquality.conf') ?? '');
  const inline = parsePwquality(pam.args);
  const parsed = defs ? parseLoginDefs(defs) : { passMaxDays: null, passMinDays: null, passMinLen: null, passWarnAge: null };
  // Arguments on the PAM line override pwquality.conf; pwquality's own default minlen is 8.
  const minLength = pam.module ? (inline.minlen ?? conf.minlen ?? 8) : parsed.passMinLen;
  return {
    known: defs !== null,
    passMaxDays: parsed.passMaxDays,
    passMinDays: parsed.passMinDays,
    passWarnAge: parsed.passWarnAge,
    minLength,
    minClass: pam.module ? (inline.minclass ?? conf.minclass ?? 0) : null,
    qualityModule: pam.module,
    detail: defs === null ? '/etc/login.defs is not readable' : `${pam.module ?? 'no password quality module'}; minimum length ${minLength ?? 'unset'}; maximum age ${parsed.passMaxDays ?? 'unset'} days`,
  };
}

export interface AdminAccountsState {
  known: boolean;
  accounts: { name: string; groups: string[]; uidZero: boolean }[];
  detail: string;
}

export function adminAccountsState(): AdminAccountsState {
  const group = readText('/etc/group');
  const passwd = readText('/etc/passwd') ?? '';
  if (group === null) return { known: false, accounts: [], detail: '/etc/group is not readable' };
  const members = parseAdminGroups(group);
  const accounts: AdminAccountsState['accounts'] = [...members.entries()].map(([name, groups]) => ({ name, groups, uidZero: false }));
  for (const name of uidZeroAccounts(passwd)) {
    if (name === 'root') continue;
    const existing = accounts.find((a) => a.name === name);
    if (existing) existing.uidZero = true;
    else accounts.push({ name, groups: [], uidZero: true });
  }
  return { known: true, accounts: accounts.slice(0, 500), detail: `${accounts.length} account(s) in sudo/wheel/admin or with uid 0 besides root` };
}

export interface SshdState {
  installed: boolean;
  known: boolean;
  permitRootLogin: string | null;
  passwordAuthentication: string | null;
  detail: string;
}

function expandInclude(pattern: string): string[] {
  const abs = pattern.startsWith('/') ? pattern : path.join('/etc/ssh', pattern);
  const dir = path.dirname(abs);
  const re = new RegExp(`^${path.basename(abs).replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => re.test(n)).sort();
  } catch {
    return [];
  }
  return names.map((n) => readText(path.join(dir, n)) ?? '');
}

export function sshdState(configFile = '/etc/ssh/sshd_config'): SshdState {
  const installed = existsSync('/usr/sbin/sshd') || existsSync('/usr/bin/sshd');
  const text = readText(configFile);
  if (!installed) return { installed, known: true, permitRootLogin: null, passwordAuthentication: null, detail: 'No SSH server installed' };
  if (text === null) return { installed, known: false, permitRootLogin: null, passwordAuthentication: null, detail: `${configFile} is not readable` };
  const parsed = parseSshdConfig(text, expandInclude);
  // OpenSSH's compiled-in default since 7.0.
  const permit = parsed.permitRootLogin ?? 'prohibit-password';
  return { installed, known: true, permitRootLogin: permit, passwordAuthentication: parsed.passwordAuthentication ?? 'yes', detail: `PermitRootLogin ${permit}${parsed.permitRootLogin ? '' : ' (default)'}` };
}

export async function collectSecurityState() {
  const collectedAt = new Date().toISOString();
  if (process.platform !== 'linux') {
    const detail = `Not collected on ${process.platform} by the reference agent`;
    return {
      collectedAt,
      firewall: { status: 'unknown', backend: null, defaultInputPolicy: null, rules: null, detail },
      encryption: { status: 'unknown', rootEncrypted: null, volumes: [], detail },
      antivirus: { product: null, installed: false, version: null, databaseDir: null, signatureVersion: null, signatureUpdatedAt: null, realtime: null, detail },
      passwordPolicy: { known: false, passMaxDays: null, passMinDays: null, passWarnAge: null, minLength: null, minClass: null, qualityModule: null, detail },
      adminAccounts: { known: false, accounts: [], detail },
      sshd: { installed: false, known: false, permitRootLogin: null, passwordAuthentication: null, detail },
    };
  }
  const [firewall, antivirus] = await Promise.all([firewallState(), antivirusState()]);
  return { collectedAt, firewall, encryption: encryptionState(), antivirus, passwordPolicy: passwordPolicyState(), adminAccounts: adminAccountsState(), sshd: sshdState() };
}
