// GET /api/v1/remote/sessions/history — ended and failed sessions.
import { defineRoute } from '@/lib/http/define-route';
import { ZRemoteHistoryQuery, ZRemoteSessionPage } from '@/lib/remote/schemas';
import { listSessionHistory } from '@/lib/remote/sessions';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZRemoteHistoryQuery,
  summary: 'Remote session history',
  description: 'Ended and failed sessions in the caller’s scope, newest first, with who opened them, when, for how long, why they ended, and the terminal transcript’s download link. Filter by `deviceId`, `type`, `status`, `userId`, `from`/`to` (creation time).',
  tags: ['Remote access'],
  response: ZRemoteSessionPage,
  handler: ({ ctx, query }) => listSessionHistory(ctx, query),
});
