// POST /devices/provision: pre-creates one device row and a single-use enrollment key bound to
// it; the agent that enrolls with that key fills this row instead of creating a new one.
import { z } from 'zod';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { publicBaseUrl } from '@/lib/public-url';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZProvisionDevice } from '@/lib/devices/schemas';
import { resolvePlacement } from '@/lib/devices/resolve-placement';
import { toDeviceDto } from '@/lib/devices/to-device-dto';
import { enforceDeviceLimits } from '@/lib/agents/enforce-device-limits';
import { mintEnrollmentKey, mintEnrollmentSecret } from '@/lib/enrollment-keys/mint-credentials';
import { keyExpiry } from '@/lib/enrollment-keys/create-enrollment-key';
import { reevaluateDeviceGroups } from '@/lib/device-groups/reevaluate-device-groups';
import { installCommand } from '@/lib/agent-releases/render-install-script';

export async function provisionDevice(ctx: ActorContext, input: z.output<typeof ZProvisionDevice>) {
  const minted = mintEnrollmentKey();
  const secret = input.issueEnrollmentSecret ? mintEnrollmentSecret() : null;
  const expiresAt = keyExpiry({ ttlMinutes: input.ttlMinutes });
  const { device, key } = await db.$transaction(async (tx) => {
    const { org, site } = await resolvePlacement(tx, ctx, input.orgId, input.siteId);
    await enforceDeviceLimits(tx, org.partnerId, org.id, null);
    const device = await tx.device.create({
      data: {
        partnerId: org.partnerId,
        orgId: org.id,
        siteId: site?.id ?? null,
        hostname: input.hostname,
        displayName: input.displayName ?? null,
        osType: input.osType ?? null,
        tags: input.tags,
        status: 'pending',
      },
    });
    const key = await tx.enrollmentKey.create({
      data: {
        partnerId: org.partnerId,
        orgId: org.id,
        siteId: site?.id ?? null,
        deviceId: device.id,
        name: `Provisioned device ${input.hostname}`.slice(0, 255),
        keyHash: minted.keyHash,
        keyPrefix: minted.keyPrefix,
        secretHash: secret?.secretHash ?? null,
        maxUsage: 1,
        expiresAt,
        createdById: ctx.userId,
      },
    });
    await reevaluateDeviceGroups(tx, device.id, { actorId: ctx.userId });
    await writeAudit(ctx, { action: 'device.provision', targetType: 'device', targetId: device.id, partnerId: org.partnerId, orgId: org.id, details: { hostname: device.hostname, enrollmentKeyId: key.id } }, tx);
    return { device, key };
  });
  const secretRequired = secret !== null || Boolean(env().AGENT_ENROLLMENT_SECRET);
  return {
    device: toDeviceDto(device),
    enrollment: {
      deviceId: device.id,
      enrollmentKeyId: key.id,
      enrollmentKey: minted.key,
      ...(secret ? { enrollmentSecret: secret.secret } : {}),
      enrollmentSecretRequired: secretRequired,
      expiresAt: key.expiresAt.toISOString(),
      serverUrl: publicBaseUrl(),
      installCommand: installCommand(minted.key, secret?.secret ?? (secretRequired ? '<AGENT_ENROLLMENT_SECRET>' : undefined)),
    },
  };
}
