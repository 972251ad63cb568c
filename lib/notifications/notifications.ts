// The caller's own notifications: every query carries userId, so another user's notification
// is simply not found.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Notification } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ZListNotificationsQuery } from '@/lib/notifications/schemas';
import type { ActorContext } from '@/lib/auth/context';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';

/** The caller's own notifications: the authorization decision of every operation here. */
function ownWhere(ctx: ActorContext): { userId: string } {
  decideSelf(ctx, "the caller's own notifications");
  return { userId: ctx.userId };
}

export function toNotificationDto(n: Notification) {
  return {
    id: n.id,
    type: n.type,
    severity: n.severity,
    title: n.title,
    body: n.body,
    link: n.link,
    alertId: n.alertId,
    orgId: n.orgId,
    read: n.readAt !== null,
    readAt: n.readAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  };
}

export async function listNotifications(ctx: ActorContext, q: z.output<typeof ZListNotificationsQuery>) {
  const where = { ...ownWhere(ctx), ...(q.unread ? { readAt: null } : {}) };
  const [rows, total] = await Promise.all([
    db.notification.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(q) }),
    db.notification.count({ where }),
  ]);
  return pageResult(rows.map(toNotificationDto), q, total);
}

export async function countUnread(ctx: ActorContext) {
  return { count: await db.notification.count({ where: { ...ownWhere(ctx), readAt: null } }) };
}

export async function markNotification(ctx: ActorContext, id: string, read: boolean) {
  const moved = await db.notification.updateMany({ where: { id, ...ownWhere(ctx) }, data: { readAt: read ? new Date() : null } });
  if (moved.count === 0) throw notFound('Notification');
  return toNotificationDto(await db.notification.findUniqueOrThrow({ where: { id } }));
}

export async function deleteNotification(ctx: ActorContext, id: string): Promise<void> {
  const gone = await db.notification.deleteMany({ where: { id, ...ownWhere(ctx) } });
  if (gone.count === 0) throw notFound('Notification');
}

/** Marks every unread notification of the caller read (the full page's "Mark all read"). */
export async function markAllNotificationsRead(ctx: ActorContext) {
  return { updated: (await db.notification.updateMany({ where: { ...ownWhere(ctx), readAt: null }, data: { readAt: new Date() } })).count };
}

export async function clearNotifications(ctx: ActorContext) {
  return { deleted: (await db.notification.deleteMany({ where: ownWhere(ctx) })).count };
}
