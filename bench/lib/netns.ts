// Network namespaces for the multi-box simulation (scenario 15): a bridge in the bench's own
// namespace and one namespace per app process, each joined to the bridge by a veth pair. A
// process in a namespace has its own loopback and ports and reaches nothing of this machine but
// the bridge: PostgreSQL and the webhook receiver listen on the bridge address, the load
// generator connects to each web process at its namespace's address. So the processes share the
// database and nothing else, as on separate boxes. Needs root (CAP_NET_ADMIN); names carry the
// bench's pid so two benches on one machine do not collide.
import { execFileSync } from 'node:child_process';

export interface BenchNetwork {
  /** The bridge's address in the bench's namespace (PostgreSQL, the webhook receiver). */
  hostAddress: string;
  /** The /24 the namespaces are in (for pg_hba). */
  cidr: string;
  /** Makes namespace `index` (1-based) and answers its address. */
  addNamespace(index: number): string;
  /** The command prefix that runs a program inside namespace `index`. */
  execPrefix(index: number): string[];
  /** Removes the namespaces and the bridge. */
  teardown(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** Whether this process may make namespaces (root with iproute2). */
export function namespacesAvailable(): string | null {
  if (process.getuid?.() !== 0) return 'network namespaces need root';
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'iproute2 (`ip netns`) is not available';
  }
}

/** A /24 in 10.213.0.0/16 that no route of this machine uses yet. */
function freeSubnet(): number {
  const routes = execFileSync('ip', ['-4', 'route', 'show'], { encoding: 'utf8' });
  for (let i = 0; i < 256; i++) {
    const third = (process.pid + i) % 256;
    if (!routes.includes(`10.213.${third}.`)) return third;
  }
  throw new Error('no free 10.213.x.0/24 for the bench network');
}

export function createNetwork(): BenchNetwork {
  const tag = String(process.pid % 100_000);
  const bridge = `rmmb${tag}`;
  const third = freeSubnet();
  const hostAddress = `10.213.${third}.1`;
  const made: string[] = [];
  const nsName = (index: number) => `rmmb${tag}-${index}`;
  const teardown = () => {
    for (const ns of made.splice(0)) {
      try {
        ip('netns', 'del', ns);
      } catch {
        // already gone
      }
    }
    try {
      ip('link', 'del', bridge);
    } catch {
      // already gone
    }
  };
  ip('link', 'add', bridge, 'type', 'bridge');
  try {
    ip('addr', 'add', `${hostAddress}/24`, 'dev', bridge);
    ip('link', 'set', bridge, 'up');
  } catch (error) {
    teardown();
    throw error;
  }
  // A bench that dies without its finally (a crash) still leaves no interfaces behind.
  process.once('exit', teardown);
  return {
    hostAddress,
    cidr: `10.213.${third}.0/24`,
    addNamespace(index) {
      const ns = nsName(index);
      const address = `10.213.${third}.${10 + index}`;
      const hostEnd = `rmmv${tag}h${index}`;
      ip('netns', 'add', ns);
      made.push(ns);
      ip('link', 'add', hostEnd, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns);
      ip('link', 'set', hostEnd, 'master', bridge);
      ip('link', 'set', hostEnd, 'up');
      ip('-n', ns, 'link', 'set', 'lo', 'up');
      ip('-n', ns, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
      ip('-n', ns, 'link', 'set', 'eth0', 'up');
      ip('-n', ns, 'route', 'add', 'default', 'via', hostAddress);
      return address;
    },
    execPrefix: (index) => ['ip', 'netns', 'exec', nsName(index)],
    teardown() {
      process.off('exit', teardown);
      teardown();
    },
  };
}
