// Live channels for `simulate --channels`: every virtual device keeps the agent's own channel
// (AgentChannel: its frames, request ids, reconnection and streams) open to the server and answers
// system tools from a simulated machine: a process table the size of a busy server's (~270
// processes, ~60 KB of JSON, CPU figures that move between reads) and systemd-like services.
// Killing a process removes it and a service action changes its state, per device. The tables are
// built when asked, from one template and the device's number, so 10,000 devices cost little
// memory in this process. A wake frame makes the device heartbeat at once and claim its command,
// as the real agent does.
import { AgentChannel, ToolError, type ChannelHandler } from './channel';
import { KILL_SIGNALS, type ProcessInfo } from './os/linux/processes';
import type { ServiceDetail } from './os/linux/services';

/** [name, user, command line, resident MiB, threads, instances] of a typical Linux server's processes. */
const PROGRAMS: [string, string, string, number, number, number][] = [
  ['systemd', 'root', '/sbin/init splash', 12, 1, 1],
  ['kthreadd', 'root', '', 0, 1, 1],
  ['kworker/{i}:0-events', 'root', '', 0, 1, 64],
  ['ksoftirqd/{i}', 'root', '', 0, 1, 32],
  ['migration/{i}', 'root', '', 0, 1, 32],
  ['rcu_preempt', 'root', '', 0, 1, 1],
  ['systemd-journald', 'root', '/lib/systemd/systemd-journald', 48, 1, 1],
  ['systemd-udevd', 'root', '/lib/systemd/systemd-udevd', 9, 1, 1],
  ['systemd-resolved', 'systemd-resolve', '/lib/systemd/systemd-resolved', 13, 1, 1],
  ['systemd-timesyncd', 'systemd-timesync', '/lib/systemd/systemd-timesyncd', 7, 2, 1],
  ['systemd-logind', 'root', '/lib/systemd/systemd-logind', 8, 1, 1],
  ['dbus-daemon', 'messagebus', '/usr/bin/dbus-daemon --system --address=systemd: --nofork --nopidfile --systemd-activation --syslog-only', 6, 1, 1],
  ['rsyslogd', 'syslog', '/usr/sbin/rsyslogd -n -iNONE', 5, 4, 1],
  ['cron', 'root', '/usr/sbin/cron -f -P', 3, 1, 1],
  ['sshd', 'root', 'sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups', 9, 1, 1],
  ['sshd', 'admin', 'sshd: admin@pts/{i}', 7, 1, 3],
  ['bash', 'admin', '-bash', 5, 1, 3],
  ['nginx', 'root', 'nginx: master process /usr/sbin/nginx -g daemon on; master_process on;', 4, 1, 1],
  ['nginx', 'www-data', 'nginx: worker process', 9, 1, 16],
  ['php-fpm8.2', 'www-data', 'php-fpm: pool www', 38, 1, 24],
  ['postgres', 'postgres', '/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main -c config_file=/etc/postgresql/15/main/postgresql.conf', 210, 1, 1],
  ['postgres', 'postgres', 'postgres: 15/main: app appdb 10.0.4.{i}(5{i}432) idle', 24, 1, 50],
  ['redis-server', 'redis', '/usr/bin/redis-server 127.0.0.1:6379', 14, 5, 1],
  ['node', 'app', 'node /srv/app/dist/server.js --port 30{i}0', 160, 11, 8],
  ['java', 'elastic', '/usr/share/elasticsearch/jdk/bin/java -Xms2g -Xmx2g -XX:+UseG1GC -Des.path.home=/usr/share/elasticsearch -cp /usr/share/elasticsearch/lib/* org.elasticsearch.bootstrap.Elasticsearch', 2300, 84, 1],
  ['containerd', 'root', '/usr/bin/containerd', 52, 18, 1],
  ['containerd-shim', 'root', '/usr/bin/containerd-shim-runc-v2 -namespace moby -id 3f9{i}c0e1a7d2 -address /run/containerd/containerd.sock', 11, 10, 12],
  ['dockerd', 'root', '/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock', 96, 22, 1],
  ['agetty', 'root', '/sbin/agetty -o -p -- \\u --noclear tty1 linux', 2, 1, 1],
  ['polkitd', 'polkitd', '/usr/libexec/polkitd --no-debug', 9, 3, 1],
  ['snmpd', 'Debian-snmp', '/usr/sbin/snmpd -LOw -u Debian-snmp -g Debian-snmp -I -smux mteTrigger mteTriggerConf -f -p /run/snmpd.pid', 8, 1, 1],
  ['rmm-agent', 'root', '/opt/rmm-agent/rmm-agent run', 64, 11, 1],
  ['unattended-upgr', 'root', '/usr/bin/python3 /usr/share/unattended-upgrades/unattended-upgrade-shutdown --wait-for-signal', 22, 2, 1],
];

const SERVICES: [string, string][] = [
  ['ssh.service', 'OpenBSD Secure Shell server'],
  ['cron.service', 'Regular background program processing daemon'],
  ['nginx.service', 'A high performance web server and a reverse proxy server'],
  ['php8.2-fpm.service', 'The PHP 8.2 FastCGI Process Manager'],
  ['postgresql@15-main.service', 'PostgreSQL Cluster 15-main'],
  ['redis-server.service', 'Advanced key-value store'],
  ['docker.service', 'Docker Application Container Engine'],
  ['containerd.service', 'containerd container runtime'],
  ['elasticsearch.service', 'Elasticsearch'],
  ['rsyslog.service', 'System Logging Service'],
  ['snmpd.service', 'Simple Network Management Protocol (SNMP) Daemon.'],
  ['systemd-journald.service', 'Journal Service'],
  ['systemd-resolved.service', 'Network Name Resolution'],
  ['systemd-timesyncd.service', 'Network Time Synchronization'],
  ['unattended-upgrades.service', 'Unattended Upgrades Shutdown'],
  ['rmm-agent.service', 'RMM agent'],
];

const GIB = 1024 ** 3;

/** A small deterministic generator (mulberry32), so a device's table is the same from one read to the next. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One virtual device's machine: only what its technician changed is stored. */
export class SimulatedMachine {
  private readonly bootedAt: number;
  private readonly memoryBytes: number;
  private killed: Set<number> | null = null;
  private stopped: Set<string> | null = null;

  constructor(private readonly index: number) {
    const random = generator(index + 1);
    this.bootedAt = Date.now() - Math.round((1 + random() * 90) * 86_400_000);
    this.memoryBytes = (8 + Math.floor(random() * 4) * 8) * GIB;
  }

  processes(): ProcessInfo[] {
    const random = generator(this.index * 7919 + 1);
    // CPU figures move between reads, as a sampled table's do.
    const jitter = generator((Date.now() / 1000) ^ this.index);
    const out: ProcessInfo[] = [];
    let pid = 1;
    for (const [name, user, commandLine, mib, threads, instances] of PROGRAMS) {
      for (let i = 0; i < instances; i++) {
        const startedAt = new Date(this.bootedAt + Math.round(random() * 3_600_000 * (pid === 1 ? 0 : 24))).toISOString();
        const current = pid;
        pid += pid < 400 ? 1 : 1 + Math.floor(random() * 40);
        if (this.killed?.has(current)) continue;
        const bytes = Math.round(mib * (0.8 + random() * 0.4) * 1024 * 1024);
        const busy = commandLine && jitter() < 0.15;
        out.push({
          pid: current,
          ppid: current === 1 ? 0 : commandLine ? 1 : 2,
          name: name.replace('{i}', String(i)),
          user,
          uid: user === 'root' ? 0 : 100 + (name.length % 900),
          state: busy ? 'R' : commandLine ? 'S' : 'I',
          cpuPercent: busy ? Math.round(jitter() * 4000) / 100 : 0,
          memoryBytes: bytes,
          memoryPercent: Math.round((bytes / this.memoryBytes) * 10_000) / 100,
          threads,
          startedAt,
          commandLine: commandLine ? commandLine.replaceAll('{i}', String(i)) : `[${name.replace('{i}', String(i))}]`,
        });
      }
    }
    return out;
  }

  process(pid: number): ProcessInfo {
    const found = this.processes().find((p) => p.pid === pid);
    if (!found) throw new ToolError('PROCESS_NOT_FOUND', `No process ${pid}`);
    return found;
  }

  kill(pid: number, signal: string): { pid: number; signal: string; delivered: true } {
    if (pid <= 1) throw new ToolError('INVALID_REQUEST', 'pid must be an integer above 1');
    if (!(KILL_SIGNALS as readonly string[]).includes(signal)) throw new ToolError('INVALID_REQUEST', `signal must be one of ${KILL_SIGNALS.join(', ')}`);
    this.process(pid);
    if (['SIGTERM', 'SIGKILL', 'SIGINT', 'SIGQUIT'].includes(signal)) (this.killed ??= new Set()).add(pid);
    return { pid, signal, delivered: true };
  }

  service(name: string): ServiceDetail {
    const unit = name.includes('.') ? name : `${name}.service`;
    const found = SERVICES.find(([n]) => n === unit);
    if (!found) throw new ToolError('SERVICE_NOT_FOUND', `Unit ${unit} not found`);
    const running = !this.stopped?.has(unit);
    const mainPid = running ? 400 + SERVICES.indexOf(found) * 7 : null;
    return {
      name: unit,
      description: found[1],
      loadState: 'loaded',
      activeState: running ? 'active' : 'inactive',
      subState: running ? 'running' : 'dead',
      unitFileState: 'enabled',
      mainPid,
      activeSince: running ? new Date(this.bootedAt).toISOString() : null,
      fragmentPath: `/lib/systemd/system/${unit}`,
      user: null,
      restart: 'on-failure',
      memoryBytes: running ? 20 * 1024 * 1024 : null,
    };
  }

  services() {
    return { services: SERVICES.map(([name]) => this.service(name)).map(({ name, description, loadState, activeState, subState, unitFileState }) => ({ name, description, loadState, activeState, subState, unitFileState })) };
  }

  serviceAction(name: string, action: string): ServiceDetail {
    const unit = this.service(name).name;
    if (action === 'stop') (this.stopped ??= new Set()).add(unit);
    else if (action === 'start' || action === 'restart') this.stopped?.delete(unit);
    else throw new ToolError('INVALID_REQUEST', `Unknown action ${action}`);
    return this.service(unit);
  }
}

function intParam(params: Record<string, unknown>, name: string): number {
  const n = Number(params[name]);
  if (!Number.isInteger(n) || n < 0) throw new ToolError('INVALID_REQUEST', `${name} must be a non-negative integer`);
  return n;
}

function textParam(params: Record<string, unknown>, name: string): string {
  if (typeof params[name] !== 'string' || !params[name]) throw new ToolError('INVALID_REQUEST', `${name} is required`);
  return params[name];
}

/** The system tools a simulated device answers; every other op is refused as unknown, as an older agent would. */
export function simulatedToolHandlers(machine: SimulatedMachine, answered: Map<string, number>): Record<string, ChannelHandler> {
  const count =
    (op: string, fn: ChannelHandler): ChannelHandler =>
    async (params, signal) => {
      answered.set(op, (answered.get(op) ?? 0) + 1);
      return fn(params, signal);
    };
  return {
    'processes.list': count('processes.list', async () => ({ processes: machine.processes(), sampledMs: 250 })),
    'processes.get': count('processes.get', async (p) => machine.process(intParam(p, 'pid'))),
    'processes.kill': count('processes.kill', async (p) => machine.kill(intParam(p, 'pid'), typeof p.signal === 'string' ? p.signal : 'SIGTERM')),
    'services.list': count('services.list', async () => machine.services()),
    'services.get': count('services.get', async (p) => machine.service(textParam(p, 'name'))),
    'services.action': count('services.action', async (p) => machine.serviceAction(textParam(p, 'name'), textParam(p, 'action'))),
  };
}

export interface ChannelFleet {
  channels: AgentChannel[];
  answered: Map<string, number>;
  open(): number;
  stop(): void;
}

/**
 * Opens one channel per device, in batches (as a fleet reconnecting after a server restart
 * would, without a thundering herd of handshakes). `onWake(i)`: device i was told a command is
 * waiting.
 */
export async function openChannels(server: string, devices: { token: string }[], onWake: (index: number) => void): Promise<ChannelFleet> {
  const answered = new Map<string, number>();
  const channels: AgentChannel[] = [];
  for (let i = 0; i < devices.length; i++) {
    const channel = new AgentChannel({
      server,
      token: devices[i].token,
      handlers: simulatedToolHandlers(new SimulatedMachine(i), answered),
      onWake: () => onWake(i),
      baseDelayMs: 2000,
      maxDelayMs: 30_000,
    });
    channels.push(channel);
    channel.start();
    if (i % 200 === 199) await new Promise((r) => setTimeout(r, 100));
  }
  return {
    channels,
    answered,
    open: () => channels.reduce((n, c) => n + (c.connected ? 1 : 0), 0),
    stop: () => channels.forEach((c) => c.stop()),
  };
}
