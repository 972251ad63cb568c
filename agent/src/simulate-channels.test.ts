import { describe, expect, it } from 'vitest';
import { SimulatedMachine, simulatedToolHandlers } from './simulate-channels';

describe('simulated machine', () => {
  it('lists a process table of a busy server’s size, the same processes from one read to the next', () => {
    const machine = new SimulatedMachine(7);
    const first = machine.processes();
    expect(first.length).toBeGreaterThan(250);
    expect(JSON.stringify({ processes: first, sampledMs: 250 }).length).toBeGreaterThan(55_000);
    expect(new Set(first.map((p) => p.pid)).size).toBe(first.length);
    expect(machine.processes().map((p) => [p.pid, p.commandLine])).toEqual(first.map((p) => [p.pid, p.commandLine]));
    // Another device booted at another time.
    expect(new SimulatedMachine(8).processes()[0].startedAt).not.toBe(first[0].startedAt);
  });

  it('forgets a killed process and refuses what the real agent refuses', () => {
    const machine = new SimulatedMachine(1);
    const victim = machine.processes().find((p) => p.name === 'nginx')!;
    expect(machine.kill(victim.pid, 'SIGTERM')).toEqual({ pid: victim.pid, signal: 'SIGTERM', delivered: true });
    expect(() => machine.process(victim.pid)).toThrow(expect.objectContaining({ code: 'PROCESS_NOT_FOUND' }));
    expect(() => machine.kill(1, 'SIGTERM')).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST' }));
    expect(() => machine.kill(victim.pid + 1, 'SIGNOPE')).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST' }));
    // A signal that does not end a process leaves it listed.
    const other = machine.processes().find((p) => p.name === 'cron')!;
    machine.kill(other.pid, 'SIGHUP');
    expect(machine.process(other.pid).pid).toBe(other.pid);
  });

  it('stops and starts services, and counts what it answered', async () => {
    const answered = new Map<string, number>();
    const handlers = simulatedToolHandlers(new SimulatedMachine(2), answered);
    const signal = new AbortController().signal;
    expect(await handlers['services.action']({ name: 'ssh', action: 'stop' }, signal)).toMatchObject({ name: 'ssh.service', activeState: 'inactive', mainPid: null });
    expect(await handlers['services.action']({ name: 'ssh.service', action: 'start' }, signal)).toMatchObject({ activeState: 'active' });
    await expect(handlers['services.get']({ name: 'nosuch' }, signal)).rejects.toMatchObject({ code: 'SERVICE_NOT_FOUND' });
    expect(answered).toEqual(new Map([['services.action', 2], ['services.get', 1]]));
  });
});
