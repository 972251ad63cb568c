// GET /devices/:id/billing: which contract line bills the device, and how it matched — or why it
// is not billable. A line that cannot be evaluated before the match (removed site or group,
// unreadable group rules) is an error (409), never "not covered".
import { db } from '@/lib/db';
import type { UserContext, ApiKeyContext } from '@/lib/auth/context';
import { forbidden } from '@/lib/http/errors';
import { money } from '@/lib/billing/money';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { lineHolds } from '@/lib/billing/device-coverage';
import { activeDeviceLines, BILLABLE_STATUSES, billableDeviceSelect, lineRefProblem, toBillableDevice } from '@/lib/billing/load-org-coverage';

export async function getDeviceBilling(ctx: UserContext | ApiKeyContext, deviceId: string) {
  if (!ctx.permissions.has('contracts:read')) throw forbidden('Missing permission contracts:read');
  const found = await getDeviceOrThrow(ctx, deviceId, db, { includeDecommissioned: true });
  const device = toBillableDevice(await db.device.findUniqueOrThrow({ where: { id: found.id }, select: billableDeviceSelect }));
  const base = { deviceId: device.id, hostname: device.hostname, role: device.role, status: device.status };
  const none = (reason: string) => ({ data: { ...base, billable: false, reason, contract: null, line: null, matchKind: null } });
  if (!(BILLABLE_STATUSES as readonly string[]).includes(device.status)) return none('device_not_active');
  const lines = await activeDeviceLines(db, found.orgId);
  if (!lines.length) {
    const anyActive = await db.contract.count({ where: { orgId: found.orgId, status: 'active' } });
    return none(anyActive ? 'no_matching_line' : 'no_active_contract');
  }
  for (const line of lines) {
    const problem = await lineRefProblem(db, found.orgId, line);
    if (problem) throw problem;
    if (lineHolds(line, device)) {
      return {
        data: {
          ...base,
          billable: true,
          reason: null,
          contract: line.contract,
          line: { id: line.id, description: line.row.description, deviceSetType: line.deviceSetType, unitPrice: money(line.row.unitPrice), includedQuantity: line.includedQuantity, overageMode: line.overageMode },
          matchKind: line.deviceSetType,
        },
      };
    }
  }
  return none('no_matching_line');
}
