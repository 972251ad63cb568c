// Loads what coverage needs from the database: the organization's active contracts' per-device
// lines in order, with their site and group checked (a removed site or group is an error —
// 409 SITE_DELETED / GROUP_DELETED — never "not covered"), and the organization's billable
// devices (enrolled: online or offline) with role and group memberships.
import type { DbOrTx } from '@/lib/db';
import { AppError, conflict } from '@/lib/http/errors';
import { ZGroupRules } from '@/lib/device-groups/schemas';
import { deviceRole } from '@/lib/billing/device-role';
import type { CoverageDevice, CoverageLine } from '@/lib/billing/device-coverage';
import type { DeviceSetType } from '@/lib/billing/line-fields';
import type { ContractLine } from '@/lib/generated/prisma/client';

export const BILLABLE_STATUSES = ['online', 'offline'] as const;

export interface OrderedLine extends CoverageLine {
  contract: { id: string; name: string; status: string; currency: string };
  row: ContractLine;
}

export interface BillableDevice extends CoverageDevice {
  status: string;
}

export async function activeDeviceLines(client: DbOrTx, orgId: string): Promise<OrderedLine[]> {
  const contracts = await client.contract.findMany({
    where: { orgId, status: 'active' },
    orderBy: [{ startDate: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    include: { lines: { where: { type: 'per_device' }, orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] } },
  });
  return contracts.flatMap((c) =>
    c.lines.map((l) => ({
      id: l.id,
      contractId: c.id,
      deviceSetType: (l.deviceSetType ?? 'organization_wide') as DeviceSetType,
      siteId: l.siteId,
      groupId: l.groupId,
      roles: l.roles,
      includedQuantity: l.includedQuantity ?? 0,
      overageMode: l.overageMode ?? 'bill',
      contract: { id: c.id, name: c.name, status: c.status, currency: c.currency },
      row: l,
    })),
  );
}

/** The error evaluating this line's device set would raise, or null when it can be evaluated. */
export async function lineRefProblem(client: DbOrTx, orgId: string, line: OrderedLine): Promise<AppError | null> {
  const details = { contractId: line.contractId, lineId: line.id };
  if (line.deviceSetType === 'site') {
    const site = line.siteId ? await client.site.findFirst({ where: { id: line.siteId, orgId, deletedAt: null }, select: { id: true } }) : null;
    if (!site) return conflict('A contract line points at a removed site: re-scope or remove the line', 'SITE_DELETED', { ...details, siteId: line.siteId });
  }
  if (line.deviceSetType === 'group') {
    const group = line.groupId ? await client.deviceGroup.findFirst({ where: { id: line.groupId, orgId }, select: { type: true, rules: true } }) : null;
    if (!group) return conflict('A contract line points at a removed device group: re-scope or remove the line', 'GROUP_DELETED', { ...details, groupId: line.groupId });
    if (group.type === 'dynamic' && !ZGroupRules.safeParse(group.rules).success) {
      return conflict('The device group’s rules cannot be evaluated', 'GROUP_EVALUATION_FAILED', { ...details, groupId: line.groupId });
    }
  }
  return null;
}

export async function assertLinesEvaluable(client: DbOrTx, orgId: string, lines: OrderedLine[]): Promise<void> {
  for (const line of lines) {
    const problem = await lineRefProblem(client, orgId, line);
    if (problem) throw problem;
  }
}

type DeviceRow = { id: string; hostname: string; siteId: string | null; tags: string[]; osType: string | null; osVersion: string | null; status: string; memberships: { groupId: string }[] };

export function toBillableDevice(d: DeviceRow): BillableDevice {
  return { id: d.id, hostname: d.hostname, siteId: d.siteId, role: deviceRole(d), groupIds: new Set(d.memberships.map((m) => m.groupId)), status: d.status };
}

export const billableDeviceSelect = { id: true, hostname: true, siteId: true, tags: true, osType: true, osVersion: true, status: true, memberships: { select: { groupId: true } } } as const;

export async function billableDevices(client: DbOrTx, orgId: string): Promise<BillableDevice[]> {
  const rows = await client.device.findMany({ where: { orgId, status: { in: [...BILLABLE_STATUSES] } }, select: billableDeviceSelect, orderBy: [{ hostname: 'asc' }, { id: 'asc' }] });
  return rows.map(toBillableDevice);
}
