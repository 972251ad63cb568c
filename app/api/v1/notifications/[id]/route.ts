// /api/v1/notifications/:id — mark read/unread or delete one of my notifications.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZNotification, ZUpdateNotification } from '@/lib/notifications/schemas';
import { deleteNotification, markNotification } from '@/lib/notifications/notifications';

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  params: ZIdParams,
  body: ZUpdateNotification,
  summary: 'Mark a notification read',
  description: 'Body `{ read: true }` (the default, also for an empty body) marks it read; `{ read: false }` marks it unread. Another user’s notification is 404.',
  tags: ['Notifications'],
  response: ZNotification,
  audit: false,
  handler: ({ ctx, params, body }) => markNotification(ctx, params.id, body?.read ?? true),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  params: ZIdParams,
  summary: 'Delete a notification',
  tags: ['Notifications'],
  audit: false,
  handler: ({ ctx, params }) => deleteNotification(ctx, params.id),
});
