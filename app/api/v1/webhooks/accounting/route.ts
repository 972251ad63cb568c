// /api/v1/webhooks/accounting — inbound change notifications from the accounting system.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { receiveAccountingWebhook } from '@/lib/accounting/receive-accounting-webhook';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  status: 202,
  audit: false,
  errors: [400, 401, 429],
  summary: 'Accounting system notification (wakes the reconcile sweep)',
  description:
    'Called by the accounting system, not by API users. The `accounting-signature` header carries HMAC-SHA256 of the raw body keyed with ACCOUNTING_WEBHOOK_VERIFIER_TOKEN (base64, or hex), compared in constant time. The body names the company: `eventNotifications[].realmId`, or `realmId` / `companyId`. 202 when a reconcile sweep is queued for each company named; 400 body cannot be parsed; 401 signature missing or invalid; 429 rate limited per IP (ACCOUNTING_WEBHOOK_RATE_LIMIT_PER_MINUTE); 503 token not configured or enqueue failed (the sender retries).',
  tags: ['Webhooks'],
  response: z.object({ accepted: z.boolean(), companies: z.array(z.string()) }),
  // No body schema: the signature covers the raw bytes, which the handler reads itself.
  handler: ({ ctx, req }) => receiveAccountingWebhook(ctx, req),
});
