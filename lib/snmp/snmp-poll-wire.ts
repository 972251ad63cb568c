// The snmp_poll device command on the wire, shared by the server and the reference agent (which
// bundles this file with collect-snmp-values.ts: a probe reads values exactly like the worker).
// Payload { snmpDeviceId }; the agent fetches the poll plan (target, credentials, OIDs) from
// GET /agents/:agentId/snmp/polls/:commandId, so credentials never sit in the command, polls,
// and returns a WirePollResult as the command's `result`. Counters travel as decimal strings
// (Counter64 exceeds a JSON number).
import type { Collected } from '@/lib/snmp/collect-snmp-values';
import type { TSnmpCredentials, TTemplateOid } from '@/lib/snmp/schemas';

/** Readings a probe returns at most: a command result is capped at 256 KB of JSON. */
export const MAX_WIRE_READINGS = 2500;

export interface SnmpPollPlan {
  host: string;
  port: number;
  credentials: TSnmpCredentials;
  timeoutMs: number;
  retries: number;
  /** The device's OIDs in order; a reading names its entry by index into this list. */
  oids: TTemplateOid[];
  /** Also read sysDescr, sysObjectID and sysName (the identity is not known yet). */
  wantIdentity: boolean;
}

export interface WireReading {
  entry: number;
  oid: string;
  kind: 'number' | 'counter' | 'string' | 'missing';
  value: number | string | null;
  typeName: string;
}

export type WirePollResult =
  | { ok: true; durationMs: number; identity: { sysDescr: string | null; sysObjectId: string | null; sysName: string | null } | null; values: WireReading[]; truncated: boolean }
  | { ok: false; durationMs: number; error: string };

export function toWirePollResult(collected: Collected, plan: TTemplateOid[]): WirePollResult {
  if (!collected.ok) return { ok: false, durationMs: collected.durationMs, error: collected.error };
  const index = new Map(plan.map((e, i) => [e, i]));
  const values = collected.values.slice(0, MAX_WIRE_READINGS).map(({ entry, reading }) => ({
    entry: index.get(entry) ?? -1,
    oid: reading.oid,
    kind: reading.kind,
    value: reading.kind === 'counter' ? reading.value.toString() : reading.value,
    typeName: reading.typeName,
  }));
  return { ok: true, durationMs: collected.durationMs, identity: collected.identity, values, truncated: collected.values.length > MAX_WIRE_READINGS };
}
