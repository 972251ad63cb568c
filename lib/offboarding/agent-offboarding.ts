// The agent side of partner offboarding (doc 1 "States and transitions"). Entering offboarding
// queues a self_uninstall for every enrolled agent and schedules the reaper at the end of the
// drain window; agents meanwhile keep a narrowed credential (lib/agents/authenticate-agent.ts).
import type { Tx } from '@/lib/db';
import { env } from '@/lib/env';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

export const deadlineJobKey = (partnerId: string) => `offboarding-deadline:${partnerId}`;
export const checkJobKey = (partnerId: string) => `offboarding-check:${partnerId}`;

/** Devices whose agent still holds a credential. */
export const LIVE_AGENT_SQL = `agent_id is not null and agent_revoked_at is null and status in ('online', 'offline')`;

export async function startAgentOffboarding(tx: Tx, partnerId: string, startedAt: Date): Promise<number> {
  const queued = await tx.$executeRawUnsafe(
    `insert into device_commands (id, partner_id, org_id, device_id, type, payload, status, source, created_at)
     select gen_random_uuid(), partner_id, org_id, id, 'self_uninstall', '{}'::jsonb, 'pending', 'offboarding', now()
     from devices where partner_id = $1::uuid and ${LIVE_AGENT_SQL}
       and not exists (select 1 from device_commands c where c.device_id = devices.id and c.type = 'self_uninstall' and c.status in ('pending', 'sent'))`,
    partnerId,
  );
  const deadline = new Date(startedAt.getTime() + env().OFFBOARDING_DRAIN_WINDOW_HOURS * 3_600_000);
  await enqueueJob(tx, 'finalize_offboarding', { partnerId, trigger: 'deadline', startedAt: startedAt.toISOString() }, { runAt: deadline, jobKey: deadlineJobKey(partnerId), jobKeyMode: 'replace' });
  // A partner without agents has nothing to drain: finalise at once.
  await enqueueJob(tx, 'finalize_offboarding', { partnerId, trigger: 'check' }, { jobKey: checkJobKey(partnerId) });
  return queued;
}

/** Back to active before the reaper ran: un-collected uninstalls are cancelled, jobs dropped. */
export async function cancelAgentOffboarding(tx: Tx, partnerId: string): Promise<number> {
  const cancelled = await tx.deviceCommand.updateMany({
    where: { partnerId, type: 'self_uninstall', source: 'offboarding', status: 'pending' },
    data: { status: 'cancelled' },
  });
  await tx.$executeRaw`select graphile_worker.remove_job(${deadlineJobKey(partnerId)})`;
  await tx.$executeRaw`select graphile_worker.remove_job(${checkJobKey(partnerId)})`;
  return cancelled.count;
}

/** Churned: every remaining agent credential of the partner is severed, queued commands dropped. */
export async function severAgentCredentials(tx: Tx, partnerId: string): Promise<number> {
  const severed = await tx.$executeRawUnsafe(`update devices set agent_revoked_at = now() where partner_id = $1::uuid and agent_id is not null and agent_revoked_at is null`, partnerId);
  await tx.deviceCommand.updateMany({ where: { partnerId, status: 'pending' }, data: { status: 'cancelled', dedupeKey: null } });
  return severed;
}
