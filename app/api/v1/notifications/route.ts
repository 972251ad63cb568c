// /api/v1/notifications — the caller's in-app notifications (the bell).
import { defineRoute } from '@/lib/http/define-route';
import { ZClearResult, ZListNotificationsQuery, ZMarkAllBody, ZMarkAllResult, ZNotificationPage } from '@/lib/notifications/schemas';
import { clearNotifications, listNotifications, markAllNotificationsRead } from '@/lib/notifications/notifications';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  query: ZListNotificationsQuery,
  summary: 'List my notifications',
  description: 'Per-user notifications produced by alert policies, newest first (default 25, max 100). `unread=true` lists unread ones only.',
  tags: ['Notifications'],
  response: ZNotificationPage,
  handler: ({ ctx, query }) => listNotifications(ctx, query),
});

// Not in the spec's catalogue: the console's notifications page needs "mark all read", and one
// update beats a PATCH per notification.
export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  body: ZMarkAllBody,
  summary: 'Mark all my notifications read',
  description: 'Body `{ read: true }` (or empty). Answers how many unread notifications were marked read.',
  tags: ['Notifications'],
  response: ZMarkAllResult,
  audit: false,
  handler: ({ ctx }) => markAllNotificationsRead(ctx),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  summary: 'Clear all my notifications',
  tags: ['Notifications'],
  response: ZClearResult,
  audit: false,
  handler: ({ ctx }) => clearNotifications(ctx),
});
