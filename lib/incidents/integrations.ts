// EDR integrations of an organization and the sync that pulls their findings into edr_findings.
// The token is sealed (bound to the integration id) and never returned. A sync runs as a worker
// job: queued on create and on demand, and every 15 minutes for every enabled integration.
import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { badRequest, conflict, notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { openCredential, sealCredential } from '@/lib/security/credential-box';
import { tenantWhere } from '@/lib/tenancy/scope';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { resolveIncidentOrg } from '@/lib/incidents/scope';
import { fetchFindings, type MappedFinding } from '@/lib/incidents/edr-adapters';
import type { CreateIntegration, EdrProvider } from '@/lib/incidents/schemas';

const PURPOSE = 'edr.api_token';

type Row = Prisma.EdrIntegrationGetPayload<{ include: { _count: { select: { findings: true } } } }>;
const toDto = (r: Row) => ({
  id: r.id,
  orgId: r.orgId,
  provider: r.provider as EdrProvider,
  name: r.name,
  baseUrl: r.baseUrl,
  enabled: r.enabled,
  lastSyncAt: r.lastSyncAt?.toISOString() ?? null,
  lastError: r.lastError,
  findingCount: r._count.findings,
  createdAt: r.createdAt.toISOString(),
});
const include = { _count: { select: { findings: true } } } as const;

export const queueEdrSync = (client: DbOrTx, integrationId: string) => enqueueJob(client, 'sync_edr_findings', { integrationId }, { jobKey: `sync_edr_findings:${integrationId}` });

export async function listIntegrations(ctx: ScopedContext, query: { page: number; limit: number; orgId?: string }) {
  const where: Prisma.EdrIntegrationWhereInput = { ...tenantWhere(ctx), ...(query.orgId ? { AND: [{ orgId: query.orgId }] } : {}) };
  const [rows, total] = await Promise.all([db.edrIntegration.findMany({ where, include, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...pageArgs(query) }), db.edrIntegration.count({ where })]);
  return pageResult(rows.map(toDto), query, total);
}

export async function createIntegration(ctx: ScopedContext, input: CreateIntegration) {
  const owner = await resolveIncidentOrg(ctx, input.orgId);
  const check = await checkWebhookUrl(input.baseUrl);
  if (!check.ok) throw badRequest(`Invalid baseUrl: ${check.reason}`, [{ path: 'baseUrl', message: check.reason }]);
  if (await db.edrIntegration.findFirst({ where: { orgId: owner.orgId, provider: input.provider }, select: { id: true } })) {
    throw conflict(`The organization already has an ${input.provider} integration`, 'INTEGRATION_EXISTS');
  }
  const row = await db.$transaction(async (tx) => {
    const created = await tx.edrIntegration.create({ data: { ...owner, provider: input.provider, name: input.name, baseUrl: input.baseUrl, enabled: input.enabled, apiTokenSealed: '' } });
    const sealed = sealCredential(input.apiToken, { purpose: PURPOSE, boundTo: created.id });
    if (input.enabled) await queueEdrSync(tx, created.id);
    return tx.edrIntegration.update({ where: { id: created.id }, data: { apiTokenSealed: sealed }, include });
  });
  return toDto(row);
}

async function getOrThrow(ctx: ScopedContext, id: string) {
  const row = await db.edrIntegration.findFirst({ where: { id, ...tenantWhere(ctx) }, include });
  if (!row) throw notFound('Integration');
  return row;
}

export async function deleteIntegration(ctx: ScopedContext, id: string): Promise<void> {
  const row = await getOrThrow(ctx, id);
  await db.edrIntegration.delete({ where: { id: row.id } });
}

export async function requestSync(ctx: ScopedContext, id: string) {
  const row = await getOrThrow(ctx, id);
  if (!row.enabled) throw conflict('The integration is disabled', 'INTEGRATION_DISABLED');
  await queueEdrSync(db, row.id);
  return { queued: true };
}

/** A device of the organization by host name: the full name, or its first label, case-insensitive. */
async function deviceIdsByHost(orgId: string, hosts: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(hosts.flatMap((h) => [h.toLowerCase(), h.toLowerCase().split('.')[0]]))];
  if (!wanted.length) return new Map();
  const devices = await db.device.findMany({ where: { orgId, hostname: { in: wanted, mode: 'insensitive' } }, select: { id: true, hostname: true } });
  const map = new Map(devices.map((d) => [d.hostname.toLowerCase(), d.id]));
  return new Map(hosts.map((h) => [h, map.get(h.toLowerCase()) ?? map.get(h.toLowerCase().split('.')[0])]).filter((e): e is [string, string] => !!e[1]));
}

/** Pulls the integration's findings: new ones inserted, known ones refreshed, vanished untracked ones removed. */
export async function runEdrSync(integrationId: string): Promise<{ fetched: number } | null> {
  const integration = await db.edrIntegration.findUnique({ where: { id: integrationId } });
  if (!integration || !integration.enabled) return null;
  let findings: MappedFinding[];
  try {
    const token = openCredential(integration.apiTokenSealed, { purpose: PURPOSE, boundTo: integration.id });
    findings = await fetchFindings(integration.provider as EdrProvider, integration.baseUrl, token);
  } catch (error) {
    // Recorded for the console; the next scheduled sync tries again.
    await db.edrIntegration.update({ where: { id: integration.id }, data: { lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1000) } });
    return null;
  }
  const hosts = await deviceIdsByHost(integration.orgId, findings.map((f) => f.hostname).filter((h): h is string => !!h));
  await db.$transaction(async (tx) => {
    for (const f of findings) {
      const data = { title: f.title.slice(0, 500), severity: f.severity, edrStatus: f.edrStatus?.slice(0, 64) ?? null, hostname: f.hostname?.slice(0, 255) ?? null, deviceId: (f.hostname && hosts.get(f.hostname)) || null, detectedAt: f.detectedAt, linkOut: f.linkOut, raw: f.raw as Prisma.InputJsonValue, syncedAt: new Date() };
      const row = await tx.edrFinding.upsert({
        where: { integrationId_externalId: { integrationId: integration.id, externalId: f.externalId } },
        create: { integrationId: integration.id, partnerId: integration.partnerId, orgId: integration.orgId, source: integration.provider, externalId: f.externalId, ...data },
        update: data,
      });
      if (row.trackedIncidentId) await tx.incident.update({ where: { id: row.trackedIncidentId }, data: { edrStatus: data.edrStatus } });
    }
    await tx.edrFinding.deleteMany({ where: { integrationId: integration.id, trackedIncidentId: null, externalId: { notIn: findings.map((f) => f.externalId) } } });
    await tx.edrIntegration.update({ where: { id: integration.id }, data: { lastSyncAt: new Date(), lastError: null } });
  });
  return { fetched: findings.length };
}

export async function enabledIntegrationIds(): Promise<string[]> {
  return (await db.edrIntegration.findMany({ where: { enabled: true }, select: { id: true } })).map((r) => r.id);
}
