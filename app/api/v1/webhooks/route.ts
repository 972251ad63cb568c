// /api/v1/webhooks — list and create outbound webhooks of an organization.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateWebhook, ZListWebhooksQuery, ZWebhook } from '@/lib/webhooks/schemas';
import { listWebhooks } from '@/lib/webhooks/list-webhooks';
import { createWebhook } from '@/lib/webhooks/create-webhook';

const ORG_RULE =
  'Organization callers act in their own organization; partner and system callers must name `orgId` (400 `ORG_CONTEXT_REQUIRED`, message `Organization context required`), and an organization outside their access is 404.';

const DELIVERY_NOTES =
  'Deliveries: POST of `{ id, type, timestamp, orgId, data }` with `Content-Type: application/json`, `User-Agent: Service-Webhooks/1.0`, `X-Service-Delivery-Id` (unique per attempt: every automatic retry sends a new one), `X-Service-Delivery-Record-Id` (the delivery record id, as listed by the deliveries route; automatic retries of a record keep it and count in `X-Service-Delivery-Attempt`, a manual retry creates a new record and id), `X-Service-Event-Id`, `X-Service-Event-Type`, `X-Service-Timestamp` (Unix ms of the attempt) and, with a secret, `X-Service-Signature: sha256=<hex HMAC-SHA256 of X-Service-Signature-Timestamp + "." + raw body>` with `X-Service-Signature-Timestamp`; custom headers follow. 2xx within 30 s counts as delivered; redirects are not followed. Otherwise retries after 1, 2, 4, 8, 16 s, then `failed` and the dead-letter queue. Delivery is at least once: deduplicate on the event id.';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'webhooks:read',
  query: ZListWebhooksQuery,
  summary: 'List webhooks of an organization',
  description: `${ORG_RULE} Newest first; filter by API status (active, paused, failed).`,
  tags: ['Webhooks'],
  response: ZPageOf(ZWebhook),
  handler: ({ ctx, query }) => listWebhooks(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'webhooks:manage',
  body: ZCreateWebhook,
  status: 201,
  summary: 'Create a webhook',
  description: `${ORG_RULE} The URL is validated including DNS resolution: hosted deployments need https and a public destination; self-hosted (IS_HOSTED=false) also allows RFC 1918/ULA targets, over plain http only when private; loopback, link-local and cloud metadata are refused everywhere. A failing URL is 400 \`INVALID_WEBHOOK_URL\` (message \`Invalid webhook URL\`, the reason in details). The secret and header values are stored encrypted; reads show \`hasSecret\` and a URL without credentials. \`retryPolicy\` is not accepted. At most 50 webhooks per organization (409 \`WEBHOOK_LIMIT_REACHED\`). A new webhook is \`active\`.\n\n${DELIVERY_NOTES}`,
  tags: ['Webhooks'],
  response: ZWebhook,
  handler: ({ ctx, body }) => createWebhook(ctx, body),
});
