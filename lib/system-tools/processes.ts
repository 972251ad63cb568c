// Processes of a device, read and signalled by its agent.
import { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { deviceCall } from '@/lib/system-tools/device-call';
import { ZKillResult, ZProcess, type KILL_SIGNALS } from '@/lib/system-tools/schemas';

const ZAgentProcessList = z.object({ processes: z.array(ZProcess), sampledMs: z.number() });

export async function listDeviceProcesses(ctx: ActorContext, deviceId: string) {
  const { result } = await deviceCall(ctx, deviceId, 'processes.list', {}, ZAgentProcessList);
  return { data: result.processes, sampledMs: Math.round(result.sampledMs), collectedAt: new Date().toISOString() };
}

export async function getDeviceProcess(ctx: ActorContext, deviceId: string, pid: number) {
  return (await deviceCall(ctx, deviceId, 'processes.get', { pid }, ZProcess)).result;
}

export async function killDeviceProcess(ctx: ActorContext, deviceId: string, pid: number, signal: (typeof KILL_SIGNALS)[number]) {
  const { device, result } = await deviceCall(ctx, deviceId, 'processes.kill', { pid, signal }, ZKillResult);
  await writeAudit(ctx, {
    action: 'device.process.kill',
    targetType: 'device',
    targetId: device.id,
    partnerId: device.partnerId,
    orgId: device.orgId,
    details: { pid, signal, hostname: device.hostname },
  });
  return result;
}
