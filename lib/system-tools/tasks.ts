// Scheduled tasks of a device (systemd timers and cron jobs on Linux, the Task Scheduler on
// Windows), read and driven by its agent.
import { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { deviceCall } from '@/lib/system-tools/device-call';
import { auditToolAction } from '@/lib/system-tools/audit-tool';
import { ZTask, ZTaskDetail, ZTaskRun, ZTaskRunResult } from '@/lib/system-tools/task-schemas';

const ZAgentTasks = z.object({ tasks: z.array(ZTask), sources: z.object({ systemd: z.boolean(), cron: z.boolean(), taskScheduler: z.boolean().optional() }) });
const ZAgentHistory = z.object({ runs: z.array(ZTaskRun), journal: z.boolean() });

export async function listDeviceTasks(ctx: ActorContext, deviceId: string) {
  const { result } = await deviceCall(ctx, deviceId, 'tasks.list', {}, ZAgentTasks);
  return { data: result.tasks, sources: result.sources, collectedAt: new Date().toISOString() };
}

export async function getDeviceTask(ctx: ActorContext, deviceId: string, path: string) {
  return (await deviceCall(ctx, deviceId, 'tasks.get', { path }, ZTaskDetail)).result;
}

export async function deviceTaskHistory(ctx: ActorContext, deviceId: string, path: string, limit: number) {
  const { result } = await deviceCall(ctx, deviceId, 'tasks.history', { path, limit }, ZAgentHistory);
  return { data: result.runs, journal: result.journal };
}

export async function runDeviceTask(ctx: ActorContext, deviceId: string, path: string) {
  const { device, result } = await deviceCall(ctx, deviceId, 'tasks.run', { path }, ZTaskRunResult);
  await auditToolAction(ctx, device, 'device.task.run', { task: result.path, target: result.target, runId: result.runId });
  return result;
}

export async function setDeviceTaskEnabled(ctx: ActorContext, deviceId: string, path: string, enabled: boolean) {
  const { device, result } = await deviceCall(ctx, deviceId, enabled ? 'tasks.enable' : 'tasks.disable', { path }, ZTaskDetail);
  await auditToolAction(ctx, device, enabled ? 'device.task.enable' : 'device.task.disable', { task: result.path, enabled: result.enabled });
  return result;
}
