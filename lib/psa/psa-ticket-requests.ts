// Tickets the service opens in the partner's PSA when its service management is `external`.
// Where a ticket would be created here (an automation's create_ticket action, typically fired by
// an alert), a request row is written instead, in the same transaction, with its
// open_psa_ticket job. The job opens the ticket through the connection's adapter and records
// the PSA's id and link. A request is unique per alert (and per automation step), so a repeat
// finds the existing one. Throttling and PSA outages (429, 5xx, no answer) fail the job so the
// worker retries it with backoff; a refusal (bad credentials, a rejected ticket) is recorded on
// the request and not retried. Resolving the alert queues update_psa_ticket, which adds an
// internal note and closes the PSA ticket when the alert resolved by itself and the ticket was
// opened automatically (nobody took it on by hand); otherwise the note is all it adds.
import { db, type DbOrTx } from '@/lib/db';
import type { Alert, PsaTicketRequest } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { getAlertOrThrow } from '@/lib/alerts/get-alert-or-throw';
import { AppError, conflict, notFound } from '@/lib/http/errors';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { readServiceManagementMode } from '@/lib/partners/to-partner-dto';
import { adapterFor } from './connection-credentials';
import { PsaError } from './psa-error';
import { psaExternalSystem } from './read-import-companies';

/** Attempts of one job before it stays failed: with graphile's backoff, about a day. */
const MAX_ATTEMPTS = 12;

/** The connection the partner's tickets live in, or null unless its mode is `external`. */
export async function externalPsaConnectionId(client: DbOrTx, partnerId: string): Promise<string | null> {
  const partner = await client.partner.findUnique({ where: { id: partnerId }, select: { serviceManagementMode: true, serviceManagementPsaConnectionId: true } });
  if (!partner || readServiceManagementMode(partner.serviceManagementMode) !== 'external') return null;
  return partner.serviceManagementPsaConnectionId;
}

export interface PsaTicketInput {
  partnerId: string;
  connectionId: string;
  orgId: string;
  alertId: string | null;
  sourceKey: string;
  origin: 'automation' | 'manual';
  subject: string;
  description: string;
}

/** Writes the request (or finds the one already made for the same source) and queues its job. */
export async function requestPsaTicket(tx: DbOrTx, input: PsaTicketInput): Promise<{ request: PsaTicketRequest; created: boolean }> {
  const existing = await tx.psaTicketRequest.findFirst({ where: { OR: [{ sourceKey: input.sourceKey }, ...(input.alertId ? [{ alertId: input.alertId }] : [])] } });
  if (existing) return { request: existing, created: false };
  const request = await tx.psaTicketRequest.create({ data: { ...input, subject: input.subject.slice(0, 255), description: input.description.slice(0, 10_000) } });
  await enqueueJob(tx, 'open_psa_ticket', { requestId: request.id }, { jobKey: `open_psa_ticket:${request.id}`, maxAttempts: MAX_ATTEMPTS });
  return { request, created: true };
}

/** Inside the resolving transaction: marks the alert's PSA ticket for its resolution note. */
export async function queuePsaTicketResolution(tx: DbOrTx, alert: Pick<Alert, 'id' | 'resolvedBySystem'>): Promise<void> {
  const moved = await tx.psaTicketRequest.updateMany({ where: { alertId: alert.id, resolution: null }, data: { resolution: 'pending', resolvedBySystem: alert.resolvedBySystem } });
  if (!moved.count) return;
  const request = await tx.psaTicketRequest.findUniqueOrThrow({ where: { alertId: alert.id }, select: { id: true, status: true } });
  // A ticket still being opened gets its note once open_psa_ticket has finished.
  if (request.status === 'open') await enqueueJob(tx, 'update_psa_ticket', { requestId: request.id }, { jobKey: `update_psa_ticket:${request.id}`, maxAttempts: MAX_ATTEMPTS });
}

/** Whether a failure is worth retrying: the PSA throttled us or was unavailable. */
const transient = (error: PsaError) => error.kind === 'rate_limited' || (error.kind === 'unavailable' && (error.status === null || error.status >= 500));

async function connectionOf(request: PsaTicketRequest) {
  return db.psaConnection.findUnique({ where: { id: request.connectionId } });
}

async function fail(request: PsaTicketRequest, error: PsaError | AppError, field: 'status' | 'resolution'): Promise<void> {
  await db.psaTicketRequest.update({ where: { id: request.id }, data: { [field]: 'failed', lastError: error.message.slice(0, 1000), attempts: { increment: 1 } } });
}

/** The open_psa_ticket job. Throws (for a retry) only on a transient PSA failure. */
export async function openPsaTicket(requestId: string): Promise<void> {
  const request = await db.psaTicketRequest.findUnique({ where: { id: requestId } });
  if (!request || request.status !== 'pending') return; // opened, failed for good, or gone
  const connection = await connectionOf(request);
  if (!connection) return;
  const link = await db.organizationExternalLink.findFirst({ where: { partnerId: request.partnerId, orgId: request.orgId, externalSystem: psaExternalSystem(connection.id) }, select: { externalId: true } });
  let ticket;
  let url: string | null;
  try {
    const adapter = adapterFor(connection);
    ticket = await adapter.createTicket({ companyExternalId: link?.externalId ?? null, summary: request.subject, description: request.description });
    url = adapter.ticketUrl(ticket.externalId);
  } catch (error) {
    if (error instanceof PsaError && transient(error)) {
      await db.psaTicketRequest.update({ where: { id: request.id }, data: { attempts: { increment: 1 }, lastError: error.message.slice(0, 1000) } });
      throw error;
    }
    if (error instanceof PsaError || error instanceof AppError) return fail(request, error, 'status');
    throw error;
  }
  await db.$transaction(async (tx) => {
    const row = await tx.psaTicketRequest.update({
      where: { id: request.id },
      data: { status: 'open', externalId: ticket.externalId, url: url?.slice(0, 2048) ?? null, openedAt: new Date(), lastError: null, attempts: { increment: 1 } },
    });
    // The alert resolved while the ticket was being opened: its note follows now.
    if (row.resolution === 'pending') await enqueueJob(tx, 'update_psa_ticket', { requestId: row.id }, { jobKey: `update_psa_ticket:${row.id}`, maxAttempts: MAX_ATTEMPTS });
  });
  // The local copy shows the ticket in the service desk before the next sync.
  await db.psaTicket.upsert({
    where: { connectionId_externalId: { connectionId: connection.id, externalId: ticket.externalId } },
    create: { connectionId: connection.id, partnerId: connection.partnerId, externalId: ticket.externalId, companyExternalId: ticket.companyExternalId, companyName: ticket.companyName, summary: ticket.summary, status: ticket.status, priority: ticket.priority, remoteCreatedAt: ticket.createdAt, remoteUpdatedAt: ticket.updatedAt },
    update: {},
  });
}

/** The update_psa_ticket job: the resolution note, and the close when the rule above says so. */
export async function updatePsaTicketForResolution(requestId: string): Promise<void> {
  const request = await db.psaTicketRequest.findUnique({ where: { id: requestId } });
  if (!request || request.status !== 'open' || request.resolution !== 'pending' || !request.externalId || !request.alertId) return;
  const connection = await connectionOf(request);
  if (!connection) return;
  const alert = await db.alert.findUnique({ where: { id: request.alertId }, select: { resolvedAt: true, resolutionNote: true } });
  const close = request.resolvedBySystem && request.origin === 'automation';
  const when = (alert?.resolvedAt ?? new Date()).toISOString();
  const note = [
    request.resolvedBySystem ? `The alert resolved by itself at ${when}: its condition cleared.` : `The alert was resolved by a technician at ${when}.`,
    alert?.resolutionNote ? `Note: ${alert.resolutionNote}` : null,
    close ? 'Closing this ticket, which the RMM opened automatically.' : null,
  ]
    .filter(Boolean)
    .join('\n');
  try {
    await adapterFor(connection).updateTicket(request.externalId, { note, close });
  } catch (error) {
    if (error instanceof PsaError && transient(error)) {
      await db.psaTicketRequest.update({ where: { id: request.id }, data: { attempts: { increment: 1 }, lastError: error.message.slice(0, 1000) } });
      throw error;
    }
    if (error instanceof PsaError || error instanceof AppError) return fail(request, error, 'resolution');
    throw error;
  }
  await db.psaTicketRequest.update({ where: { id: request.id }, data: { resolution: close ? 'closed' : 'noted', lastError: null } });
}

export interface AlertPsaTicket {
  connectionId: string;
  status: string;
  externalId: string | null;
  url: string | null;
  resolution: string | null;
  lastError: string | null;
}

export async function alertPsaTicket(alertId: string): Promise<AlertPsaTicket | null> {
  const r = await db.psaTicketRequest.findUnique({ where: { alertId } });
  return r ? { connectionId: r.connectionId, status: r.status, externalId: r.externalId, url: r.url, resolution: r.resolution, lastError: r.lastError } : null;
}

/**
 * POST /alerts/:id/psa-ticket: a technician opens the alert's ticket in the PSA by hand. A
 * repeat answers the ticket already requested; one the PSA refused is queued again.
 */
export async function requestAlertPsaTicket(ctx: ActorContext, alertId: string): Promise<AlertPsaTicket> {
  // The route needs tickets:write; reading the alert it copies needs alerts:read as well.
  if (!ctx.permissions.has('alerts:read')) throw notFound('Alert');
  const alert = await getAlertOrThrow(ctx, alertId);
  const connectionId = await externalPsaConnectionId(db, alert.partnerId);
  if (!connectionId) throw conflict('Service management is not external: open a ticket with POST /alerts/:id/ticket', 'SERVICE_MANAGEMENT_NOT_EXTERNAL');
  await db.$transaction(async (tx) => {
    const { request, created } = await requestPsaTicket(tx, { partnerId: alert.partnerId, connectionId, orgId: alert.orgId, alertId: alert.id, sourceKey: `alert:${alert.id}`, origin: 'manual', subject: `[${alert.severity}] ${alert.title}`, description: alert.message });
    if (!created && request.status === 'failed') {
      await tx.psaTicketRequest.update({ where: { id: request.id }, data: { status: 'pending', connectionId, lastError: null } });
      await enqueueJob(tx, 'open_psa_ticket', { requestId: request.id }, { jobKey: `open_psa_ticket:${request.id}`, maxAttempts: MAX_ATTEMPTS });
    }
  });
  return (await alertPsaTicket(alert.id))!;
}
