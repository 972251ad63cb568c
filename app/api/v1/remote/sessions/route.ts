// /api/v1/remote/sessions — open terminal and desktop sessions, and opening one.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateRemoteSession, ZListRemoteSessionsQuery, ZRemoteSession, ZRemoteSessionPage } from '@/lib/remote/schemas';
import { createRemoteSession, listOpenSessions } from '@/lib/remote/sessions';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListRemoteSessionsQuery,
  summary: 'List open remote sessions',
  description: 'Sessions still `pending` or `active` in the caller’s scope, newest first; filter by `deviceId` and `type`. Ended and failed ones are in GET /remote/sessions/history.',
  tags: ['Remote access'],
  response: ZRemoteSessionPage,
  handler: ({ ctx, query }) => listOpenSessions(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  body: ZCreateRemoteSession,
  status: 201,
  summary: 'Open a remote session',
  description: [
    'Creates a `pending` terminal (default) or desktop session on a device. A terminal is then connected with a ticket (POST /remote/sessions/:id/ws-ticket) and a WebSocket; a desktop through the signalling endpoints (offer, ice). States: pending → active → ended, or failed when it could not be established; DELETE /remote/sessions/stale ends sessions whose peers are gone.',
    'Needs `devices:execute` and MFA. Errors: 409 `AGENT_OFFLINE` when the device has no open agent channel; 409 `DEVICE_INACTIVE` for a decommissioned device. Audited as `remote_session.create`.',
  ].join('\n\n'),
  tags: ['Remote access'],
  response: ZRemoteSession,
  audit: false,
  errors: [409],
  handler: ({ ctx, body }) => createRemoteSession(ctx, body),
});
