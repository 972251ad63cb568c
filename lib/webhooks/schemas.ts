import { z } from 'zod';
import { zJsonObject, ZTimestamp } from '@/lib/http/common-schemas';
import { EVENT_TYPES } from '@/lib/events/catalogue';
import { pageQuery } from '@/lib/http/pagination';
import { API_WEBHOOK_STATUSES, DELIVERY_STATUSES } from '@/lib/webhooks/status';
import { MAX_WEBHOOK_URL_LENGTH } from '@/lib/webhooks/check-webhook-url';
import { forbiddenHeaderReason, HEADER_NAME_PATTERN, HEADER_VALUE_PATTERN } from '@/lib/webhooks/webhook-headers';

export const MAX_WEBHOOK_HEADERS = 20;

const ZHeader = z
  .object({
    key: z.string().min(1).max(256).regex(HEADER_NAME_PATTERN, 'Not a valid HTTP header name'),
    value: z.string().max(4096).regex(HEADER_VALUE_PATTERN, 'Header values cannot contain control characters or line breaks'),
  })
  .strict()
  .superRefine((h, ctx) => {
    const reason = forbiddenHeaderReason(h.key);
    if (reason) ctx.addIssue({ code: 'custom', path: ['key'], message: reason });
  });

const ZHeaders = z
  .array(ZHeader)
  .max(MAX_WEBHOOK_HEADERS)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((h, i) => {
      const lower = h.key.toLowerCase();
      if (seen.has(lower)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `Duplicate header ${h.key}` });
      seen.add(lower);
    });
  })
  .describe('Custom headers added after the standard ones. Hop-by-hop, framing (Host, Content-Length, Content-Type, Expect) and X-Service-* headers are refused.');

const ZEvents = z
  .array(z.enum(EVENT_TYPES))
  .min(1)
  .max(EVENT_TYPES.length * 2)
  .transform((list) => [...new Set(list)])
  .describe('Subscribed event types');

const ZUrl = z.string().trim().min(1).max(MAX_WEBHOOK_URL_LENGTH).describe('Destination; validated (scheme, host, DNS answers) against the URL-safety rules');
const ZSecret = z.string().min(1).max(255).describe('Signing secret; write-only (reads show hasSecret)');

export const ZCreateWebhook = z
  .object({
    name: z.string().trim().min(1).max(255),
    url: ZUrl,
    secret: ZSecret.optional(),
    events: ZEvents,
    headers: ZHeaders.default([]),
    orgId: z.string().uuid().optional().describe('Required for partner and system callers; organization callers use their own organization'),
  })
  .strict();

export const ZUpdateWebhook = z
  .object({
    name: z.string().trim().min(1).max(255),
    url: ZUrl,
    secret: ZSecret.nullable().describe('A new signing secret, or null to stop signing'),
    events: ZEvents,
    headers: ZHeaders.describe('Replaces the whole list'),
    status: z.enum(API_WEBHOOK_STATUSES),
  })
  .partial()
  .strict();

export const ZListWebhooksQuery = pageQuery(50, 100).extend({
  status: z.enum(API_WEBHOOK_STATUSES).optional(),
  orgId: z.string().uuid().optional().describe('Required for partner and system callers'),
});

export const ZListDeliveriesQuery = pageQuery(50, 100).extend({
  status: z.enum(DELIVERY_STATUSES).optional(),
});

export const ZTestWebhook = z
  .object({
    event: z.enum(EVENT_TYPES).default('webhook.test').describe('Event type of the test payload (default webhook.test)'),
    payload: zJsonObject().optional().describe('The payload `data`; default holds a message, timestamp and the webhook id'),
  })
  .strict();

export const ZRetryParams = z.object({ id: z.string().uuid(), deliveryId: z.string().uuid() });

export const ZDeliveryStats = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  retrying: z.number().int(),
  lastDeliveredAt: ZTimestamp.nullable(),
});

export const ZWebhook = z.object({
  id: z.string().uuid(),
  orgId: z.string().uuid(),
  partnerId: z.string().uuid(),
  name: z.string(),
  url: z.string().describe('Without embedded credentials (userinfo, signed query tokens)'),
  hasSecret: z.boolean(),
  events: z.array(z.string()),
  headers: z.array(z.object({ key: z.string(), value: z.string() })),
  status: z.enum(API_WEBHOOK_STATUSES),
  successCount: z.number().int(),
  failureCount: z.number().int(),
  lastSuccessAt: ZTimestamp.nullable(),
  lastDeliveryAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'Webhook' });

export const ZWebhookWithStats = ZWebhook.extend({ deliveryStats: ZDeliveryStats });

export const ZDelivery = z.object({
  id: z.string().uuid(),
  webhookId: z.string().uuid(),
  orgId: z.string().uuid(),
  status: z.enum(DELIVERY_STATUSES),
  event: z.string(),
  eventId: z.string(),
  payload: z.unknown(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  responseTimeMs: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  attempt: z.number().int(),
  nextAttemptAt: ZTimestamp.nullable(),
  lastAttemptAt: ZTimestamp.nullable(),
  retryOfId: z.string().uuid().nullable(),
  createdAt: ZTimestamp,
  deliveredAt: ZTimestamp.nullable(),
});

export const ZTestResult = z.object({
  message: z.string(),
  delivery: z.object({ id: z.string().uuid(), webhookId: z.string().uuid(), status: z.enum(DELIVERY_STATUSES), event: z.string(), attempt: z.number().int() }),
});

export const ZRetryResult = z.object({
  message: z.string(),
  delivery: z.object({ id: z.string().uuid(), status: z.enum(DELIVERY_STATUSES), attempt: z.number().int() }),
});

export const ZListDeadLettersQuery = pageQuery(50, 100).extend({
  orgId: z.string().uuid().optional(),
  webhookId: z.string().uuid().optional(),
  state: z.enum(['open', 'redriven', 'all']).default('open').describe('open: not yet re-driven (default)'),
});

export const ZRedriveDeadLetters = z
  .object({
    ids: z.array(z.string().uuid()).min(1).max(500).optional().describe('Dead letters to re-drive'),
    webhookId: z.string().uuid().optional().describe('Or: every open dead letter of this webhook'),
  })
  .strict()
  .refine((v) => !!v.ids !== !!v.webhookId, { message: 'Give either ids or webhookId' });

export const ZDeadLetter = z.object({
  id: z.string().uuid(),
  deliveryId: z.string().uuid(),
  webhookId: z.string().uuid(),
  webhookName: z.string().nullable().describe('Name of the webhook (in lists)'),
  orgId: z.string().uuid(),
  event: z.string(),
  eventId: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  lastResponseStatus: z.number().int().nullable(),
  createdAt: ZTimestamp,
  redrivenAt: ZTimestamp.nullable(),
  redriveDeliveryId: z.string().uuid().nullable(),
});

export const ZRedriveResult = z.object({
  message: z.string(),
  deliveries: z.array(z.object({ id: z.string().uuid(), deadLetterId: z.string().uuid(), status: z.enum(DELIVERY_STATUSES), attempt: z.number().int() })),
}).meta({ id: 'WebhookRedriveResult' });
