// The caller's own notifications: every query carries userId, so another user's notification
// is simply not found.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Notification } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ZListNotificationsQuery } from '@/lib/notifications/schemas';

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

export async function listNotifications(userId: string, q: z.output<typeof ZListNotificationsQuery>) {
  const where = { userId, ...(q.unread ? { readAt: null } : {}) };
  const [rows, total] = await Promise.all([
    db.notification.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(q) }),
    db.notification.count({ where }),
  ]);
  return pageResult(rows.map(toNotificationDto), q, total);
}

export async function countUnread(userId: string) {
  return { count: await db.notification.count({ where: { userId, readAt: null } }) };
}

export async function markNotification(userId: string, id: string, read: boolean) {
  const moved = await db.notification.updateMany({ where: { id, userId }, data: { readAt: read ? new Date() : null } });
  if (moved.count === 0) throw notFound('Notification');
  return toNotificationDto(await db.notification.findUniqueOrThrow({ where: { id } }));
}

export async function deleteNotification(userId: string, id: string): Promise<void> {
  const gone = await db.notification.deleteMany({ where: { id, userId } });
  if (gone.count === 0) throw notFound('Notification');
}

/** Marks every unread notification of the caller read (the full page's "Mark all read"). */
export async function markAllNotificationsRead(userId: string) {
  return { updated: (await db.notification.updateMany({ where: { userId, readAt: null }, data: { readAt: new Date() } })).count };
}

export async function clearNotifications(userId: string) {
  return { deleted: (await db.notification.deleteMany({ where: { userId } })).count };
}
