import { describe, expect, it } from 'vitest';
import { compareVersions } from '@/lib/policies/posture-checks';
import { ZCreatePolicy } from '@/lib/policies/schemas';

describe('compareVersions', () => {
  it('compares dotted parts numerically and pads missing parts with zero', () => {
    expect(compareVersions('1.10', '1.9')).toBe(1);
    expect(compareVersions('3.0', '3.0.0')).toBe(0);
    expect(compareVersions('1.1.1', '3.0')).toBe(-1);
    expect(compareVersions('2.0-beta', '2.0-alpha')).toBe(1);
  });
});

describe('ZCreatePolicy', () => {
  it('takes server and agent checks and fills defaults', () => {
    const parsed = ZCreatePolicy.parse({
      name: 'Baseline',
      checks: [
        { id: 'ssl', kind: 'software_required', name: 'openssl', version: { op: '>=', version: '3' } },
        { id: 'svc', kind: 'service_running', name: 'sshd' },
        { id: 'fix', kind: 'script', check: { interpreter: 'bash', script: 'exit 0' }, remediation: { interpreter: 'bash', script: 'true' } },
      ],
    });
    expect(parsed).toMatchObject({ active: true, settings: {}, assignments: [] });
    expect(parsed.checks[2]).toMatchObject({ check: { timeoutSeconds: 60 } });
  });

  it('refuses unknown settings, duplicate check ids and duplicate targets', () => {
    expect(ZCreatePolicy.safeParse({ name: 'x', settings: { color: 'red' } }).success).toBe(false);
    expect(ZCreatePolicy.safeParse({ name: 'x', checks: [{ id: 'a', kind: 'file_exists', path: '/a' }, { id: 'a', kind: 'file_exists', path: '/b' }] }).success).toBe(false);
    const t = { targetType: 'device', targetId: '6f1c1c1e-1111-4111-8111-111111111111' };
    expect(ZCreatePolicy.safeParse({ name: 'x', assignments: [t, t] }).success).toBe(false);
    expect(ZCreatePolicy.safeParse({ name: 'x', checks: [{ id: `${'a'.repeat(61)}`, kind: 'file_exists', path: '/a' }] }).success).toBe(false);
  });
});
