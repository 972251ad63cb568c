import type { Task } from 'graphile-worker';
import { runDueSnmpPolls } from '@/lib/snmp/run-due-snmp-polls';

/** Every minute: poll the SNMP devices that are due. */
export const runDueSnmpPollsTask: Task = async (_payload, helpers) => {
  const r = await runDueSnmpPolls();
  if (r.polled) helpers.logger.debug(`snmp: ${r.polled} polled, ${r.failed} failed`);
};
