import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { executeAutomationRun } from '@/lib/automations/execute-run';
import { matchAutomationEvents, runDueAutomations } from '@/lib/automations/sweeps';

const ZRunPayload = z.object({ runId: z.string().uuid() }).passthrough();

// One automation run: planned, then each pending step, then finished (resumable after a crash).
export const runAutomationTask: Task = async (payload) => {
  await executeAutomationRun(ZRunPayload.parse(payload).runId);
};

// Every minute: recent events matched to event and alert automations.
export const matchAutomationEventsTask: Task = async () => {
  await matchAutomationEvents();
};

// Every minute: schedule automations that are due.
export const runDueAutomationsTask: Task = async () => {
  await runDueAutomations();
};
