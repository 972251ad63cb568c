// The discovery_scan command: sweep the job's IPv4 subnets from this machine, unprivileged, and
// stream what answers back in batches. Per address: the kernel's neighbour table (MAC), TCP
// connect to the asked ports (open, or refused: the host is there either way), SNMP identity
// with the profile's credentials, reverse DNS and a unicast mDNS name query, and for SNMP
// devices their bridge (MAC → port) and LLDP neighbour tables. No address outside the job's
// subnets is ever contacted: every probe goes through `allowed`. Wire shapes:
// lib/discovery/scan-wire.ts.
import dgram from 'node:dgram';
import dns from 'node:dns/promises';
import net from 'node:net';
import { readFile } from 'node:fs/promises';
import snmp, { type Session, type Varbind } from 'net-snmp';
import type { CommandResult } from './executor';

export interface ScanPayload {
  jobId: string;
  subnets: string[];
  ports: number[];
  exclude: string[];
  snmp: { port: number; credentials: number };
  timeoutMs: number;
  concurrency: number;
  resolveDns: boolean;
  mdns: boolean;
}

type SnmpCredential =
  | { version: 'v2c'; community: string }
  | { version: 'v3'; username: string; authProtocol: string; authKey: string; privProtocol: string; privKey: string };

interface Neighbor { port: number; mac?: string; sysName?: string; remotePort?: string; source: 'bridge' | 'lldp' }
interface SnmpIdentity { sysDescr: string; sysObjectId: string; sysName?: string; version: 'v2c' | 'v3'; credentialIndex: number }
export interface ScannedHost {
  ip: string;
  mac?: string;
  hostname?: string;
  openPorts: number[];
  snmp?: SnmpIdentity;
  neighbors: Neighbor[];
  seenBy: ('arp' | 'tcp' | 'snmp' | 'mdns' | 'dns')[];
}
export interface ScanBatch { scanned: number; total: number; gateway?: string; hosts: ScannedHost[] }

export interface DiscoveryHooks {
  fetchCredentials(jobId: string): Promise<SnmpCredential[]>;
  /** false: the server no longer wants results (the job was cancelled): stop. */
  postBatch(jobId: string, batch: ScanBatch): Promise<boolean>;
  signal?: AbortSignal;
}

const MAX_ADDRESSES = 4096;
const BATCH_HOSTS = 25;
const BATCH_EVERY_MS = 2000;

function ipToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}
function intToIp(n: number): string {
  return [24, 16, 8, 0].map((s) => (Math.floor(n / 2 ** s) % 256).toString()).join('.');
}
function parseCidr(text: string): { network: number; size: number } | null {
  const [ip, prefixText] = text.split('/');
  const prefix = prefixText === undefined ? 32 : Number(prefixText);
  if (!net.isIPv4(ip) || !Number.isInteger(prefix) || prefix < 0 || prefix > 32) return null;
  const size = 2 ** (32 - prefix);
  return { network: Math.floor(ipToInt(ip) / size) * size, size };
}

/** The addresses to probe: every host address of the subnets (not network and broadcast of blocks over 2), minus exclusions. */
export function scanTargets(subnets: string[], exclude: string[] = []): string[] {
  const skip = new Set(exclude);
  const out = new Set<string>();
  for (const s of subnets) {
    const c = parseCidr(s);
    if (!c) throw new Error(`Invalid subnet ${s}`);
    const first = c.size > 2 ? c.network + 1 : c.network;
    const last = c.size > 2 ? c.network + c.size - 2 : c.network + c.size - 1;
    for (let n = first; n <= last; n++) {
      const ip = intToIp(n);
      if (!skip.has(ip)) out.add(ip);
      if (out.size > MAX_ADDRESSES) throw new Error(`The subnets hold more than ${MAX_ADDRESSES} addresses`);
    }
  }
  return [...out];
}

/** True when the address lies inside one of the subnets: the guard in front of every probe. */
export function insideSubnets(subnets: string[], ip: string): boolean {
  if (!net.isIPv4(ip)) return false;
  const n = ipToInt(ip);
  return subnets.some((s) => {
    const c = parseCidr(s);
    return c !== null && n >= c.network && n < c.network + c.size;
  });
}

/** /proc/net/arp: complete entries only (flag 0x2), IPv4 → MAC. Empty where there is none. */
async function neighbourTable(): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  try {
    const text = await readFile('/proc/net/arp', 'utf8');
    for (const line of text.split('\n').slice(1)) {
      const [ip, , flags, mac] = line.trim().split(/\s+/);
      if (ip && mac && (parseInt(flags, 16) & 0x2) && mac !== '00:00:00:00:00:00') map.set(ip, mac.toLowerCase());
    }
  } catch {
    /* not Linux */
  }
  return map;
}

/** The default gateway from /proc/net/route (little-endian hex), if any. */
async function defaultGateway(): Promise<string | undefined> {
  try {
    const text = await readFile('/proc/net/route', 'utf8');
    for (const line of text.split('\n').slice(1)) {
      const [, destination, gateway] = line.trim().split(/\s+/);
      if (destination === '00000000' && gateway && gateway !== '00000000') {
        const n = parseInt(gateway, 16);
        return [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255].join('.');
      }
    }
  } catch {
    /* not Linux */
  }
  return undefined;
}

function tcpProbe(ip: string, port: number, timeoutMs: number): Promise<'open' | 'refused' | 'silent'> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: ip, port });
    const done = (r: 'open' | 'refused' | 'silent') => {
      socket.destroy();
      resolve(r);
    };
    socket.setTimeout(timeoutMs, () => done('silent'));
    socket.once('connect', () => done('open'));
    socket.once('error', (e: NodeJS.ErrnoException) => done(e.code === 'ECONNREFUSED' ? 'refused' : 'silent'));
  });
}

const OID = { sysDescr: '1.3.6.1.2.1.1.1.0', sysObjectId: '1.3.6.1.2.1.1.2.0', sysName: '1.3.6.1.2.1.1.5.0', fdbPort: '1.3.6.1.2.1.17.4.3.1.2', lldpRemPortId: '1.0.8802.1.1.2.1.4.1.1.7', lldpRemSysName: '1.0.8802.1.1.2.1.4.1.1.9' };
const AUTH: Record<string, string> = { md5: 'md5', sha: 'sha', sha256: 'sha256', sha512: 'sha512' };
const PRIV: Record<string, string> = { des: 'des', aes: 'aes', aes256b: 'aes256b', aes256r: 'aes256r' };

function openSession(ip: string, cred: SnmpCredential, port: number, timeoutMs: number): Session {
  const options = { port, retries: 0, timeout: timeoutMs };
  if (cred.version === 'v2c') return snmp.createSession(ip, cred.community, { ...options, version: snmp.Version2c });
  return snmp.createV3Session(
    ip,
    { name: cred.username, level: snmp.SecurityLevel.authPriv, authProtocol: snmp.AuthProtocols[AUTH[cred.authProtocol] ?? 'sha'], authKey: cred.authKey, privProtocol: snmp.PrivProtocols[PRIV[cred.privProtocol] ?? 'aes'], privKey: cred.privKey },
    { ...options, version: snmp.Version3 },
  );
}

function text(value: unknown): string {
  return Buffer.isBuffer(value) ? value.toString('utf8').replace(/\0+$/, '') : String(value ?? '');
}

function snmpGet(session: Session, oids: string[]): Promise<Varbind[] | null> {
  return new Promise((resolve) => session.get(oids, (error, varbinds) => resolve(error ? null : varbinds)));
}

function snmpWalk(session: Session, oid: string, limit: number): Promise<Varbind[]> {
  return new Promise((resolve) => {
    const out: Varbind[] = [];
    session.subtree(oid, 20, (varbinds) => {
      for (const vb of varbinds) if (!snmp.isVarbindError(vb)) out.push(vb);
      return out.length >= limit;
    }, () => resolve(out));
  });
}

async function snmpProbe(ip: string, credentials: SnmpCredential[], port: number, timeoutMs: number): Promise<{ identity: SnmpIdentity; neighbors: Neighbor[] } | null> {
  for (let i = 0; i < credentials.length; i++) {
    const session = openSession(ip, credentials[i], port, timeoutMs);
    session.on('error', () => undefined);
    try {
      const vbs = await snmpGet(session, [OID.sysDescr, OID.sysObjectId, OID.sysName]);
      if (!vbs || snmp.isVarbindError(vbs[0])) continue;
      const identity: SnmpIdentity = { sysDescr: text(vbs[0].value).slice(0, 2000), sysObjectId: text(vbs[1]?.value).slice(0, 255), version: credentials[i].version, credentialIndex: i };
      const sysName = vbs[2] && !snmp.isVarbindError(vbs[2]) ? text(vbs[2].value).slice(0, 255) : '';
      if (sysName) identity.sysName = sysName;
      const neighbors: Neighbor[] = [];
      for (const vb of await snmpWalk(session, OID.fdbPort, 1000)) {
        const mac = vb.oid.slice(OID.fdbPort.length + 1).split('.').map((n) => Number(n).toString(16).padStart(2, '0')).join(':');
        if (mac.length === 17) neighbors.push({ port: Number(vb.value), mac, source: 'bridge' });
      }
      const remotePorts = new Map((await snmpWalk(session, OID.lldpRemPortId, 500)).map((vb) => [vb.oid.slice(OID.lldpRemPortId.length), text(vb.value)]));
      for (const vb of await snmpWalk(session, OID.lldpRemSysName, 500)) {
        const suffix = vb.oid.slice(OID.lldpRemSysName.length);
        const parts = suffix.split('.');
        neighbors.push({ port: Number(parts[parts.length - 2]) || 0, sysName: text(vb.value).slice(0, 255), remotePort: remotePorts.get(suffix)?.slice(0, 255), source: 'lldp' });
      }
      return { identity, neighbors: neighbors.slice(0, 2000) };
    } finally {
      session.close();
    }
  }
  return null;
}

/** A unicast mDNS query (QU) for the address's PTR name, sent to the host's port 5353. */
function mdnsName(ip: string, timeoutMs: number): Promise<string | undefined> {
  const qname = `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
  const labels = Buffer.concat([...qname.split('.').map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])), Buffer.from([0])]);
  const query = Buffer.concat([Buffer.from([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]), labels, Buffer.from([0, 12, 0x80, 1])]);
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const finish = (name?: string) => {
      clearTimeout(timer);
      socket.close();
      resolve(name);
    };
    const timer = setTimeout(() => finish(), timeoutMs);
    socket.on('error', () => finish());
    socket.on('message', (msg, rinfo) => {
      if (rinfo.address !== ip) return;
      try {
        finish(parsePtrAnswer(msg));
      } catch {
        finish();
      }
    });
    socket.send(query, 5353, ip, (error) => error && finish());
  });
}

function readName(msg: Buffer, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let offset = start;
  let end = -1;
  for (let hops = 0; hops < 32; hops++) {
    const len = msg[offset];
    if (len === 0) return { name: labels.join('.'), end: end < 0 ? offset + 1 : end };
    if ((len & 0xc0) === 0xc0) {
      if (end < 0) end = offset + 2;
      offset = ((len & 0x3f) << 8) | msg[offset + 1];
      continue;
    }
    labels.push(msg.subarray(offset + 1, offset + 1 + len).toString('utf8'));
    offset += 1 + len;
  }
  throw new Error('name too long');
}

function parsePtrAnswer(msg: Buffer): string | undefined {
  const questions = msg.readUInt16BE(4);
  const answers = msg.readUInt16BE(6);
  let offset = 12;
  for (let i = 0; i < questions; i++) offset = readName(msg, offset).end + 4;
  for (let i = 0; i < answers; i++) {
    const { end } = readName(msg, offset);
    const type = msg.readUInt16BE(end);
    const length = msg.readUInt16BE(end + 8);
    if (type === 12) return readName(msg, end + 10).name.replace(/\.local$/, '.local') || undefined;
    offset = end + 10 + length;
  }
  return undefined;
}

async function reverseName(ip: string): Promise<string | undefined> {
  try {
    const [name] = await dns.reverse(ip);
    return name?.slice(0, 253);
  } catch {
    return undefined;
  }
}

export async function runDiscoveryScan(payload: ScanPayload, hooks: DiscoveryHooks): Promise<CommandResult> {
  const subnets = payload.subnets;
  const allowed = (ip: string) => insideSubnets(subnets, ip);
  const targets = scanTargets(subnets, payload.exclude).filter(allowed);
  const total = targets.length;
  const credentials = payload.snmp.credentials > 0 ? await hooks.fetchCredentials(payload.jobId) : [];
  const [arp, gateway] = await Promise.all([neighbourTable(), defaultGateway()]);

  let scanned = 0;
  let found = 0;
  let stopped = false;
  let pending: ScannedHost[] = [];
  let lastSent = Date.now();
  let sending: Promise<void> = Promise.resolve();
  const flush = (force = false) => {
    if (!force && pending.length < BATCH_HOSTS && Date.now() - lastSent < BATCH_EVERY_MS) return sending;
    const hosts = pending;
    pending = [];
    lastSent = Date.now();
    const batch: ScanBatch = { scanned, total, ...(gateway ? { gateway } : {}), hosts };
    sending = sending.then(async () => {
      if (stopped) return;
      if (!(await hooks.postBatch(payload.jobId, batch))) stopped = true;
    });
    return sending;
  };
  // The first batch moves the job to running and tells the server the total.
  await flush(true);

  const probe = async (ip: string): Promise<ScannedHost | null> => {
    if (!allowed(ip)) return null;
    const host: ScannedHost = { ip, openPorts: [], neighbors: [], seenBy: [] };
    const mac = arp.get(ip);
    if (mac) {
      host.mac = mac;
      host.seenBy.push('arp');
    }
    let answered = false;
    await Promise.all(
      payload.ports.map(async (port) => {
        const r = await tcpProbe(ip, port, payload.timeoutMs);
        if (r !== 'silent') answered = true;
        if (r === 'open') host.openPorts.push(port);
      }),
    );
    if (answered) host.seenBy.push('tcp');
    if (credentials.length) {
      const s = await snmpProbe(ip, credentials, payload.snmp.port, payload.timeoutMs);
      if (s) {
        host.snmp = s.identity;
        host.neighbors = s.neighbors;
        host.seenBy.push('snmp');
      }
    }
    if (!host.seenBy.length) return null;
    if (payload.resolveDns) {
      const name = await reverseName(ip);
      if (name) {
        host.hostname = name;
        host.seenBy.push('dns');
      }
    }
    if (!host.hostname && payload.mdns) {
      const name = await mdnsName(ip, Math.min(payload.timeoutMs, 1000));
      if (name) {
        host.hostname = name.slice(0, 253);
        host.seenBy.push('mdns');
      }
    }
    host.openPorts.sort((a, b) => a - b);
    return host;
  };

  let next = 0;
  const worker = async () => {
    while (!stopped && !hooks.signal?.aborted && next < targets.length) {
      const ip = targets[next++];
      const host = await probe(ip);
      scanned++;
      if (host) {
        found++;
        pending.push(host);
      }
      await flush();
    }
  };
  await Promise.all(Array.from({ length: Math.min(payload.concurrency, Math.max(1, targets.length)) }, worker));
  if (!stopped) await flush(true);
  else await sending;
  const cancelled = stopped || Boolean(hooks.signal?.aborted);
  return { status: cancelled ? 'cancelled' : 'completed', stdout: `${scanned} of ${total} addresses probed, ${found} hosts found`, result: { scanned, total, hostsFound: found, ...(cancelled ? { cancelled: true } : {}) } };
}
