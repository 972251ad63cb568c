// POST /api/v1/remote/desktop-connect/signal — a native viewer's offer and ICE candidates.
import { defineRoute } from '@/lib/http/define-route';
import { ZViewerSignal, ZViewerSignalResult } from '@/lib/remote/schemas';
import { viewerSignal } from '@/lib/remote/viewer';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZViewerSignal,
  errors: [401, 409, 422],
  summary: 'Desktop signalling of a native viewer',
  description: [
    'Authenticated by the `viewerToken` in the body (POST /remote/desktop-connect), which names the one session it is valid for; 401 `INVALID_VIEWER_TOKEN` when it is altered or expired. `type: offer` relays the viewer’s SDP offer to the device’s agent and answers its SDP answer and candidates (the session becomes active; `remote.session.started`); `type: ice` relays trickled candidates and answers the agent’s new ones — as POST /remote/sessions/:id/offer and /ice do for the console.',
    'Errors: 409 `SESSION_NOT_PENDING` once the session ended, `DEVICE_INACTIVE`; channel errors 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 429 `AGENT_BUSY`, 422 from the agent, 502 `AGENT_BAD_RESPONSE`.',
  ].join('\n\n'),
  tags: ['Remote access'],
  response: ZViewerSignalResult,
  handler: ({ ctx, body }) => viewerSignal(ctx, body),
});
