// /api/v1/tunnels/:id — one tunnel; closing it.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZTunnel } from '@/lib/remote/schemas';
import { closeTunnel, getTunnel } from '@/lib/remote/tunnels';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Get a tunnel',
  tags: ['Remote access'],
  response: ZTunnel,
  handler: ({ ctx, params }) => getTunnel(ctx, params.id),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZIdParams,
  summary: 'Close a tunnel',
  description: 'Closes the tunnel: its cookies stop working at once (requests answer 404). Audited as `tunnel.close`. Closing a closed tunnel succeeds.',
  tags: ['Remote access'],
  audit: false,
  handler: ({ ctx, params }) => closeTunnel(ctx, params.id),
});
