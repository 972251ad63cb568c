// /api/v1/webhooks — list and create outbound webhooks of an organization.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateWebhook, ZListWebhooksQuery, ZWebhook } from '@/lib/webhooks/schemas';
import { listWebhooks } from '@/lib/webhooks/list-webhooks';
import { createWebhook } from '@/lib/webhooks/create-webhook';

const ORG_RULE =
  'Organization callers act in their own organization; partner and system callers must name `orgId` (400 `ORG_CONTEXT_REQUIRED`, message `Organization context required`), and an organization outside their access is 404.';

export const GET = defineRoute({
  auth: 'user',
  permission: 'webhooks:read',
  query: ZListWebhooksQuery,
  summary: 'List webhooks of an organization',
  description: `${ORG_RULE} Newest first; filter by API status (active, paused, failed).`,
  tags: ['Webhooks'],
  response: ZPageOf(ZWebhook),
  handler: ({ ctx, query }) => listWebhooks(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'webhooks:manage',
  body: ZCreateWebhook,
  status: 201,
  summary: 'Create a webhook',
  description: `${ORG_RULE} The URL is validated including DNS resolution: hosted deployments need https and a public destination; self-hosted (IS_HOSTED=false) also allows RFC 1918/ULA targets, over plain http only when private; loopback, link-local and cloud metadata are refused everywhere. A failing URL is 400 \`INVALID_WEBHOOK_URL\` (message \`Invalid webhook URL\`, the reason in details). The secret and header values are stored encrypted; reads show \`hasSecret\` and a URL without credentials. \`retryPolicy\` is not accepted. At most 50 webhooks per organization (409 \`WEBHOOK_LIMIT_REACHED\`). A new webhook is \`active\`.`,
  tags: ['Webhooks'],
  response: ZWebhook,
  handler: ({ ctx, body }) => createWebhook(ctx, body),
});
