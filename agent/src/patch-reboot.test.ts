import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRebootBehavior, rebootCommand, scheduleReboot, shouldReboot } from './patch-reboot';

describe('shouldReboot', () => {
  it.each([
    ['never', true, true, false],
    ['never', true, false, false],
    ['if_required', true, true, true],
    ['if_required', true, false, false],
    ['always', true, false, true],
    ['always', true, true, true],
    ['always', false, true, false],
    ['if_required', false, true, false],
  ] as const)('%s, installed %s, required %s → %s', (behavior, installed, required, expected) => {
    expect(shouldReboot(behavior, installed, required)).toBe(expected);
  });
});

describe('readRebootBehavior', () => {
  it('takes the known values and reads anything else as never', () => {
    expect(readRebootBehavior('always')).toBe('always');
    expect(readRebootBehavior('if_required')).toBe('if_required');
    expect(readRebootBehavior('never')).toBe('never');
    expect(readRebootBehavior(undefined)).toBe('never');
    expect(readRebootBehavior('soon')).toBe('never');
  });
});

describe('rebootCommand', () => {
  it('defaults to systemctl reboot a minute later on Linux', () => {
    if (process.platform === 'linux') expect(rebootCommand({})).toEqual({ command: 'systemctl reboot', delaySeconds: 60 });
  });
  it('takes the command and delay from the environment', () => {
    expect(rebootCommand({ AGENT_REBOOT_COMMAND: 'touch /tmp/x', AGENT_REBOOT_DELAY_SECONDS: '0' })).toEqual({ command: 'touch /tmp/x', delaySeconds: 0 });
    expect(rebootCommand({ AGENT_REBOOT_DELAY_SECONDS: 'soon' }).delaySeconds).toBe(60);
  });
});

describe.skipIf(process.platform === 'win32')('scheduleReboot', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-reboot-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the configured command detached', async () => {
    const marker = path.join(dir, 'rebooted');
    scheduleReboot({ AGENT_REBOOT_COMMAND: `touch '${marker}'`, AGENT_REBOOT_DELAY_SECONDS: '0' });
    await expect.poll(() => existsSync(marker), { timeout: 10_000 }).toBe(true);
  });
});
