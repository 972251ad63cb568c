// The findings an action addresses: explicit ids, a CVE or a remediation group, narrowed by
// organization and devices, always within the caller's scope (ids outside it simply do not
// match). Resolved findings are never selected.
import type { Tx } from '@/lib/db';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import type { FindingSelection } from './schemas';
import { FINDINGS_FROM, findingScopeSql } from './finding-scope-sql';
import { parseGroupKey } from './group-key';

export interface SelectedFinding {
  id: string;
  partner_id: string;
  org_id: string;
  device_id: string;
  cve_id: string;
  ecosystem: string;
  package_name: string;
  installed_version: string;
  fixed_version: string | null;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'unknown';
  status: string;
  hostname: string | null;
}

export async function selectFindings(ctx: ActorContext, sel: FindingSelection, opts: { statuses?: string[]; lock?: Tx } = {}): Promise<SelectedFinding[]> {
  const parts = [findingScopeSql(ctx, { orgId: sel.orgId, statusNot: 'resolved' })];
  if (sel.findingIds) parts.push(Prisma.sql`f.id = any(${sel.findingIds}::uuid[])`);
  if (sel.cveId) parts.push(Prisma.sql`f.cve_id = ${sel.cveId}`);
  if (sel.groupKey) {
    const key = parseGroupKey(sel.groupKey);
    if (!key) throw notFound('Software group');
    parts.push(Prisma.sql`f.ecosystem = ${key.ecosystem} and f.package_name = ${key.packageName}`);
  }
  if (sel.deviceIds) parts.push(Prisma.sql`f.device_id = any(${sel.deviceIds}::uuid[])`);
  if (opts.statuses) parts.push(Prisma.sql`f.status::text = any(${opts.statuses}::text[])`);
  const client = opts.lock ?? db;
  return client.$queryRaw<SelectedFinding[]>`
    select f.id, f.partner_id, f.org_id, f.device_id, f.cve_id, f.ecosystem, f.package_name, f.installed_version, f.fixed_version, f.severity::text as severity, f.status::text as status, d.hostname
    from ${FINDINGS_FROM} where ${Prisma.join(parts, ' and ')}
    order by f.id ${opts.lock ? Prisma.sql`for update of f` : Prisma.empty}`;
}
