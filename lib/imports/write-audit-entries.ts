import { randomUUID } from 'node:crypto';
import type { Tx } from '@/lib/db';
import { actorOf, type ActorContext } from '@/lib/auth/context';
import type { AuditEntry } from '@/lib/audit/write-audit';
import { bulkInsert, col } from '@/lib/imports/bulk-insert';

/** Many audit entries of one request in one statement (imports write thousands). */
export async function writeAuditEntries(ctx: ActorContext, entries: AuditEntry[], tx: Tx): Promise<void> {
  const actor = actorOf(ctx);
  const same = (value: unknown) => () => value;
  await bulkInsert(tx, 'audit_logs', [
    col('id', 'uuid', entries, () => randomUUID()),
    col('actor_type', 'text', entries, same(actor.type)),
    col('actor_id', 'uuid', entries, same(actor.id)),
    col('actor_email', 'text', entries, same(actor.email)),
    col('partner_id', 'uuid', entries, (e) => e.partnerId ?? null),
    col('org_id', 'uuid', entries, (e) => e.orgId ?? null),
    col('ip', 'text', entries, same(ctx.ip)),
    col('request_id', 'text', entries, same(ctx.requestId)),
    col('action', 'text', entries, (e) => e.action),
    col('target_type', 'text', entries, (e) => e.targetType ?? null),
    col('target_id', 'text', entries, (e) => e.targetId ?? null),
    col('result', 'text', entries, (e) => e.result ?? 'success'),
    col('details', 'text', entries, (e) => JSON.stringify(e.details ?? {}), 'jsonb'),
  ]);
}
