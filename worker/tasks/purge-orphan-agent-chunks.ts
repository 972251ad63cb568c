import type { Task } from 'graphile-worker';
import { purgeOrphanArtifactChunks } from '@/lib/agent-releases/artifact-store';

/** Hourly: database chunks of agent artifact uploads that never finished (older than a day). */
export const purgeOrphanAgentChunksTask: Task = async (_payload, helpers) => {
  const removed = await purgeOrphanArtifactChunks();
  if (removed > 0) helpers.logger.info(`purged ${removed} chunks of unfinished agent artifact uploads`);
};
