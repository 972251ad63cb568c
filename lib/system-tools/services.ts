// Services of a device (systemd on Linux), read and controlled by its agent.
import { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { deviceCall } from '@/lib/system-tools/device-call';
import { ZService, ZServiceDetail } from '@/lib/system-tools/schemas';

const ZAgentServiceList = z.object({ services: z.array(ZService) });

export type ServiceAction = 'start' | 'stop' | 'restart';

export async function listDeviceServices(ctx: ActorContext, deviceId: string) {
  const { result } = await deviceCall(ctx, deviceId, 'services.list', {}, ZAgentServiceList);
  return { data: result.services, collectedAt: new Date().toISOString() };
}

export async function getDeviceService(ctx: ActorContext, deviceId: string, name: string) {
  return (await deviceCall(ctx, deviceId, 'services.get', { name }, ZServiceDetail)).result;
}

export async function controlDeviceService(ctx: ActorContext, deviceId: string, name: string, action: ServiceAction) {
  const { device, result } = await deviceCall(ctx, deviceId, 'services.action', { name, action }, ZServiceDetail);
  await writeAudit(ctx, {
    action: `device.service.${action}`,
    targetType: 'device',
    targetId: device.id,
    partnerId: device.partnerId,
    orgId: device.orgId,
    details: { service: result.name, activeState: result.activeState, subState: result.subState, hostname: device.hostname },
  });
  return result;
}
