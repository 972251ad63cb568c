// GET /api/v1/notifications/unread-count — the bell's badge.
import { defineRoute } from '@/lib/http/define-route';
import { ZUnreadCount } from '@/lib/notifications/schemas';
import { countUnread } from '@/lib/notifications/notifications';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  summary: 'Count my unread notifications',
  tags: ['Notifications'],
  response: ZUnreadCount,
  handler: ({ ctx }) => countUnread(ctx),
});
