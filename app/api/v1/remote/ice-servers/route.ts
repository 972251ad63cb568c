// GET /api/v1/remote/ice-servers — STUN/TURN servers for desktop sessions.
import { defineRoute } from '@/lib/http/define-route';
import { ZIceServers } from '@/lib/remote/schemas';
import { iceServers } from '@/lib/remote/connect';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  summary: 'ICE servers for desktop sessions',
  description:
    'The configured STUN servers (REMOTE_STUN_URLS) and TURN servers (REMOTE_TURN_URLS) with short-lived credentials minted from REMOTE_TURN_SECRET (TURN REST API: username `<expiry>:<user id>`, credential HMAC-SHA1), valid `ttlSeconds`. Empty when none is configured (peers on one network connect directly).',
  tags: ['Remote access'],
  response: ZIceServers,
  handler: ({ ctx }) => iceServers(ctx.userId),
});
