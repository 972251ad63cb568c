import type { Tx } from '@/lib/db';
import { AppError } from '@/lib/http/errors';

/**
 * Partner and organization maxDevices caps. The partner row is locked only when a cap exists,
 * so concurrent enrollments cannot both slip under it while uncapped tenants never serialise.
 */
export async function enforceDeviceLimits(tx: Tx, partnerId: string, orgId: string, provisionedDeviceId: string | null): Promise<void> {
  if (provisionedDeviceId) return; // the row already exists and was counted when provisioned
  const caps = await tx.$queryRaw<{ partner_max: number | null; org_max: number | null }[]>`
    select p.max_devices as partner_max, o.max_devices as org_max
    from partners p join organizations o on o.partner_id = p.id
    where p.id = ${partnerId}::uuid and o.id = ${orgId}::uuid`;
  const { partner_max, org_max } = caps[0] ?? { partner_max: null, org_max: null };
  if (partner_max === null && org_max === null) return;
  await tx.$executeRaw`select id from partners where id = ${partnerId}::uuid for update`;
  const counts = await tx.$queryRaw<{ partner_count: number; org_count: number }[]>`
    select count(*)::int as partner_count, count(*) filter (where org_id = ${orgId}::uuid)::int as org_count
    from devices where partner_id = ${partnerId}::uuid and status <> 'decommissioned'`;
  const { partner_count, org_count } = counts[0];
  if (partner_max !== null && partner_count >= partner_max) {
    throw new AppError('DEVICE_LIMIT_REACHED', 403, `The partner's limit of ${partner_max} devices is reached`);
  }
  if (org_max !== null && org_count >= org_max) {
    throw new AppError('DEVICE_LIMIT_REACHED', 403, `The organization's limit of ${org_max} devices is reached`);
  }
}
