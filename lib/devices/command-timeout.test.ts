import { describe, expect, it } from 'vitest';
import { commandTimeoutSeconds } from '@/lib/devices/command-schemas';

describe('commandTimeoutSeconds', () => {
  it('gives a policy check the time of its scripts, remediation and re-check included', () => {
    const script = (t: number, remediation?: number) => ({ id: `s${t}`, kind: 'script', check: { interpreter: 'bash', script: 'true', timeoutSeconds: t }, ...(remediation ? { remediation: { interpreter: 'bash', script: 'true', timeoutSeconds: remediation } } : {}) });
    expect(commandTimeoutSeconds('policy_check', { checks: [{ id: 'f', kind: 'file_exists', path: '/etc/hosts' }] })).toBe(300);
    expect(commandTimeoutSeconds('policy_check', { checks: [script(600, 600), script(120)] })).toBe(60 + 2 * 600 + 600 + 120);
    expect(commandTimeoutSeconds('policy_check', { checks: 'nonsense' })).toBe(300);
  });

  it('keeps the other types as they were', () => {
    expect(commandTimeoutSeconds('run_script', { timeoutSeconds: 42 })).toBe(42);
    expect(commandTimeoutSeconds('software_install', {})).toBe(3600);
    expect(commandTimeoutSeconds('refresh_inventory', {})).toBe(300);
  });
});
