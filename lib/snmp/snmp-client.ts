// The one place that speaks SNMP (net-snmp, pure JavaScript): sessions for v2c and v3 authPriv,
// GET and a bounded subtree walk, and varbinds turned into plain values. Callers pass the
// address the target check pinned, so a name cannot resolve elsewhere between check and poll.
import snmp, { type Session, type Varbind } from 'net-snmp';
import type { TSnmpCredentials } from '@/lib/snmp/schemas';

export interface SnmpTarget {
  address: string;
  port: number;
  credentials: TSnmpCredentials;
  timeoutMs: number;
  retries: number;
}

export type SnmpReading =
  | { oid: string; kind: 'number'; value: number; typeName: string }
  | { oid: string; kind: 'counter'; value: bigint; typeName: string }
  | { oid: string; kind: 'string'; value: string; typeName: string }
  | { oid: string; kind: 'missing'; value: null; typeName: string };

export function openSnmpSession(t: SnmpTarget): Session {
  const options = { port: t.port, retries: t.retries, timeout: t.timeoutMs, transport: t.address.includes(':') ? ('udp6' as const) : ('udp4' as const), backoff: 1 };
  const session =
    t.credentials.version === 'v2c'
      ? snmp.createSession(t.address, t.credentials.community, { ...options, version: snmp.Version2c })
      : snmp.createV3Session(
          t.address,
          {
            name: t.credentials.username,
            level: snmp.SecurityLevel.authPriv,
            authProtocol: snmp.AuthProtocols[t.credentials.authProtocol],
            authKey: t.credentials.authKey,
            privProtocol: snmp.PrivProtocols[t.credentials.privProtocol],
            privKey: t.credentials.privKey,
          },
          { ...options, version: snmp.Version3 },
        );
  // A socket error after a request settled must not crash the process.
  session.on('error', () => undefined);
  return session;
}

const TYPE_NAMES: Record<number, string> = { 1: 'Boolean', 2: 'Integer', 4: 'OctetString', 5: 'Null', 6: 'OID', 64: 'IpAddress', 65: 'Counter32', 66: 'Gauge32', 67: 'TimeTicks', 68: 'Opaque', 70: 'Counter64' };

function printable(buf: Buffer): string {
  const text = buf.toString('utf8');
  // Binary strings (MAC addresses, bitmaps) read better as hex.
  return /^[\x20-\x7e\t\r\n]*$/.test(text) ? text : buf.toString('hex').replace(/(..)(?!$)/g, '$1:');
}

export function readVarbind(vb: Varbind): SnmpReading {
  const typeName = TYPE_NAMES[vb.type] ?? `type ${vb.type}`;
  if (snmp.isVarbindError(vb)) return { oid: vb.oid, kind: 'missing', value: null, typeName: snmp.varbindError(vb).split(':')[0] };
  const v = vb.value;
  if (vb.type === 70) {
    const buf = Buffer.isBuffer(v) ? v : Buffer.alloc(0);
    let n = 0n;
    for (const byte of buf) n = (n << 8n) | BigInt(byte);
    return { oid: vb.oid, kind: 'counter', value: n, typeName };
  }
  if (vb.type === 65) return { oid: vb.oid, kind: 'counter', value: BigInt(Number(v)), typeName };
  if (typeof v === 'number') return { oid: vb.oid, kind: 'number', value: v, typeName };
  if (typeof v === 'boolean') return { oid: vb.oid, kind: 'number', value: v ? 1 : 0, typeName };
  if (Buffer.isBuffer(v)) return { oid: vb.oid, kind: 'string', value: printable(v).slice(0, 1000), typeName };
  return { oid: vb.oid, kind: 'string', value: String(v ?? '').slice(0, 1000), typeName };
}

/** Errors said the way an operator reads them (timeouts, v3 USM reports). */
export function describeSnmpError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/timed? ?out/i.test(message)) return 'No answer (timed out): wrong address, port, community or a filtered network';
  return message.slice(0, 1000);
}

export function snmpGet(session: Session, oids: string[]): Promise<SnmpReading[]> {
  return new Promise((resolve, reject) => session.get(oids, (error, varbinds) => (error ? reject(error) : resolve(varbinds.map(readVarbind)))));
}

/** Walks the subtree under `oid` (GETBULK), stopping after `maxRows` rows. */
export function snmpWalk(session: Session, oid: string, maxRows: number): Promise<SnmpReading[]> {
  const rows: SnmpReading[] = [];
  return new Promise((resolve, reject) =>
    session.subtree(
      oid,
      20,
      (varbinds) => {
        for (const vb of varbinds) if (rows.length < maxRows) rows.push(readVarbind(vb));
        return rows.length >= maxRows;
      },
      (error) => (error ? reject(error) : resolve(rows)),
    ),
  );
}

export async function withSnmpSession<T>(target: SnmpTarget, fn: (session: Session) => Promise<T>): Promise<T> {
  const session = openSnmpSession(target);
  try {
    return await fn(session);
  } finally {
    session.close();
  }
}
