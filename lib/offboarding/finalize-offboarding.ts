// The offboarding reaper: moves an offboarding partner to churned once every agent has
// uninstalled or the drain window (OFFBOARDING_DRAIN_WINDOW_HOURS) has closed, whichever comes
// first, and then severs the remaining agent credentials.
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { AnonymousContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { LIVE_AGENT_SQL, severAgentCredentials } from '@/lib/offboarding/agent-offboarding';

export type FinalizeTrigger = 'deadline' | 'check';
export type FinalizeOutcome = 'churned' | 'waiting' | 'not_offboarding' | 'stale';

const system: AnonymousContext = { kind: 'anonymous', requestId: 'worker', ip: null };

export async function finalizeOffboarding(partnerId: string, trigger: FinalizeTrigger, startedAt?: string): Promise<FinalizeOutcome> {
  return db.$transaction(async (tx) => {
    const [partner] = await tx.$queryRaw<{ status: string; offboarding_started_at: Date | null }[]>`
      select status, offboarding_started_at from partners where id = ${partnerId}::uuid and deleted_at is null for update`;
    if (!partner || partner.status !== 'offboarding' || !partner.offboarding_started_at) return 'not_offboarding';
    // The deadline job of an earlier, cancelled offboarding must not end a later one early.
    if (trigger === 'deadline' && startedAt && new Date(startedAt).getTime() !== partner.offboarding_started_at.getTime()) return 'stale';
    const windowMs = env().OFFBOARDING_DRAIN_WINDOW_HOURS * 3_600_000;
    // The deadline job runs when the window closes (graphile-worker's run_at is the clock).
    const windowClosed = trigger === 'deadline' || partner.offboarding_started_at.getTime() + windowMs <= Date.now();
    const [{ remaining }] = await tx.$queryRawUnsafe<{ remaining: number }[]>(
      `select count(*)::int as remaining from devices where partner_id = $1::uuid and ${LIVE_AGENT_SQL}`,
      partnerId,
    );
    if (remaining > 0 && !windowClosed) return 'waiting';
    await tx.partner.update({ where: { id: partnerId }, data: { status: 'churned' } });
    const severed = await severAgentCredentials(tx, partnerId);
    await writeAudit(system, {
      action: 'partner.churned',
      targetType: 'partner',
      targetId: partnerId,
      partnerId,
      orgId: null,
      actor: { type: 'system', id: null, email: null },
      details: { reason: remaining === 0 ? 'all_agents_uninstalled' : 'drain_window_closed', severedAgents: severed },
    }, tx);
    return 'churned';
  });
}

/** Periodic safety net: re-checks every offboarding partner against the clock. */
export async function sweepOffboardingPartners(): Promise<number> {
  const partners = await db.partner.findMany({ where: { status: 'offboarding', deletedAt: null }, select: { id: true } });
  let churned = 0;
  for (const p of partners) if ((await finalizeOffboarding(p.id, 'check')) === 'churned') churned++;
  return churned;
}
