import { db } from '@/lib/db';
import { reconcileGroup } from '@/lib/device-groups/reconcile-group';

/**
 * Periodic (worker): re-evaluates every dynamic group, which catches what changes without an
 * edit — last-seen windows, versions and hostnames reported by heartbeats. One transaction per
 * group keeps locks short.
 */
export async function refreshDynamicGroups(): Promise<{ groups: number; added: number; removed: number }> {
  let added = 0;
  let removed = 0;
  let cursor: string | undefined;
  let groups = 0;
  for (;;) {
    const batch = await db.deviceGroup.findMany({
      where: { type: 'dynamic', organization: { deletedAt: null } },
      orderBy: { id: 'asc' },
      take: 200,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    for (const group of batch) {
      const r = await db.$transaction((tx) => reconcileGroup(tx, group));
      added += r.added;
      removed += r.removed;
    }
    groups += batch.length;
    if (batch.length < 200) break;
    cursor = batch[batch.length - 1].id;
  }
  return { groups, added, removed };
}
