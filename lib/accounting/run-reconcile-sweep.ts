// The reconcile sweep over accounting links: one company (woken by its notification) or all of
// them (the periodic run). Each run is recorded in accounting_sweep_runs. Billing plugs the
// per-link reconciliation in here; until it lands the sweep examines and stamps the links.
import { db } from '@/lib/db';
import { logger } from '@/lib/observability/logger';

export interface SweepInput {
  companyId?: string;
  trigger: 'webhook' | 'schedule' | 'manual';
}

export async function runReconcileSweep(input: SweepInput) {
  const run = await db.accountingSweepRun.create({ data: { companyId: input.companyId ?? null, trigger: input.trigger } });
  try {
    const links = await db.accountingLink.findMany({ where: input.companyId ? { companyId: input.companyId } : {}, select: { id: true } });
    const now = new Date();
    if (links.length > 0) await db.accountingLink.updateMany({ where: { id: { in: links.map((l) => l.id) } }, data: { lastSweptAt: now } });
    const done = await db.accountingSweepRun.update({ where: { id: run.id }, data: { status: 'completed', linksExamined: links.length, finishedAt: new Date() } });
    logger.info({ runId: run.id, companyId: input.companyId, links: links.length, trigger: input.trigger }, 'accounting reconcile sweep completed');
    return done;
  } catch (error) {
    await db.accountingSweepRun
      .update({ where: { id: run.id }, data: { status: 'failed', error: String((error as Error).message ?? error).slice(0, 1000), finishedAt: new Date() } })
      .catch(() => undefined);
    throw error;
  }
}
