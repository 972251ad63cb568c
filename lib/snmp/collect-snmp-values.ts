// One poll on the wire: GET of the scalar OIDs (in requests of at most GET_CHUNK varbinds) and a
// bounded walk of each table column, plus the identity (sysDescr, sysObjectID, sysName) while it
// is unknown. Nothing here touches the database.
import type { TSnmpCredentials, TTemplateOid } from '@/lib/snmp/schemas';
import { describeSnmpError, snmpGet, snmpWalk, withSnmpSession, type SnmpReading } from '@/lib/snmp/snmp-client';

const GET_CHUNK = 30;
/** Rows read from one table column at most (a 48-port switch has ~60 interfaces). */
export const SNMP_WALK_MAX_ROWS = 256;
export const IDENTITY_OIDS = { sysDescr: '1.3.6.1.2.1.1.1.0', sysObjectId: '1.3.6.1.2.1.1.2.0', sysName: '1.3.6.1.2.1.1.5.0' } as const;

export interface CollectedValue {
  entry: TTemplateOid;
  reading: SnmpReading;
  /** The instance name: the entry's name, with the row index for a walked column (ifDescr.2). */
  name: string;
}

export type Collected =
  | { ok: true; values: CollectedValue[]; identity: { sysDescr: string | null; sysObjectId: string | null; sysName: string | null } | null; durationMs: number }
  | { ok: false; error: string; durationMs: number };

export interface CollectTarget {
  address: string;
  port: number;
  credentials: TSnmpCredentials;
  timeoutMs: number;
  retries: number;
}

const text = (r: SnmpReading | undefined) => (r && r.kind !== 'missing' ? String(r.value).slice(0, 255) : null);

export async function collectSnmpValues(target: CollectTarget, plan: TTemplateOid[], wantIdentity: boolean): Promise<Collected> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    return await withSnmpSession(target, async (session) => {
      const scalars = plan.filter((e) => !e.walk);
      const identityOids = wantIdentity ? Object.values(IDENTITY_OIDS) : [];
      const oids = [...identityOids, ...scalars.map((e) => e.oid)];
      const readings = new Map<string, SnmpReading>();
      for (let i = 0; i < oids.length; i += GET_CHUNK) {
        for (const r of await snmpGet(session, oids.slice(i, i + GET_CHUNK))) readings.set(r.oid, r);
      }
      const values: CollectedValue[] = scalars.map((entry) => ({ entry, name: entry.name, reading: readings.get(entry.oid) ?? { oid: entry.oid, kind: 'missing', value: null, typeName: 'noSuchObject' } }));
      for (const entry of plan.filter((e) => e.walk)) {
        for (const reading of await snmpWalk(session, entry.oid, SNMP_WALK_MAX_ROWS)) {
          values.push({ entry, reading, name: `${entry.name}.${reading.oid.slice(entry.oid.length + 1)}` });
        }
      }
      const identity = wantIdentity
        ? { sysDescr: text(readings.get(IDENTITY_OIDS.sysDescr)), sysObjectId: text(readings.get(IDENTITY_OIDS.sysObjectId)), sysName: text(readings.get(IDENTITY_OIDS.sysName)) }
        : null;
      return { ok: true as const, values, identity, durationMs: elapsed() };
    });
  } catch (error) {
    return { ok: false, error: describeSnmpError(error), durationMs: elapsed() };
  }
}
