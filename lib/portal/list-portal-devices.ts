// GET /portal/devices — THE one place the portal reads devices.
//
// Until the devices table (issue 4) is merged, a portal user's devices are the organization's
// assets of kind `device` that the MSP records (org_assets): their status is `unknown` and they
// have no last-seen time, because nothing reports them. When the devices table lands, switch
// this function (and only it) to read `devices` — scoped by partner_id and org_id from the
// portal context, excluding decommissioned rows — mapping hostname/displayName, osType and
// osVersion, status (online/offline/pending/…) and lastSeenAt into the same DTO, and join assets
// through org_assets.device_id for asset tags. The DTO below is already that contract.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { PortalContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { assetWhere } from '@/lib/assets/get-asset-or-throw';

export const DEVICE_STATUSES = ['online', 'offline', 'pending', 'unknown'] as const;

export const ZListPortalDevicesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(255).optional(),
});

export const ZPortalDevice = z.object({
  id: z.string().uuid(),
  name: z.string().describe('Display name, else host name'),
  os: z.string().nullable().describe('Reported by the agent; null until then'),
  model: z.string().nullable().describe('Manufacturer and model as the MSP recorded them'),
  status: z.enum(DEVICE_STATUSES).describe('`unknown` until the device reports through an agent'),
  lastSeenAt: z.string().nullable(),
  assetTag: z.string().nullable(),
  serialNumber: z.string().nullable(),
  site: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
});
export type TPortalDevice = z.infer<typeof ZPortalDevice>;

export async function listPortalDevices(ctx: PortalContext, query: z.output<typeof ZListPortalDevicesQuery>) {
  const where: Prisma.OrgAssetWhereInput = {
    AND: [assetWhere(ctx), { kind: 'device' }, query.search ? { OR: [{ name: { contains: query.search, mode: 'insensitive' } }, { assetTag: { contains: query.search, mode: 'insensitive' } }] } : {}],
  };
  const [rows, total] = await Promise.all([
    db.orgAsset.findMany({ where, include: { site: { select: { id: true, name: true, deletedAt: true } } }, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.orgAsset.count({ where }),
  ]);
  const data: TPortalDevice[] = rows.map((a) => ({
    id: a.id,
    name: a.name,
    os: null,
    model: [a.manufacturer, a.model].filter(Boolean).join(' ') || null,
    status: 'unknown',
    lastSeenAt: null,
    assetTag: a.assetTag,
    serialNumber: a.serialNumber,
    site: a.site && !a.site.deletedAt ? { id: a.site.id, name: a.site.name } : null,
  }));
  return pageResult(data, query, total);
}
