// The snmp_poll command: this agent is the probe of an SNMP device on its network that the
// server cannot reach. It fetches the poll plan (target, credentials, OIDs), polls with the
// server's own collection code (net-snmp, bundled) and returns the readings as the result,
// which the server stores like its own polls. Wire shapes: lib/snmp/snmp-poll-wire.ts.
import { collectSnmpValues } from '@/lib/snmp/collect-snmp-values';
import { toWirePollResult, type SnmpPollPlan } from '@/lib/snmp/snmp-poll-wire';
import type { CommandResult } from './executor';

export async function runSnmpPoll(commandId: string, fetchPlan: (commandId: string) => Promise<SnmpPollPlan>): Promise<CommandResult> {
  const plan = await fetchPlan(commandId);
  const target = { address: plan.host, port: plan.port, credentials: plan.credentials, timeoutMs: plan.timeoutMs, retries: plan.retries };
  const collected = await collectSnmpValues(target, plan.oids, plan.wantIdentity);
  const result = toWirePollResult(collected, plan.oids);
  // A device that does not answer is a completed poll with ok: false (the device is down, not the command).
  return { status: 'completed', result: result as unknown as Record<string, unknown> };
}
