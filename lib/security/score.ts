// The security score: seven checks decided from the agent's report (and the patch scan), each
// with a weight. score = round(100 × Σ weight of passing checks ÷ Σ weight of decided checks),
// over the checks the security policy enables. A check the device cannot answer ("unknown": an
// unprivileged agent reading the firewall, a container's root filesystem) is left out of both
// sums rather than counted as a failure; with no decided check the score is null.
// Pure: unit-tested in score.test.ts.
import type { SecurityCheckKey, TSecurityReport } from '@/lib/security/posture-schemas';

export const DEFAULT_WEIGHTS: Record<SecurityCheckKey, number> = {
  firewall_enabled: 20,
  disk_encryption: 20,
  antivirus_current: 15,
  security_updates: 15,
  password_policy: 10,
  admin_accounts: 10,
  ssh_root_login: 10,
};

export const CHECK_INFO: Record<SecurityCheckKey, { label: string; recommendation: string; priority: 'high' | 'medium' | 'low' }> = {
  firewall_enabled: { label: 'Firewall enabled', recommendation: 'Enable a host firewall (ufw, firewalld or an nftables input chain with a drop policy)', priority: 'high' },
  disk_encryption: { label: 'Disk encryption', recommendation: 'Encrypt the root and data volumes with LUKS', priority: 'high' },
  antivirus_current: { label: 'Antivirus with current signatures', recommendation: `Install ClamAV and keep its signatures under ${7} days old (freshclam)`, priority: 'medium' },
  security_updates: { label: 'No pending security updates', recommendation: 'Install the pending security updates', priority: 'high' },
  password_policy: { label: 'Password policy', recommendation: 'Require passwords of 12+ characters (pam_pwquality minlen) and a maximum age of 365 days or less (PASS_MAX_DAYS)', priority: 'low' },
  admin_accounts: { label: 'Limited admin accounts', recommendation: 'Keep at most 3 accounts in sudo/wheel/admin and no uid-0 account besides root', priority: 'medium' },
  ssh_root_login: { label: 'SSH root login disabled', recommendation: 'Set PermitRootLogin no in sshd_config', priority: 'medium' },
};

export const SIGNATURE_MAX_AGE_DAYS = 7;
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_AGE_DAYS = 365;
export const MAX_ADMIN_ACCOUNTS = 3;

export const SCORE_FORMULA =
  'score = round(100 × Σ weight(passing checks) ÷ Σ weight(decided checks)) over the checks the security policy enables; unknown checks count in neither sum; default weights: ' +
  Object.entries(DEFAULT_WEIGHTS)
    .map(([k, w]) => `${k} ${w}`)
    .join(', ');

export type CheckStatus = 'pass' | 'fail' | 'unknown';
export interface CheckSetting {
  enabled: boolean;
  weight: number;
}
export type CheckSettings = Record<SecurityCheckKey, CheckSetting>;

export function effectiveSettings(stored: Partial<Record<string, Partial<CheckSetting>>> | null | undefined): CheckSettings {
  const out = {} as CheckSettings;
  for (const key of Object.keys(DEFAULT_WEIGHTS) as SecurityCheckKey[]) {
    const s = stored?.[key];
    out[key] = { enabled: s?.enabled ?? true, weight: typeof s?.weight === 'number' ? s.weight : DEFAULT_WEIGHTS[key] };
  }
  return out;
}

export interface CheckOutcome {
  key: SecurityCheckKey;
  label: string;
  status: CheckStatus;
  detail: string;
  enabled: boolean;
  weight: number;
  points: number;
}

/** Decides one check from the report; `pendingSecurityUpdates` null: no patch scan yet. */
export function decideCheck(key: SecurityCheckKey, r: TSecurityReport, pendingSecurityUpdates: number | null, now: Date): { status: CheckStatus; detail: string } {
  switch (key) {
    case 'firewall_enabled':
      return { status: r.firewall.status === 'active' ? 'pass' : r.firewall.status === 'inactive' ? 'fail' : 'unknown', detail: r.firewall.detail || r.firewall.status };
    case 'disk_encryption':
      return {
        status: r.encryption.status === 'encrypted' ? 'pass' : r.encryption.status === 'unknown' ? 'unknown' : 'fail',
        detail: r.encryption.detail || r.encryption.status,
      };
    case 'antivirus_current': {
      if (!r.antivirus.installed) return { status: 'fail', detail: r.antivirus.detail || 'No antivirus installed' };
      if (!r.antivirus.signatureUpdatedAt) return { status: 'fail', detail: 'Antivirus installed without a signature database' };
      const age = signatureAgeDays(r.antivirus.signatureUpdatedAt, now)!;
      return age <= SIGNATURE_MAX_AGE_DAYS
        ? { status: 'pass', detail: `Signatures ${age.toFixed(1)} days old` }
        : { status: 'fail', detail: `Signatures ${Math.floor(age)} days old (more than ${SIGNATURE_MAX_AGE_DAYS})` };
    }
    case 'security_updates':
      if (pendingSecurityUpdates === null) return { status: 'unknown', detail: 'No patch scan reported yet' };
      return pendingSecurityUpdates === 0 ? { status: 'pass', detail: 'No pending security update' } : { status: 'fail', detail: `${pendingSecurityUpdates} pending security update${pendingSecurityUpdates === 1 ? '' : 's'}` };
    case 'password_policy': {
      const p = r.passwordPolicy;
      if (!p.known) return { status: 'unknown', detail: p.detail || 'Password policy not readable' };
      const problems: string[] = [];
      if (p.minLength === null || p.minLength < PASSWORD_MIN_LENGTH) problems.push(`minimum length ${p.minLength ?? 'unset'} (< ${PASSWORD_MIN_LENGTH})`);
      if (p.passMaxDays === null || p.passMaxDays < 0 || p.passMaxDays > PASSWORD_MAX_AGE_DAYS) problems.push(`maximum age ${p.passMaxDays ?? 'unset'} days (> ${PASSWORD_MAX_AGE_DAYS})`);
      return problems.length ? { status: 'fail', detail: problems.join('; ') } : { status: 'pass', detail: `Minimum length ${p.minLength}, maximum age ${p.passMaxDays} days` };
    }
    case 'admin_accounts': {
      const a = r.adminAccounts;
      if (!a.known) return { status: 'unknown', detail: a.detail || 'Accounts not readable' };
      const uidZero = a.accounts.filter((x) => x.uidZero).map((x) => x.name);
      const admins = a.accounts.filter((x) => x.groups.length > 0).length;
      if (uidZero.length) return { status: 'fail', detail: `uid 0 besides root: ${uidZero.join(', ')}` };
      return admins <= MAX_ADMIN_ACCOUNTS ? { status: 'pass', detail: `${admins} admin account(s)` } : { status: 'fail', detail: `${admins} admin accounts (more than ${MAX_ADMIN_ACCOUNTS})` };
    }
    case 'ssh_root_login': {
      const s = r.sshd;
      if (!s.installed) return { status: 'pass', detail: 'No SSH server installed' };
      if (!s.known || !s.permitRootLogin) return { status: 'unknown', detail: s.detail || 'sshd_config not readable' };
      return s.permitRootLogin === 'no' ? { status: 'pass', detail: 'PermitRootLogin no' } : { status: 'fail', detail: `PermitRootLogin ${s.permitRootLogin}` };
    }
  }
}

export function signatureAgeDays(updatedAt: string | null, now: Date): number | null {
  if (!updatedAt) return null;
  return Math.max(0, (now.getTime() - new Date(updatedAt).getTime()) / 86_400_000);
}

export function scoreDevice(r: TSecurityReport, pendingSecurityUpdates: number | null, settings: CheckSettings, now = new Date()): { score: number | null; checks: CheckOutcome[] } {
  let earned = 0;
  let possible = 0;
  const checks = (Object.keys(DEFAULT_WEIGHTS) as SecurityCheckKey[]).map((key) => {
    const { status, detail } = decideCheck(key, r, pendingSecurityUpdates, now);
    const { enabled, weight } = settings[key];
    const counts = enabled && status !== 'unknown';
    if (counts) possible += weight;
    if (counts && status === 'pass') earned += weight;
    return { key, label: CHECK_INFO[key].label, status, detail, enabled, weight, points: counts && status === 'pass' ? weight : 0 };
  });
  return { score: possible > 0 ? Math.round((100 * earned) / possible) : null, checks };
}
