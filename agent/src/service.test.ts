import { describe, expect, it } from 'vitest';
import { describePlan, installPlan } from './service';

describe('service install plan', () => {
  it('on Linux: a systemd unit running `run` with the data dir and allow flags', () => {
    if (process.platform !== 'linux') return;
    const plan = installPlan('/var/lib/rmm agent', ['--allow-reboot']);
    expect(plan.files[0].path).toBe('/etc/systemd/system/rmm-agent.service');
    expect(plan.files[0].content).toMatch(/^ExecStart=.* run --data-dir "\/var\/lib\/rmm agent" --allow-reboot$/m);
    expect(plan.files[0].content).toContain('WantedBy=multi-user.target');
    expect(plan.commands).toEqual([['systemctl', 'daemon-reload'], ['systemctl', 'enable', '--now', 'rmm-agent']]);
    expect(describePlan(plan)).toContain('would run: systemctl enable --now rmm-agent');
  });
});
