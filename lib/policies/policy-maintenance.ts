// A policy's `maintenanceWindowId` puts the devices it applies to into that window: every reader
// of maintenance coverage (alert suppression, patch and deployment gates, the active-devices
// list) treats the device as a target of the window, in addition to the window's own targets.
// Evaluation stores the effective window per device (device_policy_settings), so the test is
// one primary-key probe next to the window's own target arrays.
import { Prisma } from '@/lib/generated/prisma/client';

/** SQL over a window row `w`: the effective policy of the device `deviceId` (SQL) names the window. */
export function policyWindowCoversSql(deviceId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`exists (select 1 from device_policy_settings ps where ps.device_id = ${deviceId} and ps.maintenance_window_id = w.id)`;
}
