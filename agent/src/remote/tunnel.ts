// Tunnel streams: a TCP connection from the device to a target the server asked for (the web UI
// of a printer or switch). The agent applies its own address rules, whatever the server says:
// the device itself (loopback and its own addresses) and, when the scope is `lan`, addresses
// inside the subnets of its own interfaces. A name is resolved here and the connection goes to
// the address that was checked (no second lookup a DNS answer could change).
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import os from 'node:os';
import { ToolError, type StreamOpener } from '../channel';

/** Cloud metadata endpoints are never a target, whatever interface they seem to be on. */
const NEVER = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0);
}

function ipv6ToBigInt(ip: string): bigint {
  const [head, tail] = ip.split('::');
  const expand = (s: string | undefined) => (s ? s.split(':').filter(Boolean) : []);
  let parts = expand(head);
  const rest = expand(tail);
  if (ip.includes('::')) parts = [...parts, ...Array(8 - parts.length - rest.length).fill('0'), ...rest];
  return parts.reduce((acc, p) => (acc << 16n) | BigInt(parseInt(p, 16) || 0), 0n);
}

function inSubnet(address: string, family: 4 | 6, base: string, prefix: number): boolean {
  if (family === 4) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    return (ipv4ToInt(address) & mask) === (ipv4ToInt(base) & mask);
  }
  const mask = prefix === 0 ? 0n : ((1n << 128n) - 1n) ^ ((1n << BigInt(128 - prefix)) - 1n);
  return (ipv6ToBigInt(address) & mask) === (ipv6ToBigInt(base) & mask);
}

/** Why `address` may not be reached from this device under `scope`, or null when it may. */
export function tunnelTargetRefusal(address: string, scope: 'device' | 'lan', interfaces = os.networkInterfaces()): string | null {
  const family = net.isIP(address) as 0 | 4 | 6;
  if (!family) return 'not an IP address';
  const plain = address.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  const fam = net.isIP(plain) as 4 | 6;
  if (NEVER.has(plain)) return 'a cloud metadata address';
  if (fam === 4 && inSubnet(plain, 4, '127.0.0.0', 8)) return null;
  if (fam === 6 && plain === '::1') return null;
  if ((fam === 4 && (plain === '0.0.0.0' || inSubnet(plain, 4, '224.0.0.0', 4) || plain === '255.255.255.255')) || (fam === 6 && (plain === '::' || plain.startsWith('ff')))) {
    return 'an unspecified, multicast or broadcast address';
  }
  for (const list of Object.values(interfaces)) {
    for (const nic of list ?? []) {
      const nicFamily = nic.family === 'IPv4' || (nic.family as unknown) === 4 ? 4 : 6;
      if (nicFamily !== fam) continue;
      if (nic.address.toLowerCase() === plain) return null;
      if (scope === 'lan' && nic.cidr && !nic.internal) {
        const prefix = Number(nic.cidr.split('/')[1]);
        // A default route is not a LAN: only subnets of at least /8 (IPv4) or /32 (IPv6).
        if ((fam === 4 && prefix >= 8) || (fam === 6 && prefix >= 32)) {
          if (inSubnet(plain, fam, nic.address.split('%')[0], prefix)) return null;
        }
      }
    }
  }
  return scope === 'lan' ? 'neither this device nor a subnet of its network interfaces' : 'not an address of this device';
}

export const openTunnel: StreamOpener = async (params, peer) => {
  const host = typeof params.host === 'string' ? params.host.trim() : '';
  const port = Number(params.port);
  const scope = params.scope === 'device' ? 'device' : 'lan';
  if (!host || !Number.isInteger(port) || port < 1 || port > 65535) throw new ToolError('INVALID_REQUEST', 'host and port are required');
  let address = host.replace(/^\[(.*)\]$/, '$1');
  if (!net.isIP(address)) {
    try {
      address = (await lookup(address)).address;
    } catch {
      throw new ToolError('TARGET_UNRESOLVED', `${host} does not resolve on the device`);
    }
  }
  const refusal = tunnelTargetRefusal(address, scope);
  if (refusal) throw new ToolError('TARGET_NOT_ALLOWED', `${host} (${address}) is ${refusal}`);
  const socket = net.connect({ host: address, port });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new ToolError('TARGET_UNREACHABLE', `${host}:${port} did not accept a connection within 10 seconds`));
    }, 10_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('error', (e) => {
      clearTimeout(timer);
      reject(new ToolError('TARGET_UNREACHABLE', `${host}:${port}: ${e.message}`));
    });
  });
  socket.on('data', (chunk: Buffer) => peer.send(chunk));
  socket.on('error', () => undefined);
  socket.on('close', () => peer.close('the target closed the connection'));
  // The server closing its side means the request is done: half-close, then let the target finish.
  return {
    write: (chunk, done) => {
      if (socket.destroyed) return done();
      socket.write(chunk, () => done());
    },
    pause: () => socket.pause(),
    resume: () => socket.resume(),
    control: (frame) => {
      if (frame.type === 'stream.end') socket.end();
    },
    close: () => socket.destroy(),
  };
};
