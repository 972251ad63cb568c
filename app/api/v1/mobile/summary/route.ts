// GET /api/v1/mobile/summary — the phone's home screen.
import { defineRoute } from '@/lib/http/define-route';
import { ZMobileSummary } from '@/lib/mobile/schemas';
import { mobileSummary } from '@/lib/mobile/mobile-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  summary: 'Mobile home summary',
  description: 'Counts for the caller’s scope: devices by status, open alerts by severity and how many are not yet acknowledged (null without `alerts:read`), and the caller’s unread notifications.',
  tags: ['Mobile'],
  response: ZMobileSummary,
  handler: ({ ctx }) => mobileSummary(ctx),
});
