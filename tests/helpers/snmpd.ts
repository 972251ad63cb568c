// A real Net-SNMP agent (Debian's snmpd) for tests: loopback, a free high UDP port, a v2c
// read-only community and a v3 authPriv user written into a config of its own, state in a
// temporary directory. Needs the `snmpd` package (installed by .ci/run).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createSocket } from 'node:dgram';
import { tmpdir } from 'node:os';
import path from 'node:path';
import snmp from 'net-snmp';

export interface Snmpd {
  port: number;
  community: string;
  v3: { username: string; authKey: string; privKey: string };
  stop: () => Promise<void>;
}

async function freeUdpPort(): Promise<number> {
  const sock = createSocket('udp4');
  await new Promise<void>((resolve) => sock.bind(0, '127.0.0.1', resolve));
  const { port } = sock.address();
  await new Promise<void>((resolve) => sock.close(() => resolve()));
  return port;
}

/** Waits until the agent answers a v2c GET of sysName, or fails after `ms`. */
async function waitForAgent(port: number, community: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = snmp.createSession('127.0.0.1', community, { port, timeout: 300, retries: 0, version: snmp.Version2c });
      s.on('error', () => undefined);
      s.get(['1.3.6.1.2.1.1.5.0'], (error) => {
        s.close();
        resolve(!error);
      });
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`snmpd did not answer on udp ${port}`);
  }
}

export async function startSnmpd(opts: { sysName?: string } = {}): Promise<Snmpd> {
  const dir = mkdtempSync(path.join(tmpdir(), 'snmpd-'));
  const port = await freeUdpPort();
  const community = 'rmm-test-community';
  const v3 = { username: 'rmmv3', authKey: 'auth-pass-123', privKey: 'priv-pass-456' };
  const conf = path.join(dir, 'snmpd.conf');
  writeFileSync(
    conf,
    [
      `agentAddress udp:127.0.0.1:${port}`,
      `persistentDir ${dir}`,
      `rocommunity ${community} 127.0.0.1`,
      `createUser ${v3.username} SHA "${v3.authKey}" AES "${v3.privKey}"`,
      `rouser ${v3.username} priv`,
      `sysName ${opts.sysName ?? 'rmm-snmp-test'}`,
      'sysLocation test rack',
      'master no',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('/usr/sbin/snmpd', ['-f', '-Lf', path.join(dir, 'snmpd.log'), '-C', '-c', conf, '-p', path.join(dir, 'snmpd.pid')], {
    stdio: 'ignore',
    env: { ...process.env, SNMP_PERSISTENT_DIR: dir, MIBS: '' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForAgent(port, community, 15_000);
  return {
    port,
    community,
    v3,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
