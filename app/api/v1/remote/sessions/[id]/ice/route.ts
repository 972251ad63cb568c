// POST /api/v1/remote/sessions/:id/ice — trickle ICE candidates between viewer and agent.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZIceInput, ZIceResult } from '@/lib/remote/schemas';
import { relayIce } from '@/lib/remote/connect';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  params: ZIdParams,
  body: ZIceInput,
  summary: 'Exchange a desktop session’s ICE candidates',
  description: 'Relays the viewer’s new candidates to the agent (`desktop.ice`) and answers the candidates the agent gathered since. Same errors as the offer.',
  tags: ['Remote access'],
  response: ZIceResult,
  audit: false,
  errors: [409, 422],
  handler: ({ ctx, params, body }) => relayIce(ctx, params.id, body),
});
