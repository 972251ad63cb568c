import type { Task } from 'graphile-worker';
import { refreshDynamicGroups } from '@/lib/device-groups/refresh-dynamic-groups';

/** Every 5 minutes: dynamic groups follow what changes without an edit (last seen, versions). */
export const refreshDynamicGroupsTask: Task = async (_payload, helpers) => {
  const r = await refreshDynamicGroups();
  if (r.added || r.removed) helpers.logger.info(`dynamic groups: ${r.groups} checked, +${r.added} −${r.removed}`);
};
