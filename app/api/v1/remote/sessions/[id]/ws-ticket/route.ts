// POST /api/v1/remote/sessions/:id/ws-ticket — the one-time ticket of a terminal WebSocket.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZWsTicket } from '@/lib/remote/schemas';
import { mintTerminalTicket } from '@/lib/remote/connect';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  params: ZIdParams,
  status: 201,
  summary: 'Mint a terminal WebSocket ticket',
  description: [
    'A one-time ticket valid REMOTE_TERMINAL_TICKET_SECONDS (default 60), stored hashed. Open `url` as a WebSocket (`GET /api/v1/remote/sessions/:id/terminal?ticket=…`): the ticket is spent on the upgrade, the session becomes `active` and the socket carries a real PTY on the device (binary frames: terminal bytes both ways; text `{"type":"resize","cols","rows"}` from the browser; `{"type":"ready"}`, `{"type":"exit","reason"}`, `{"type":"error","code","message"}` from the server). A ticket used twice, expired or for another session: 401 `INVALID_TICKET` on the upgrade.',
    'Only for a `pending` terminal session, by the person who opened it (409 `SESSION_NOT_PENDING`, 409 `SESSION_TYPE_MISMATCH`, 403). Audited as `remote_session.ws_ticket`.',
  ].join('\n\n'),
  tags: ['Remote access'],
  response: ZWsTicket,
  audit: false,
  errors: [409],
  handler: ({ ctx, params }) => mintTerminalTicket(ctx, params.id),
});
