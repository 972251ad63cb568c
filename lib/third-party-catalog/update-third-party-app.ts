// PATCH /third-party-catalog/:id (system operators). A new latestVersion recomputes serviceTested
// against the version that last passed a smoke test.
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import type { UpdateSource, UpdateThirdPartyAppInput } from '@/lib/third-party-catalog/schemas';
import { getThirdPartyAppOrThrow } from '@/lib/third-party-catalog/get-third-party-app-or-throw';
import { assertSourcesOnPlatforms, assertUsableTestDevice, isUniqueViolation, nameTaken } from '@/lib/third-party-catalog/validate-app-input';
import { isServiceTested } from '@/lib/third-party-catalog/tested-state';
import { getThirdPartyApp } from '@/lib/third-party-catalog/get-third-party-app';

export async function updateThirdPartyApp(ctx: ActorContext, id: string, body: UpdateThirdPartyAppInput) {
  try {
    await db.$transaction(async (tx) => {
      const app = await getThirdPartyAppOrThrow(id, tx);
      assertSourcesOnPlatforms(body.platforms ?? app.platforms, body.updateSource ?? (app.updateSource as UpdateSource));
      if (body.testDeviceId !== undefined && body.testDeviceId !== app.testDeviceId) await assertUsableTestDevice(tx, body.testDeviceId);
      const latestVersion = body.latestVersion !== undefined ? body.latestVersion : app.latestVersion;
      await tx.thirdPartyApp.update({
        where: { id },
        data: {
          ...body,
          updateSource: body.updateSource as Prisma.InputJsonValue | undefined,
          inventoryMatch: body.inventoryMatch ? [...new Set(body.inventoryMatch)] : undefined,
          serviceTested: isServiceTested(latestVersion, app.testedVersion),
        },
      });
      await writeAudit(ctx, { action: 'third_party_catalog.update', targetType: 'third_party_app', targetId: id, partnerId: null, orgId: null, details: { name: body.name ?? app.name, fields: Object.keys(body) } }, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(body.name ?? '');
    throw error;
  }
  return getThirdPartyApp(id);
}
