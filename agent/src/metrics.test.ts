import { describe, expect, it } from 'vitest';
import { collectMetrics, CpuMeter, filesystems, memory } from './metrics';

describe('host metrics', () => {
  it('reads real memory and disk figures of this machine', () => {
    const mem = memory();
    expect(mem.totalBytes).toBeGreaterThan(0);
    expect(mem.usedBytes).toBeLessThanOrEqual(mem.totalBytes);
    const disks = filesystems();
    expect(disks.length).toBeGreaterThan(0);
    expect(disks[0].totalBytes).toBeGreaterThan(0);
  });

  it('collects a heartbeat with percentages in range', async () => {
    const m = await collectMetrics(new CpuMeter());
    for (const v of [m.cpuPercent, m.memoryPercent, m.diskPercent!]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(100);
    }
    if (process.platform === 'linux') expect(m.processCount).toBeGreaterThan(0);
  });
});
