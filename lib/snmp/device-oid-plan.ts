// The OIDs a device polls: its template's, then its own extra ones (an extra OID replaces a
// template entry with the same OID).
import type { SnmpDevice, SnmpTemplate } from '@/lib/generated/prisma/client';
import { ZTemplateOid, type TTemplateOid } from '@/lib/snmp/schemas';

const parseOids = (raw: unknown): TTemplateOid[] => ZTemplateOid.array().catch([]).parse(raw);

export function deviceOidPlan(device: Pick<SnmpDevice, 'extraOids'>, template: Pick<SnmpTemplate, 'oids'> | null): TTemplateOid[] {
  const byOid = new Map<string, TTemplateOid>();
  for (const entry of [...(template ? parseOids(template.oids) : []), ...parseOids(device.extraOids)]) byOid.set(entry.oid, entry);
  return [...byOid.values()];
}
