// The probe agent's side of a scan: fetching the SNMP credentials of the running job, streaming
// batches of found hosts, and the final command result. Every reported address is checked
// against the job's subnets (a copy of the profile's when the job was queued): anything outside
// is dropped and counted, never stored. Hosts become assets, deduplicated per organization by
// MAC, then by IP, then by hostname.
import type { AgentContext } from '@/lib/auth/context';
import { db, type Tx } from '@/lib/db';
import type { DeviceCommand, DiscoveryAsset, DiscoveryJob, Prisma } from '@/lib/generated/prisma/client';
import { AppError, notFound } from '@/lib/http/errors';
import { inAnySubnet } from '@/lib/discovery/cidr';
import { macVendor, normalizeMac } from '@/lib/discovery/oui';
import { ACTIVE_JOB_STATUSES } from '@/lib/discovery/schemas';
import { unsealCredentials } from '@/lib/discovery/to-dto';
import type { ScanBatch, ScannedHost } from '@/lib/discovery/scan-wire';

async function agentJob(ctx: AgentContext, jobId: string, client: Tx | typeof db = db): Promise<DiscoveryJob> {
  const job = await client.discoveryJob.findFirst({ where: { id: jobId, probeDeviceId: ctx.deviceId, partnerId: ctx.partnerId } });
  if (!job) throw notFound('Discovery job');
  return job;
}

function notRunning(job: DiscoveryJob) {
  return new AppError('JOB_NOT_RUNNING', 409, `The scan is ${job.status}: stop scanning`);
}

export async function handOverScanCredentials(ctx: AgentContext, jobId: string) {
  const job = await agentJob(ctx, jobId);
  if (!ACTIVE_JOB_STATUSES.includes(job.status as 'queued')) throw notRunning(job);
  const profile = job.profileId ? await db.discoveryProfile.findUnique({ where: { id: job.profileId } }) : null;
  return { credentials: profile ? unsealCredentials(profile.snmpCredentialsSealed) : [] };
}

async function findExisting(tx: Tx, orgId: string, host: ScannedHost, mac: string | null): Promise<DiscoveryAsset | null> {
  if (mac) {
    const byMac = await tx.discoveryAsset.findFirst({ where: { orgId, mac } });
    if (byMac) return byMac;
  }
  // A host seen without a MAC (beyond a router) matches whatever holds its IP; a host with a MAC
  // only takes over an asset that had none.
  const macFree = mac ? { mac: null } : {};
  const byIp = await tx.discoveryAsset.findFirst({ where: { orgId, ip: host.ip, ...macFree }, orderBy: { lastSeenAt: 'desc' } });
  if (byIp) return byIp;
  if (host.hostname) return tx.discoveryAsset.findFirst({ where: { orgId, hostname: { equals: host.hostname, mode: 'insensitive' }, ...macFree }, orderBy: { lastSeenAt: 'desc' } });
  return null;
}

async function upsertAsset(tx: Tx, job: DiscoveryJob, host: ScannedHost, gateway: string | null): Promise<'created' | 'updated'> {
  const mac = normalizeMac(host.mac);
  const existing = await findExisting(tx, job.orgId, host, mac);
  const now = new Date();
  const fields = {
    ip: host.ip,
    ...(mac ? { mac, vendor: macVendor(mac) } : {}),
    ...(host.hostname ? { hostname: host.hostname } : {}),
    openPorts: [...new Set(host.openPorts)].sort((a, b) => a - b),
    ...(host.snmp ? { snmp: host.snmp as Prisma.InputJsonValue } : {}),
    ...(host.neighbors.length ? { neighbors: host.neighbors as Prisma.InputJsonValue } : {}),
    isGateway: gateway === host.ip,
    lastSeenAt: now,
    lastJobId: job.id,
    profileId: job.profileId,
  };
  if (existing) {
    await tx.discoveryAsset.update({ where: { id: existing.id }, data: fields });
    return 'updated';
  }
  await tx.discoveryAsset.create({ data: { partnerId: job.partnerId, orgId: job.orgId, firstSeenAt: now, ...fields } });
  return 'created';
}

export async function recordScanBatch(ctx: AgentContext, jobId: string, batch: ScanBatch) {
  return db.$transaction(async (tx) => {
    await agentJob(ctx, jobId, tx);
    // Batches of one job, and scans of one organization, are applied one at a time.
    const [job] = await tx.$queryRaw<DiscoveryJob[]>`select id from discovery_jobs where id = ${jobId}::uuid for update`;
    const current = await tx.discoveryJob.findUniqueOrThrow({ where: { id: job.id } });
    if (!ACTIVE_JOB_STATUSES.includes(current.status as 'queued')) throw notRunning(current);
    await tx.$executeRaw`select pg_advisory_xact_lock(hashtext('discovery_assets'), hashtext(${current.orgId}))`;
    const rejected: string[] = [];
    let created = 0;
    let accepted = 0;
    const gateway = batch.gateway ?? current.gateway;
    for (const host of batch.hosts) {
      if (!inAnySubnet(current.subnets, host.ip)) {
        rejected.push(host.ip);
        continue;
      }
      accepted++;
      if ((await upsertAsset(tx, current, host, gateway)) === 'created') created++;
    }
    const updated = await tx.discoveryJob.update({
      where: { id: current.id },
      data: {
        status: 'running',
        startedAt: current.startedAt ?? new Date(),
        targetsScanned: Math.max(current.targetsScanned, Math.min(batch.scanned, batch.total || batch.scanned)),
        ...(batch.total > 0 ? { targetsTotal: batch.total } : {}),
        hostsFound: { increment: accepted },
        newAssets: { increment: created },
        rejectedHosts: { increment: rejected.length },
        ...(batch.gateway ? { gateway: batch.gateway } : {}),
      },
    });
    return { accepted, rejected, status: updated.status };
  });
}

/** Called for every discovery_scan result: the job takes the command's final status. */
export async function recordDiscoveryCommandResult(tx: Tx, command: Pick<DeviceCommand, 'id' | 'type'>, input: { status: string; stderr?: string | null; result?: unknown }) {
  if (command.type !== 'discovery_scan') return;
  const job = await tx.discoveryJob.findFirst({ where: { commandId: command.id } });
  if (!job || !ACTIVE_JOB_STATUSES.includes(job.status as 'queued')) return;
  const result = (input.result ?? {}) as { scanned?: unknown; total?: unknown };
  const status = input.status === 'completed' ? 'completed' : input.status === 'cancelled' ? 'cancelled' : input.status === 'timed_out' ? 'timed_out' : 'failed';
  await tx.discoveryJob.update({
    where: { id: job.id },
    data: {
      status,
      finishedAt: new Date(),
      startedAt: job.startedAt ?? new Date(),
      ...(typeof result.scanned === 'number' ? { targetsScanned: Math.max(0, Math.floor(result.scanned)) } : {}),
      ...(typeof result.total === 'number' && result.total > 0 ? { targetsTotal: Math.floor(result.total) } : {}),
      ...(status === 'completed' ? {} : { error: (input.stderr ?? `The scan ended ${status}`).slice(0, 2000) }),
    },
  });
}
