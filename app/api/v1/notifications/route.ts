// /api/v1/notifications — the caller's in-app notifications (the bell).
import { defineRoute } from '@/lib/http/define-route';
import { ZClearResult, ZListNotificationsQuery, ZNotificationPage } from '@/lib/notifications/schemas';
import { clearNotifications, listNotifications } from '@/lib/notifications/notifications';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  query: ZListNotificationsQuery,
  summary: 'List my notifications',
  description: 'Per-user notifications produced by alert policies, newest first (default 25, max 100). `unread=true` lists unread ones only.',
  tags: ['Notifications'],
  response: ZNotificationPage,
  handler: ({ ctx, query }) => listNotifications(ctx.userId, query),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  summary: 'Clear all my notifications',
  tags: ['Notifications'],
  response: ZClearResult,
  audit: false,
  handler: ({ ctx }) => clearNotifications(ctx.userId),
});
