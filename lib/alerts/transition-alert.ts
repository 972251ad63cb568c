// The alert state machine (doc 2 "States and transitions"). Every move is one conditional
// UPDATE (compare-and-set on the status): of two concurrent callers exactly one matches the
// row; the other re-reads it and answers 409 naming what happened first. Users, bulk actions,
// the mobile routes and the auto-resolve sweep all go through here.
import type { AuthContext } from '@/lib/auth/context';
import { db, type Tx } from '@/lib/db';
import type { Alert, Prisma } from '@/lib/generated/prisma/client';
import { AppError, notFound } from '@/lib/http/errors';
import { emitEvent } from '@/lib/events/emit-event';
import type { EventType } from '@/lib/events/catalogue';
import { writeAudit } from '@/lib/audit/write-audit';
import type { AlertAction, AlertStatus } from '@/lib/alerts/schemas';
import { toAlertDto } from '@/lib/alerts/to-alert-dto';
import { alertEventData } from '@/lib/alerts/alert-event-data';
import { queueAlertNotifications } from '@/lib/alerts/notify/queue-alert-notifications';
import { queuePsaTicketResolution } from '@/lib/psa/psa-ticket-requests';

/** Statuses each action may start from. */
export const ALLOWED_FROM: Record<AlertAction, AlertStatus[]> = {
  acknowledge: ['active'],
  resolve: ['active', 'acknowledged', 'suppressed'],
  suppress: ['active', 'acknowledged', 'suppressed'],
  dismiss: ['active', 'acknowledged', 'suppressed', 'resolved'],
};

const EVENT: Partial<Record<AlertAction, EventType>> = { acknowledge: 'alert.acknowledged', resolve: 'alert.resolved' };

export interface TransitionActor {
  /** The acting user (API key owner included); null for the system (auto-resolve sweep). */
  userId: string | null;
  ctx: AuthContext;
}

export interface TransitionOptions {
  note?: string;
  suppressUntil?: Date;
  /** Extra predicate (tenancy of the caller). */
  scope?: Prisma.AlertWhereInput;
  /** Audit entry per alert (bulk and system moves; single routes are audited by the wrapper). */
  audit?: boolean;
}

function changes(action: AlertAction, actor: TransitionActor, opts: TransitionOptions): Prisma.AlertUpdateManyMutationInput {
  const now = new Date();
  switch (action) {
    case 'acknowledge':
      return { status: 'acknowledged', acknowledgedAt: now, acknowledgedBy: actor.userId };
    case 'resolve':
      return { status: 'resolved', resolvedAt: now, resolvedBy: actor.userId, resolvedBySystem: actor.userId === null, resolutionNote: opts.note ?? null, openKey: null };
    case 'suppress':
      return { status: 'suppressed', suppressedAt: now, suppressedBy: actor.userId, suppressedUntil: opts.suppressUntil ?? null };
    case 'dismiss':
      return { status: 'dismissed', dismissedAt: now, dismissedBy: actor.userId, openKey: null };
  }
}

export function transitionConflict(action: AlertAction, current: Alert): AppError {
  const why =
    action === 'acknowledge'
      ? `Alert is ${current.status}; only active alerts can be acknowledged`
      : action === 'dismiss'
        ? 'Alert was already dismissed'
        : `Alert is already ${current.status}`;
  return new AppError('CONFLICT', 409, why, {
    status: current.status,
    updatedAt: current.updatedAt.toISOString(),
    ...(current.status === 'dismissed' ? { dismissedAt: current.dismissedAt?.toISOString() ?? null, dismissedBy: current.dismissedBy } : {}),
    ...(current.status === 'resolved' ? { resolvedAt: current.resolvedAt?.toISOString() ?? null, resolvedBy: current.resolvedBy, resolvedBySystem: current.resolvedBySystem } : {}),
    ...(current.status === 'acknowledged' ? { acknowledgedAt: current.acknowledgedAt?.toISOString() ?? null, acknowledgedBy: current.acknowledgedBy } : {}),
  });
}

/** Inside a transaction: the CAS, then the event, the notifications and (optionally) the audit entry. */
export async function transitionInTx(tx: Tx, id: string, action: AlertAction, actor: TransitionActor, opts: TransitionOptions = {}): Promise<Alert> {
  const scope = opts.scope ?? {};
  const moved = await tx.alert.updateMany({ where: { AND: [{ id, status: { in: ALLOWED_FROM[action] } }, scope] }, data: changes(action, actor, opts) });
  const current = await tx.alert.findFirst({ where: { AND: [{ id }, scope] } });
  if (!current) throw notFound('Alert');
  if (moved.count === 0) throw transitionConflict(action, current);
  const type = EVENT[action];
  if (type) await emitEvent(tx, { type, partnerId: current.partnerId, orgId: current.orgId, data: alertEventData(current, { actorId: actor.userId }) });
  if (action === 'resolve' || action === 'acknowledge') await queueAlertNotifications(tx, current, action === 'resolve' ? 'resolved' : 'acknowledged');
  if (action === 'resolve') await queuePsaTicketResolution(tx, current);
  if (opts.audit) {
    await writeAudit(
      actor.ctx,
      {
        action: `alert.${action}`,
        targetType: 'alert',
        targetId: id,
        partnerId: current.partnerId,
        orgId: current.orgId,
        details: { status: current.status, ...(actor.userId === null ? { bySystem: true } : {}) },
        ...(actor.userId === null ? { actor: { type: 'system', id: null, email: null } } : {}),
      },
      tx,
    );
  }
  return current;
}

export async function transitionAlert(actor: TransitionActor, id: string, action: AlertAction, opts: TransitionOptions = {}) {
  const alert = await db.$transaction((tx) => transitionInTx(tx, id, action, actor, opts));
  return toAlertDto(alert);
}
