// POST /api/v1/tunnels/:id/http-ticket — the one-time ticket that opens a tunnel in a browser.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZHttpTicket } from '@/lib/remote/schemas';
import { mintHttpTicket } from '@/lib/remote/tunnels';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  params: ZIdParams,
  status: 201,
  summary: 'Mint an HTTP-proxy ticket',
  description: [
    'A one-time ticket valid 5 minutes, stored hashed. Opening `url` (`/api/v1/tunnel-http/:id/?rmm_ticket=…`) spends it, sets the signed, HttpOnly cookie `rmm_tunnel` scoped to `Path=/api/v1/tunnel-http/:id/` (valid one hour, for this tunnel only) and redirects (303), without the ticket, under the capability prefix `/api/v1/tunnel-http/:id/~cap/<token>/`, where `<token>` is the same signed value in base64url: requests under that prefix (the page’s relative URLs keep it, so its subresources, `fetch` and WebSockets work in browsers that send a sandboxed page no third-party cookie) are authenticated by the token alone, which is never forwarded to the device. A ticket used twice or late: 401 `INVALID_TICKET`.',
    '`ALL /api/v1/tunnel-http/:id/*` is then a reverse proxy to the target through the device’s agent: method, headers, body and status pass through; redirects and the paths of cookies the target sets are rewritten to stay under the tunnel’s path; WebSocket upgrades on that path are carried to the target too, with the same token or cookie check; the console’s own cookies (`rmm_*`) and any `Authorization` header are never forwarded, and a bearer token is not accepted there (401 `TUNNEL_COOKIE_REQUIRED` without a valid token or cookie, with an expired or tampered one, or with another tunnel’s). Proxied answers carry `Referrer-Policy: no-referrer` and `Cache-Control: private, no-store`. Under the token’s prefix the sandboxed page’s own calls (`Origin: null`) get `Access-Control-Allow-Origin: null` (never with credentials) and their preflights are answered by the server. Pages are served with `Content-Security-Policy: sandbox …` (TUNNEL_HTTP_SANDBOX) so device pages cannot act as the console. Errors there: 404 closed tunnel, 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 502 `TUNNEL_TARGET_UNREACHABLE` / `TUNNEL_TARGET_NOT_ALLOWED`.',
    'Audited as `tunnel.http_ticket`.',
  ].join('\n\n'),
  tags: ['Remote access'],
  response: ZHttpTicket,
  audit: false,
  errors: [409],
  handler: ({ ctx, params }) => mintHttpTicket(ctx, params.id),
});
