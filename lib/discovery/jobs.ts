// Scans: a job row and its discovery_scan command are written in one transaction; the probe
// agent claims the command on its next heartbeat. Cancel withdraws a pending command or asks the
// agent to stop a running one (cancel_command); the job is final at once either way. Scheduled
// profiles are scanned by the worker (run_discovery_schedules), and jobs whose command ended
// without a result (timed out, withdrawn) are closed by the same sweep.
import type { z } from 'zod';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { db, type Tx } from '@/lib/db';
import type { DiscoveryProfile, Prisma } from '@/lib/generated/prisma/client';
import { AppError, notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { getProfileOrThrow } from '@/lib/discovery/profiles';
import { ACTIVE_JOB_STATUSES, type ZListJobsQuery } from '@/lib/discovery/schemas';
import { profileAddressCount, profileOptions, toJobDto, unsealCredentials } from '@/lib/discovery/to-dto';
import type { ScanPayload } from '@/lib/discovery/scan-wire';

export async function getJobOrThrow(ctx: ScopedContext, id: string, client: Tx | typeof db = db) {
  const job = await client.discoveryJob.findFirst({ where: { id, ...tenantWhere(ctx) } });
  if (!job) throw notFound('Discovery job');
  return job;
}

/** Queues one scan of the profile; 409 while another of its scans is active. */
export async function queueScanInTx(tx: Tx, profile: DiscoveryProfile, trigger: 'manual' | 'schedule', requestedBy: string | null) {
  // One active scan per profile, race-free: the profile row is the lock.
  await tx.$queryRaw`select id from discovery_profiles where id = ${profile.id}::uuid for update`;
  const active = await tx.discoveryJob.findFirst({ where: { profileId: profile.id, status: { in: ACTIVE_JOB_STATUSES } }, select: { id: true } });
  if (active) throw new AppError('SCAN_IN_PROGRESS', 409, 'A scan of this profile is already queued or running', [{ path: 'profileId', message: `Job ${active.id}` }]);
  const device = await tx.device.findFirst({ where: { id: profile.probeDeviceId, partnerId: profile.partnerId } });
  if (!device || !acceptsCommands(device)) throw new AppError('PROBE_UNAVAILABLE', 409, 'The probe device is decommissioned or uninstalled: choose another probe');
  const ignored = await tx.discoveryAsset.findMany({ where: { orgId: profile.orgId, ignoredAt: { not: null } }, select: { ip: true }, take: 4096 });
  const options = profileOptions(profile);
  const job = await tx.discoveryJob.create({
    data: {
      partnerId: profile.partnerId,
      orgId: profile.orgId,
      profileId: profile.id,
      probeDeviceId: device.id,
      trigger,
      subnets: profile.subnets,
      ports: profile.ports,
      targetsTotal: profileAddressCount(profile.subnets),
      requestedBy,
    },
  });
  const payload: ScanPayload = {
    jobId: job.id,
    subnets: profile.subnets,
    ports: profile.ports,
    exclude: ignored.map((a) => a.ip),
    snmp: { port: profile.snmpPort, credentials: unsealCredentials(profile.snmpCredentialsSealed).length },
    ...options,
  };
  const command = await tx.deviceCommand.create({
    data: { partnerId: device.partnerId, orgId: device.orgId, deviceId: device.id, type: 'discovery_scan', payload: payload as unknown as Prisma.InputJsonValue, source: 'system', createdById: requestedBy },
  });
  await tx.discoveryProfile.update({
    where: { id: profile.id },
    data: { lastScanAt: new Date(), ...(profile.scheduleIntervalMinutes && profile.enabled ? { nextRunAt: new Date(Date.now() + profile.scheduleIntervalMinutes * 60_000) } : {}) },
  });
  return tx.discoveryJob.update({ where: { id: job.id }, data: { commandId: command.id } });
}

export async function startScan(ctx: ActorContext, profileId: string) {
  return db.$transaction(async (tx) => {
    const profile = await getProfileOrThrow(ctx, profileId, tx);
    if (!profile.enabled) throw new AppError('PROFILE_DISABLED', 409, 'The profile is disabled: enable it to scan');
    return toJobDto(await queueScanInTx(tx, profile, 'manual', ctx.userId));
  });
}

export async function listJobs(ctx: ScopedContext, q: z.output<typeof ZListJobsQuery>) {
  const where: Prisma.DiscoveryJobWhereInput = {
    AND: [tenantWhere(ctx), q.orgId ? { orgId: q.orgId } : {}, q.profileId ? { profileId: q.profileId } : {}, q.status ? { status: q.status } : {}],
  };
  const [rows, total] = await Promise.all([db.discoveryJob.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(q) }), db.discoveryJob.count({ where })]);
  return pageResult(rows.map(toJobDto), q, total);
}

export async function getJob(ctx: ScopedContext, id: string) {
  return toJobDto(await getJobOrThrow(ctx, id));
}

/** 409 JOB_FINISHED for a final job; otherwise the job is cancelled at once. */
export async function cancelJob(ctx: ActorContext, id: string) {
  return db.$transaction(async (tx) => {
    const job = await getJobOrThrow(ctx, id, tx);
    const moved = await tx.discoveryJob.updateMany({ where: { id: job.id, status: { in: ACTIVE_JOB_STATUSES } }, data: { status: 'cancelled', finishedAt: new Date() } });
    if (moved.count === 0) throw new AppError('JOB_FINISHED', 409, `The scan is already ${job.status}`);
    if (job.commandId) {
      const withdrawn = await tx.deviceCommand.updateMany({ where: { id: job.commandId, status: 'pending' }, data: { status: 'cancelled', completedAt: new Date() } });
      if (withdrawn.count === 0) {
        const command = await tx.deviceCommand.findUnique({ where: { id: job.commandId }, select: { status: true } });
        if (command?.status === 'sent') {
          await tx.deviceCommand.create({ data: { partnerId: job.partnerId, orgId: job.orgId, deviceId: job.probeDeviceId, type: 'cancel_command', payload: { commandId: job.commandId }, source: 'system', createdById: ctx.userId } });
        }
      }
    }
    return toJobDto(await tx.discoveryJob.findUniqueOrThrow({ where: { id: job.id } }));
  });
}

/** Worker: queues the scans of scheduled profiles that are due. Returns how many were queued. */
export async function runDueDiscoveryScans(now = new Date()): Promise<number> {
  const due = await db.discoveryProfile.findMany({ where: { enabled: true, nextRunAt: { lte: now } }, orderBy: { nextRunAt: 'asc' }, take: 100 });
  let queued = 0;
  for (const profile of due) {
    try {
      await db.$transaction((tx) => queueScanInTx(tx, profile, 'schedule', null));
      queued++;
    } catch (error) {
      // Still scanning, or no usable probe: try again at the next interval.
      if (!(error instanceof AppError)) throw error;
      await db.discoveryProfile.update({ where: { id: profile.id }, data: { nextRunAt: new Date(now.getTime() + (profile.scheduleIntervalMinutes ?? 60) * 60_000) } });
    }
  }
  return queued;
}

/** Worker: closes active jobs whose command ended without a result (timed out, withdrawn, failed). */
export async function sweepDiscoveryJobs(): Promise<number> {
  return db.$executeRaw`
    update discovery_jobs j set
      status = case when c.status = 'timed_out' then 'timed_out' when c.status = 'cancelled' then 'cancelled' else 'failed' end,
      error = coalesce(j.error, c.stderr, 'The scan command ended without a result'),
      finished_at = now(), updated_at = now()
    from device_commands c
    where c.id = j.command_id and j.status in ('queued', 'running') and c.status in ('timed_out', 'cancelled', 'failed')`;
}
