// POST /third-party-catalog/:id/test: a smoke test installs the version on the app's test device
// through the device's package manager (a software_install command) and is judged when the
// agent's result arrives (record-third-party-test-result.ts).
import { randomUUID } from 'node:crypto';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { AppError, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import type { SoftwareInstallPayload, UpdateSource } from '@/lib/third-party-catalog/schemas';
import { getThirdPartyAppOrThrow } from '@/lib/third-party-catalog/get-third-party-app-or-throw';
import { toThirdPartyTestDto } from '@/lib/third-party-catalog/to-third-party-dto';

export async function runThirdPartyTest(ctx: ActorContext, id: string, version: string) {
  return db.$transaction(async (tx) => {
    const app = await getThirdPartyAppOrThrow(id, tx);
    const device = app.testDeviceId ? await tx.device.findUnique({ where: { id: app.testDeviceId } }) : null;
    if (!device) throw conflict('No test device is set for this application: PATCH testDeviceId first', 'NO_TEST_DEVICE');
    if (!acceptsCommands(device)) throw new AppError('DEVICE_INACTIVE', 409, `The test device is ${device.status}: it takes no commands`, { deviceId: device.id });
    const source = device.osType ? (app.updateSource as UpdateSource)[device.osType] : undefined;
    if (!source) {
      throw conflict(`The application has no update source for the test device's operating system (${device.osType ?? 'unknown'})`, 'NO_UPDATE_SOURCE', { osType: device.osType, deviceId: device.id });
    }
    const testId = randomUUID();
    const payload: SoftwareInstallPayload = { thirdPartyTestId: testId, package: { kind: 'package_manager', manager: source.manager, name: source.name, version: version === 'latest' ? null : version } };
    const command = await tx.deviceCommand.create({
      data: { partnerId: device.partnerId, orgId: device.orgId, deviceId: device.id, type: 'software_install', payload: payload as unknown as Prisma.InputJsonValue, source: 'user', createdById: ctx.userId },
    });
    const test = await tx.thirdPartyAppTest.create({
      data: { id: testId, appId: app.id, version, deviceId: device.id, commandId: command.id, manager: source.manager, packageName: source.name, createdById: ctx.userId },
    });
    // The device's partner sees in its own audit log why a system operator installed software there.
    await writeAudit(ctx, { action: 'third_party_catalog.test', targetType: 'third_party_app', targetId: app.id, partnerId: device.partnerId, orgId: device.orgId, details: { name: app.name, version, testId, deviceId: device.id, commandId: command.id } }, tx);
    return toThirdPartyTestDto(test, command, device.hostname);
  });
}
