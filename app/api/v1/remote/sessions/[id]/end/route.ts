// POST /api/v1/remote/sessions/:id/end — end a session.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZRemoteSession } from '@/lib/remote/schemas';
import { endRemoteSession } from '@/lib/remote/sessions';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZIdParams,
  summary: 'End a remote session',
  description: 'Moves a `pending` or `active` session to `ended` (emitting `remote.session.ended` when it had started, audited as `remote_session.end`); the web process holding its terminal closes the WebSocket and the PTY. An already ended session is answered as it is.',
  tags: ['Remote access'],
  response: ZRemoteSession,
  audit: false,
  handler: ({ ctx, params }) => endRemoteSession(ctx, params.id),
});
