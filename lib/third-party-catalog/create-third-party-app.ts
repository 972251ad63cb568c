// POST /third-party-catalog (system operators).
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import type { CreateThirdPartyAppInput } from '@/lib/third-party-catalog/schemas';
import { assertUsableTestDevice, isUniqueViolation, nameTaken } from '@/lib/third-party-catalog/validate-app-input';
import { isServiceTested } from '@/lib/third-party-catalog/tested-state';
import { getThirdPartyApp } from '@/lib/third-party-catalog/get-third-party-app';

export async function createThirdPartyApp(ctx: ActorContext, body: CreateThirdPartyAppInput) {
  try {
    const id = await db.$transaction(async (tx) => {
      await assertUsableTestDevice(tx, body.testDeviceId);
      const created = await tx.thirdPartyApp.create({
        data: {
          name: body.name,
          vendor: body.vendor,
          category: body.category ?? null,
          description: body.description ?? null,
          homepage: body.homepage ?? null,
          platforms: body.platforms ?? (Object.keys(body.updateSource) as (keyof typeof body.updateSource)[]),
          updateSource: body.updateSource as Prisma.InputJsonValue,
          inventoryMatch: [...new Set(body.inventoryMatch)],
          latestVersion: body.latestVersion ?? null,
          serviceTested: isServiceTested(body.latestVersion ?? null, null),
          testDeviceId: body.testDeviceId ?? null,
          createdById: ctx.userId,
        },
      });
      await writeAudit(ctx, { action: 'third_party_catalog.create', targetType: 'third_party_app', targetId: created.id, partnerId: null, orgId: null, details: { name: created.name, vendor: created.vendor } }, tx);
      return created.id;
    });
    return await getThirdPartyApp(id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(body.name);
    throw error;
  }
}
