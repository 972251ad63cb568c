// The agent's result of a patch_install / patch_rollback command (from the command-result
// path): each package's outcome moves its device patch and fires patch.installed,
// patch.failed or patch.rollback; the job completes, partially fails or fails, and keeps what
// the agent said about a reboot (needed, scheduled).
import { z } from 'zod';
import type { Tx } from '@/lib/db';
import type { DeviceCommand, Prisma } from '@/lib/generated/prisma/client';
import type { AgentContext } from '@/lib/auth/context';
import { emitEvents, type EmitEventInput } from '@/lib/events/emit-event';

export const PATCH_JOB_COMMANDS = ['patch_install', 'patch_rollback'];

const ZOutcomes = z.array(
  z.object({
    patchId: z.string().uuid().nullish(),
    name: z.string().max(255),
    version: z.string().max(128),
    status: z.enum(['installed', 'failed']),
    installedVersion: z.string().max(128).nullish(),
    error: z.string().max(4000).nullish(),
  }),
);

export async function recordPatchJobResult(tx: Tx, ctx: AgentContext, command: DeviceCommand, input: { status: string; stderr: string | null; result?: Record<string, unknown> }) {
  const job = await tx.patchJob.findFirst({ where: { commandId: command.id, deviceId: ctx.deviceId } });
  if (!job || !['queued', 'running'].includes(job.status)) return;
  const parsed = ZOutcomes.safeParse(input.result?.packages ?? []);
  const reported = parsed.success ? parsed.data : [];
  const rows = await tx.devicePatch.findMany({ where: { deviceId: job.deviceId, patchId: { in: job.patchIds } }, include: { patch: true } });
  const now = new Date();
  const rollback = job.kind === 'rollback';
  const fallbackError = input.stderr?.slice(0, 4000) || `The agent reported ${input.status} without a result for this package`;
  const results = [];
  const events: EmitEventInput[] = [];
  for (const row of rows) {
    const o = reported.find((p) => p.patchId === row.patchId) ?? reported.find((p) => p.name === row.patch.name);
    const ok = o?.status === 'installed';
    const error = ok ? null : (o?.error ?? fallbackError);
    results.push({ patchId: row.patchId, name: row.patch.name, version: o?.version ?? (rollback ? (row.installedVersion ?? '') : row.patch.version), status: ok ? 'installed' : 'failed', installedVersion: o?.installedVersion ?? null, error });
    const data: Prisma.DevicePatchUpdateInput = rollback
      ? ok ? { status: 'rolled_back', installedAt: null, lastError: null, lastJobId: job.id } : { lastError: error, lastJobId: job.id }
      : ok ? { status: 'installed', installedAt: now, lastError: null, lastJobId: job.id } : { status: 'failed', lastError: error, lastJobId: job.id };
    await tx.devicePatch.update({ where: { id: row.id }, data });
    const common = { patchId: row.patchId, jobId: job.id, deviceId: job.deviceId, hostname: ctx.hostname, source: row.patch.source, name: row.patch.name, severity: row.patch.severity };
    if (rollback && ok) events.push({ type: 'patch.rollback', partnerId: job.partnerId, orgId: job.orgId, data: { ...common, fromVersion: row.patch.version, toVersion: o?.installedVersion ?? row.installedVersion } });
    else if (rollback) events.push({ type: 'patch.failed', partnerId: job.partnerId, orgId: job.orgId, data: { ...common, version: row.installedVersion, operation: 'rollback', error } });
    else if (ok) events.push({ type: 'patch.installed', partnerId: job.partnerId, orgId: job.orgId, data: { ...common, version: row.patch.version, previousVersion: row.installedVersion } });
    else events.push({ type: 'patch.failed', partnerId: job.partnerId, orgId: job.orgId, data: { ...common, version: row.patch.version, operation: 'install', error } });
  }
  const okCount = results.filter((r) => r.status === 'installed').length;
  const flag = (v: unknown) => (typeof v === 'boolean' ? v : null);
  await tx.patchJob.update({
    where: { id: job.id },
    data: {
      status: okCount === results.length && results.length > 0 ? 'completed' : okCount === 0 ? 'failed' : 'partially_failed',
      results: results as Prisma.InputJsonValue,
      completedAt: now,
      error: okCount === results.length ? null : fallbackError,
      rebootRequired: flag(input.result?.rebootRequired),
      rebootScheduled: flag(input.result?.rebootScheduled),
    },
  });
  await emitEvents(tx, events);
}
