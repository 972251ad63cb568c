// GET /snmp/oids/browse and POST /snmp/oids/validate.
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';
import { notFound } from '@/lib/http/errors';
import { OID_PATTERN, type ZBrowseQuery, type ZValidateOidBody } from '@/lib/snmp/schemas';
import { mibChildren, mibNode, nameOid, searchMib } from '@/lib/snmp/mib-tree';
import { getSnmpDeviceOrThrow } from '@/lib/snmp/get-snmp-device-or-throw';
import { resolveSnmpTarget } from '@/lib/snmp/poll-snmp-device';
import { describeSnmpError, snmpGet, withSnmpSession } from '@/lib/snmp/snmp-client';

export function browseOids(ctx: ScopedContext, q: z.output<typeof ZBrowseQuery>) {
  decideSelf(ctx, 'the MIB tree is public reference data shipped with the service');
  if (q.search) return { node: null, children: searchMib(q.search, q.limit) };
  const node = q.oid ? mibNode(q.oid) : null;
  if (q.oid && !node) throw notFound('MIB node');
  return { node, children: mibChildren(q.oid, q.limit) };
}

export async function validateOid(ctx: ScopedContext, body: z.output<typeof ZValidateOidBody>) {
  const device = body.deviceId ? await getSnmpDeviceOrThrow(ctx, body.deviceId) : null;
  if (!device) decideSelf(ctx, 'checks OID syntax against the public MIB tree only');
  const oid = body.oid.trim().replace(/^\./, '');
  if (!OID_PATTERN.test(oid)) {
    // A MIB name (ifDescr) is valid too: the OID it names is returned.
    const named = /^[A-Za-z][A-Za-z0-9-]{0,127}(\.\d+)*$/.test(oid) ? searchExact(oid) : null;
    if (!named) return { valid: false, oid: null, error: 'Not a numeric OID (1.3.6.1…) or a known object name', node: null, device: null };
    return { valid: true, oid: named.oid, error: null, node: named.node, device: device ? await askDevice(device, named.oid) : null };
  }
  return { valid: true, oid, error: null, node: nameOid(oid)?.node ?? null, device: device ? await askDevice(device, oid) : null };
}

function searchExact(text: string) {
  const [name, ...instance] = text.split('.');
  const hit = searchMib(name, 500).find((n) => n.name === name);
  return hit ? { oid: [hit.oid, ...instance].join('.'), node: hit } : null;
}

async function askDevice(device: Parameters<typeof resolveSnmpTarget>[0], oid: string) {
  const resolved = await resolveSnmpTarget(device);
  if (!resolved.ok) return { answered: false, type: null, value: null, error: resolved.error };
  try {
    const [reading] = await withSnmpSession(resolved.target, (s) => snmpGet(s, [oid]));
    if (!reading || reading.kind === 'missing') return { answered: false, type: reading?.typeName ?? null, value: null, error: 'The device has no such object or instance' };
    return { answered: true, type: reading.typeName, value: String(reading.value).slice(0, 1000), error: null };
  } catch (error) {
    return { answered: false, type: null, value: null, error: describeSnmpError(error) };
  }
}
