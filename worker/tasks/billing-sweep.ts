import type { Task } from 'graphile-worker';
import { runBillingSweep } from '@/lib/billing/run-billing-sweep';

/** Hourly: expire quotes and contracts, invoice every begun contract period. */
export const billingSweepTask: Task = async (_payload, helpers) => {
  const r = await runBillingSweep();
  if (r.periodsGenerated || r.failures.length || r.quotesExpired || r.contractsExpired) {
    helpers.logger.info(`billing sweep: ${r.periodsGenerated} periods invoiced, ${r.failures.length} contracts failed, ${r.quotesExpired} quotes and ${r.contractsExpired} contracts expired`);
  }
};
