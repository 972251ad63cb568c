// One delivery attempt, as the worker runs it: claim, re-validate the URL (DNS included), POST
// the signed payload to the pinned address, then record delivered / retrying / failed.
import { randomUUID } from 'node:crypto';
import { decryptSecret } from '@/lib/auth/secrets';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import { claimDelivery, type ClaimedDelivery } from '@/lib/webhooks/claim-delivery';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { serializePayload } from '@/lib/webhooks/build-payload';
import { signPayload } from '@/lib/webhooks/sign-payload';
import { openHeaders, type WebhookHeader } from '@/lib/webhooks/webhook-headers';
import { effectiveRetryPolicy, nextRetryDelayMs } from '@/lib/webhooks/retry-policy';
import { sendWebhookRequest, truncateChars } from '@/lib/webhooks/send-webhook-request';
import { recordDelivered, recordFailed, recordRetry, type AttemptResult } from '@/lib/webhooks/record-attempt';
import type { DeliveryJobPayload } from '@/lib/webhooks/delivery-jobs';

export const USER_AGENT = 'Service-Webhooks/1.0';
export const UNSAFE_URL_MESSAGE = 'Unsafe webhook URL';

export type AttemptOutcome = 'skipped' | 'delivered' | 'retrying' | 'failed' | 'unsafe';

/**
 * The standard headers of doc 2, then the webhook's own (same name, any case: replaced).
 * `X-Service-Delivery-Id` names this attempt (doc 2: unique per attempt), so a receiver can tell
 * an automatic retry from a duplicate of the same request; the delivery record the attempts
 * belong to (the id of GET /webhooks/:id/deliveries and of manual retry) is
 * `X-Service-Delivery-Record-Id`, with the attempt number in `X-Service-Delivery-Attempt`.
 */
export function deliveryHeaders(input: {
  attemptId: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  timestamp: string;
  body: string;
  secret: string | null;
  custom: WebhookHeader[];
}): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'X-Service-Delivery-Id': input.attemptId,
    'X-Service-Delivery-Record-Id': input.deliveryId,
    'X-Service-Event-Id': input.eventId,
    'X-Service-Event-Type': input.eventType,
    'X-Service-Timestamp': input.timestamp,
    'X-Service-Delivery-Attempt': String(input.attempt),
  };
  if (input.secret) {
    headers['X-Service-Signature'] = signPayload(input.secret, input.timestamp, input.body);
    headers['X-Service-Signature-Timestamp'] = input.timestamp;
  }
  for (const { key, value } of input.custom) {
    for (const existing of Object.keys(headers)) if (existing.toLowerCase() === key.toLowerCase()) delete headers[existing];
    headers[key] = value;
  }
  return headers;
}

// Opened webhook settings by their sealed form: every delivery of a webhook carries the same
// sealed URL, secret and headers, and decrypting them was work repeated per attempt. A changed
// setting is sealed afresh (a new IV), so it misses and is opened anew. Bounded; oldest first out.
const OPENED_LIMIT = 1_000;
const opened = new Map<string, { url: string; secret: string | null; headers: WebhookHeader[] }>();

let openedUnder: string | null = null;

function openSettings(claim: ClaimedDelivery) {
  // Opened under another ENCRYPTION_KEY: none of them may answer for the current one.
  if (openedUnder !== env().ENCRYPTION_KEY) {
    opened.clear();
    openedUnder = env().ENCRYPTION_KEY;
  }
  const key = `${claim.urlSealed}|${claim.secretSealed ?? ''}|${JSON.stringify(claim.headers ?? null)}`;
  const hit = opened.get(key);
  if (hit) return hit;
  const settings = {
    url: decryptSecret(claim.urlSealed),
    secret: claim.secretSealed ? decryptSecret(claim.secretSealed) : null,
    headers: openHeaders(claim.headers),
  };
  if (opened.size >= OPENED_LIMIT) opened.delete(opened.keys().next().value as string);
  opened.set(key, settings);
  return settings;
}

const is2xx = (status: number | null) => status !== null && status >= 200 && status < 300;

export async function attemptDelivery(job: DeliveryJobPayload): Promise<AttemptOutcome> {
  const claim = await claimDelivery(job.deliveryId, job.attempt);
  // Already done, superseded by a newer job, leased by a live attempt, deleted, or its
  // webhook is paused: nothing to do for this job.
  if (!claim) return 'skipped';
  // Only the failure paths log: a child logger per delivered attempt was pure overhead.
  const log = () => logger.child({ deliveryId: claim.id, webhookId: claim.webhookId, attempt: claim.attempt });
  const ref = { id: claim.id, attempt: claim.attempt };

  let settings: ReturnType<typeof openSettings>;
  try {
    settings = openSettings(claim);
  } catch (error) {
    log().error({ err: error }, 'webhook settings cannot be decrypted');
    await recordFailed(ref, { responseStatus: null, responseBody: null, durationMs: null, errorMessage: 'Webhook settings cannot be decrypted (was ENCRYPTION_KEY changed?)' }, { deadLetter: false });
    return 'failed';
  }

  const check = await checkWebhookUrl(settings.url);
  let result: AttemptResult;
  if (!check.ok && check.kind !== 'unresolvable') {
    log().warn({ reason: check.reason }, 'delivery refused: unsafe webhook URL');
    await recordFailed(ref, { responseStatus: null, responseBody: null, durationMs: null, errorMessage: UNSAFE_URL_MESSAGE }, { deadLetter: false });
    return 'unsafe';
  }
  if (!check.ok) {
    // DNS failure is transient: it follows the retry policy like a refused connection.
    result = { responseStatus: null, responseBody: null, durationMs: null, errorMessage: check.reason };
  } else {
    const body = serializePayload(claim.payload);
    const timestamp = String(Date.now());
    const headers = deliveryHeaders({
      attemptId: randomUUID(),
      deliveryId: claim.id,
      eventId: claim.eventId,
      eventType: claim.event,
      attempt: claim.attempt,
      timestamp,
      body,
      secret: settings.secret,
      custom: settings.headers,
    });
    const response = await sendWebhookRequest({ url: check.url, pinned: check.pinned, headers, body });
    result = {
      responseStatus: response.status,
      responseBody: response.body,
      durationMs: response.durationMs,
      errorMessage: response.error ?? (is2xx(response.status) ? null : failureText(response.status)),
    };
  }

  if (is2xx(result.responseStatus)) {
    await recordDelivered(ref, result);
    return 'delivered';
  }
  const delay = nextRetryDelayMs(claim.attempt, effectiveRetryPolicy(claim.retryPolicy));
  if (delay === null) {
    log().warn({ error: result.errorMessage }, 'delivery failed; retries exhausted, moved to the dead-letter queue');
    await recordFailed(ref, result, { deadLetter: true });
    return 'failed';
  }
  await recordRetry(ref, result, delay);
  return 'retrying';
}

function failureText(status: number | null): string {
  if (status !== null && status >= 300 && status < 400) return truncateChars(`HTTP ${status}: redirects are not followed`, 1_000);
  return `HTTP ${status ?? 'error'}`;
}
