import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { recomputeDevices, recomputePackages } from '@/lib/vulnerabilities/recompute-findings';
import { sweepExpiredAcceptances } from '@/lib/vulnerabilities/sweep-expired-acceptances';
import { dueFeedIds, refreshFeed } from '@/lib/vulnerabilities/feeds';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { db } from '@/lib/db';

const ZRecompute = z.object({ deviceIds: z.array(z.string().uuid()).max(5000).optional(), packageNames: z.array(z.string().max(255)).max(1000).optional() });

// A device's inventory changed (deviceIds) or a feed changed these packages' advisories (packageNames).
export const vulnerabilityRecomputeTask: Task = async (payload, helpers) => {
  const job = ZRecompute.parse(payload ?? {});
  if (job.deviceIds?.length) {
    const r = await recomputeDevices(job.deviceIds);
    helpers.logger.debug(`findings of ${job.deviceIds.length} device(s): ${r.upserted} upserted, ${r.resolved} resolved`);
  }
  if (job.packageNames?.length) {
    const r = await recomputePackages(job.packageNames);
    helpers.logger.debug(`findings of ${job.packageNames.length} package(s): ${r.upserted} upserted, ${r.resolved} resolved`);
  }
};

const ZRefresh = z.object({ feedId: z.string().uuid() });

// One feed's URL fetched and loaded; a failure is kept on the feed (lastError) and not retried
// before its next refresh is due.
export const refreshVulnerabilityFeedTask: Task = async (payload, helpers) => {
  const { feedId } = ZRefresh.parse(payload);
  await refreshFeed(feedId).catch((e: unknown) => helpers.logger.warn(`feed ${feedId}: ${e instanceof Error ? e.message : String(e)}`));
};

// Hourly: the feeds whose refreshHours have passed are queued, one job each.
export const refreshVulnerabilityFeedsTask: Task = async () => {
  for (const feedId of await dueFeedIds()) await enqueueJob(db, 'refresh_vulnerability_feed', { feedId }, { jobKey: `refresh_vulnerability_feed:${feedId}` });
};

// Every 5 minutes: expired risk acceptances reopen.
export const sweepVulnerabilityAcceptancesTask: Task = async (_payload, helpers) => {
  const n = await sweepExpiredAcceptances();
  if (n) helpers.logger.info(`${n} expired risk acceptance(s) reopened`);
};
