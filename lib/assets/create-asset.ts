import { z } from 'zod';
import { db, type DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { assertSiteInOrg } from '@/lib/tickets/validate-ticket-refs';
import { assetInclude, toAssetDto } from '@/lib/assets/to-asset-dto';
import type { ZCreateAsset } from '@/lib/assets/schemas';

/** Asset tags are unique among an organization's live assets (also a partial unique index). */
export async function assertAssetTagFree(client: DbOrTx, orgId: string, assetTag: string | null | undefined, assetId?: string): Promise<void> {
  if (!assetTag) return;
  const clash = await client.orgAsset.findFirst({ where: { orgId, assetTag, deletedAt: null, ...(assetId ? { id: { not: assetId } } : {}) }, select: { id: true } });
  if (clash) throw conflict(`Asset tag "${assetTag}" is already used in this organization`, 'ASSET_TAG_IN_USE');
}

export async function createAsset(ctx: ActorContext, input: z.output<typeof ZCreateAsset>) {
  const asset = await db.$transaction(async (tx) => {
    const org = await getOrganizationOrThrow(ctx, input.orgId, tx);
    if (input.siteId) await assertSiteInOrg(tx, input.siteId, org.id, 'asset');
    await assertAssetTagFree(tx, org.id, input.assetTag);
    const created = await tx.orgAsset.create({
      data: {
        partnerId: org.partnerId,
        orgId: org.id,
        siteId: input.siteId ?? null,
        deviceId: input.deviceId ?? null,
        kind: input.kind,
        name: input.name,
        assetTag: input.assetTag ?? null,
        serialNumber: input.serialNumber ?? null,
        manufacturer: input.manufacturer ?? null,
        model: input.model ?? null,
        description: input.description ?? null,
        checkoutable: input.checkoutable,
      },
      include: assetInclude,
    });
    await writeAudit(ctx, { action: 'asset.create', targetType: 'asset', targetId: created.id, partnerId: org.partnerId, orgId: org.id, details: { name: created.name, kind: created.kind, checkoutable: created.checkoutable } }, tx);
    return created;
  });
  return toAssetDto(asset);
}
