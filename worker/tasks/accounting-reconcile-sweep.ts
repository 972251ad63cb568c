import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { runReconcileSweep } from '@/lib/accounting/run-reconcile-sweep';

const ZPayload = z.object({
  companyId: z.string().min(1).max(100).optional(),
  trigger: z.enum(['webhook', 'schedule', 'manual']).default('schedule'),
});

export const accountingReconcileSweepTask: Task = async (payload) => {
  await runReconcileSweep(ZPayload.parse(payload ?? {}));
};
