import type { Task } from 'graphile-worker';
import { prunePluginApiCalls } from '@/lib/plugins/prune-plugin-api-calls';

export const prunePluginApiCallsTask: Task = async (_payload, helpers) => {
  const deleted = await prunePluginApiCalls();
  helpers.logger.info(`pruned ${deleted} plugin API calls past retention`);
};
