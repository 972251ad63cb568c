// DELETE /api/v1/remote/sessions/stale — end sessions whose peers are gone.
import { defineRoute } from '@/lib/http/define-route';
import { ZStaleResult } from '@/lib/remote/schemas';
import { endStaleSessions } from '@/lib/remote/sessions';

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  summary: 'End stale remote sessions',
  description:
    'Ends (status `ended`, `remote.session.ended` for those that had started) the caller’s open sessions whose device has no open agent channel, whose terminal viewer was not seen for REMOTE_SESSION_STALE_SECONDS (default 120), or that stayed `pending` that long. Answers how many and which.',
  tags: ['Remote access'],
  response: ZStaleResult,
  audit: false,
  handler: ({ ctx }) => endStaleSessions(ctx),
});
