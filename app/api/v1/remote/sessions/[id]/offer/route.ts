// POST /api/v1/remote/sessions/:id/offer — the viewer's WebRTC offer, answered by the agent.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAnswer, ZOfferInput } from '@/lib/remote/schemas';
import { relayOffer } from '@/lib/remote/connect';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  params: ZIdParams,
  body: ZOfferInput,
  summary: 'Send a desktop session’s WebRTC offer',
  description:
    'Relays the viewer’s SDP offer to the device’s agent over its live channel (`desktop.offer`, with the ICE servers of GET /remote/ice-servers) and answers the agent’s SDP answer with the candidates it gathered; the session becomes `active` (`remote.session.started`). Errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 422 `UNSUPPORTED_OPERATION` / `UNSUPPORTED_ON_PLATFORM` from an agent without a desktop (the reference Linux agent has none), 502 `AGENT_BAD_RESPONSE`.',
  tags: ['Remote access'],
  response: ZAnswer,
  audit: 'remote_session.offer',
  errors: [409, 422],
  handler: ({ ctx, params, body }) => relayOffer(ctx, params.id, body),
});
