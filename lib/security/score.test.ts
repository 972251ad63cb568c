import { describe, expect, it } from 'vitest';
import { ZSecurityReport } from '@/lib/security/posture-schemas';
import { DEFAULT_WEIGHTS, effectiveSettings, scoreDevice } from '@/lib/security/score';

const now = new Date('2026-11-27T12:00:00Z');
const report = (over: Record<string, unknown> = {}) =>
  ZSecurityReport.parse({
    firewall: { status: 'active', backend: 'ufw', defaultInputPolicy: 'drop' },
    encryption: { status: 'encrypted', rootEncrypted: true },
    antivirus: { installed: true, product: 'clamav', signatureUpdatedAt: '2026-11-26T00:00:00Z' },
    passwordPolicy: { known: true, minLength: 14, passMaxDays: 90 },
    adminAccounts: { known: true, accounts: [{ name: 'alice', groups: ['sudo'], uidZero: false }] },
    sshd: { installed: true, known: true, permitRootLogin: 'no' },
    ...over,
  });

describe('security score', () => {
  it('default weights add up to 100', () => {
    expect(Object.values(DEFAULT_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('is 100 when every check passes', () => {
    expect(scoreDevice(report(), 0, effectiveSettings(null), now).score).toBe(100);
  });

  it('loses exactly the weight of failed checks', () => {
    const r = report({ firewall: { status: 'inactive' }, sshd: { installed: true, known: true, permitRootLogin: 'yes' } });
    const { score, checks } = scoreDevice(r, 2, effectiveSettings(null), now);
    // firewall 20 + ssh 10 + security updates 15 fail
    expect(score).toBe(55);
    expect(checks.find((c) => c.key === 'security_updates')).toMatchObject({ status: 'fail', detail: '2 pending security updates', points: 0 });
  });

  it('leaves unknown checks out of both sums', () => {
    const r = report({ firewall: { status: 'unknown' }, encryption: { status: 'unknown' } });
    // 60 decided points, all passing except security updates unknown too (no scan): 45 of 45.
    const { score, checks } = scoreDevice(r, null, effectiveSettings(null), now);
    expect(score).toBe(100);
    expect(checks.filter((c) => c.status === 'unknown').map((c) => c.key).sort()).toEqual(['disk_encryption', 'firewall_enabled', 'security_updates']);
    const half = scoreDevice(report({ firewall: { status: 'unknown' }, encryption: { status: 'unencrypted' } }), null, effectiveSettings(null), now);
    expect(half.score).toBe(Math.round((100 * 45) / 65));
  });

  it('fails stale signatures, weak passwords, extra uid-0 accounts', () => {
    const r = report({
      antivirus: { installed: true, signatureUpdatedAt: '2026-11-01T00:00:00Z' },
      passwordPolicy: { known: true, minLength: 8, passMaxDays: 99999 },
      adminAccounts: { known: true, accounts: [{ name: 'toor', groups: [], uidZero: true }] },
    });
    const { checks } = scoreDevice(r, 0, effectiveSettings(null), now);
    const status = Object.fromEntries(checks.map((c) => [c.key, c.status]));
    expect(status).toMatchObject({ antivirus_current: 'fail', password_policy: 'fail', admin_accounts: 'fail', ssh_root_login: 'pass' });
  });

  it('follows the policy: disabled checks do not count, weights change the result', () => {
    const r = report({ firewall: { status: 'inactive' } });
    expect(scoreDevice(r, 0, effectiveSettings({ firewall_enabled: { enabled: false } }), now).score).toBe(100);
    expect(scoreDevice(r, 0, effectiveSettings({ firewall_enabled: { weight: 80 } }), now).score).toBe(Math.round((100 * 80) / 160));
  });

  it('has no score when nothing could be decided', () => {
    const r = report({
      firewall: { status: 'unknown' },
      encryption: { status: 'unknown' },
      passwordPolicy: { known: false },
      adminAccounts: { known: false },
      sshd: { installed: true, known: false },
    });
    expect(scoreDevice(r, null, effectiveSettings({ antivirus_current: { enabled: false } }), now).score).toBeNull();
  });
});
