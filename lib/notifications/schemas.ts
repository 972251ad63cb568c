// Per-user in-app notifications (doc 2 "Notifications"), produced by alert policies.
import { z } from 'zod';
import { ZPageMeta, ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { SEVERITIES } from '@/lib/alerts/schemas';

export const ZNotification = z.object({
  id: z.string().uuid(),
  type: z.string().describe('alert.triggered, alert.escalated, alert.resolved …'),
  severity: z.enum(SEVERITIES).nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable().describe('Console path of the subject (e.g. /alerts/<id>)'),
  alertId: z.string().uuid().nullable(),
  orgId: z.string().uuid().nullable(),
  read: z.boolean(),
  readAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
}).meta({ id: 'Notification' });

export const ZListNotificationsQuery = pageQuery(25, 100).extend({
  unread: z.enum(['true', 'false']).transform((v) => v === 'true').optional().describe('true: only unread ones'),
});
export const ZNotificationPage = z.object({ data: z.array(ZNotification), pagination: ZPageMeta });
export const ZUnreadCount = z.object({ count: z.number().int() });
export const ZUpdateNotification = z.object({ read: z.boolean().default(true).describe('true marks it read (default), false unread') }).strict().default({ read: true });
export const ZClearResult = z.object({ deleted: z.number().int() });
export const ZMarkAllBody = z.object({ read: z.literal(true).default(true).describe('Only true: marks every unread notification read') }).strict().default({ read: true });
export const ZMarkAllResult = z.object({ updated: z.number().int() });
