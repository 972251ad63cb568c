// /api/v1/tunnels — HTTP tunnels to a device's own web UI or one on its LAN.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateTunnel, ZTunnel } from '@/lib/remote/schemas';
import { createTunnel, listTunnels } from '@/lib/remote/tunnels';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: z.object({ deviceId: z.string().uuid().optional() }),
  summary: 'List open tunnels',
  tags: ['Remote access'],
  response: z.object({ data: z.array(ZTunnel) }).meta({ id: 'TunnelList' }),
  handler: ({ ctx, query }) => listTunnels(ctx, query.deviceId),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  body: ZCreateTunnel,
  status: 201,
  summary: 'Open an HTTP tunnel',
  description: [
    'A tunnel from the device to `targetHost:targetPort` as the device sees it. What may be targeted is the TUNNEL_ALLOWED_TARGETS setting: `device` (127.0.0.1, ::1, localhost) or `lan` (default: also private and link-local addresses, and names the device resolves); anything else is 400 `TUNNEL_TARGET_NOT_ALLOWED`. The agent checks again against its own interfaces (the device itself and the subnets it is on; cloud metadata addresses never), and refuses with 502 `TUNNEL_TARGET_NOT_ALLOWED` when proxying.',
    'Then mint a ticket (POST /tunnels/:id/http-ticket) and open its URL: the proxied UI is served under `/api/v1/tunnel-http/:id/` (see that ticket). Needs `devices:execute` and MFA; audited as `tunnel.create`.',
  ].join('\n\n'),
  tags: ['Remote access'],
  response: ZTunnel,
  audit: false,
  errors: [409],
  handler: ({ ctx, body }) => createTunnel(ctx, body),
});
