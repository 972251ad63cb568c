import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePasswd, parseProcStat } from './processes';
import { parseListUnits, parseShow, parseUnitFiles, serviceDetail, serviceUnit } from './services';
import { reconnectDelay, channelUrl } from '../../channel';

function systemctlOutput(args: string[]): string | null {
  try {
    return execFileSync('systemctl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

describe('/proc parsing', () => {
  it('reads this very process’s stat, whose name may hold spaces and parentheses', () => {
    const own = parseProcStat(readFileSync('/proc/self/stat', 'utf8'))!;
    expect(own.pid).toBeGreaterThan(0);
    expect(own.rssPages).toBeGreaterThan(0);
    const odd = parseProcStat('42 (my (odd) name) S 1 42 42 0 -1 4194560 1 0 0 0 7 3 0 0 20 0 5 0 1234 1000 300 18446744073709551615')!;
    expect(odd).toMatchObject({ pid: 42, comm: 'my (odd) name', state: 'S', ppid: 1, cpuTicks: 10, threads: 5, startTicks: 1234, rssPages: 300 });
    expect(parseProcStat('garbage')).toBeNull();
  });

  it('maps uids to names from /etc/passwd', () => {
    expect(parsePasswd(readFileSync('/etc/passwd', 'utf8')).get(0)).toBe('root');
  });
});

describe('systemctl parsing', () => {
  it('reads list-units lines, failed units with their bullet included', () => {
    const units = parseListUnits(
      ['cron.service  loaded active running Regular background program processing daemon', '● nginx.service loaded failed failed A high performance web server', 'not a unit line'].join('\n'),
    );
    expect(units).toEqual([
      { name: 'cron.service', loadState: 'loaded', activeState: 'active', subState: 'running', description: 'Regular background program processing daemon' },
      { name: 'nginx.service', loadState: 'loaded', activeState: 'failed', subState: 'failed', description: 'A high performance web server' },
    ]);
  });

  it('reads list-unit-files from the real systemctl of this machine (it works without a running systemd)', () => {
    const real = systemctlOutput(['list-unit-files', '--type=service', '--no-legend', '--no-pager']);
    const states = parseUnitFiles(real ?? 'cron.service enabled enabled\nfoo@.service static -\n');
    expect(states.size).toBeGreaterThan(0);
    for (const state of states.values()) expect(state).toMatch(/^[a-z-]+$/);
  }, 30_000);

  it('reads systemctl show properties into the service detail', () => {
    const d = serviceDetail(
      parseShow('Id=cron.service\nDescription=cron daemon\nLoadState=loaded\nActiveState=active\nSubState=running\nUnitFileState=enabled\nMainPID=812\nActiveEnterTimestamp=Fri 2026-11-27 09:12:03 UTC\nFragmentPath=/lib/systemd/system/cron.service\nUser=\nRestart=on-failure\nMemoryCurrent=18446744073709551615\n'),
    );
    expect(d).toMatchObject({ name: 'cron.service', mainPid: 812, unitFileState: 'enabled', user: null, restart: 'on-failure', memoryBytes: null, activeSince: '2026-11-27T09:12:03.000Z' });
  });

  it('takes unit names only, never something systemctl would read as an option', () => {
    expect(serviceUnit('nginx')).toBe('nginx.service');
    expect(serviceUnit('getty@tty1.service')).toBe('getty@tty1.service');
    expect(() => serviceUnit('--now')).toThrow(/Invalid/);
    expect(() => serviceUnit('a b')).toThrow(/Invalid/);
  });
});

describe('channel reconnection', () => {
  it('backs off exponentially with jitter, capped', () => {
    expect(reconnectDelay(0, 1000, 60_000, () => 0)).toBe(500);
    expect(reconnectDelay(0, 1000, 60_000, () => 1)).toBe(1000);
    expect(reconnectDelay(3, 1000, 60_000, () => 0.5)).toBe(6000);
    expect(reconnectDelay(50, 1000, 60_000, () => 1)).toBe(60_000);
    expect(reconnectDelay(50, 1000, 60_000, () => 0)).toBe(30_000);
  });

  it('derives the WebSocket address from the server address', () => {
    expect(channelUrl('https://rmm.example.com')).toBe('wss://rmm.example.com/api/v1/agents/channel');
    expect(channelUrl('http://127.0.0.1:3000/')).toBe('ws://127.0.0.1:3000/api/v1/agents/channel');
  });
});
