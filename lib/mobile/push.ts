// Push notifications to people's browsers and phones. Web Push (RFC 8030 with VAPID, RFC 8292,
// and aes128gcm payload encryption, RFC 8291) is built in: the `web-push` library encrypts and
// signs, and the request goes through the webhook sender, so a push endpoint gets the same
// address-safety check and connection pinning as any outbound URL. FCM and APNs sit behind the
// same provider interface; they need credentials this deployment does not configure, so
// registering for them answers 422 until a provider for them is added.
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { decryptSecret, encryptSecret } from '@/lib/auth/secrets';
import { AppError, badRequest, notFound } from '@/lib/http/errors';
import { publicBaseUrl } from '@/lib/public-url';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { sendWebhookRequest } from '@/lib/webhooks/send-webhook-request';
import { writeAudit } from '@/lib/audit/write-audit';
import { logger } from '@/lib/observability/logger';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';
import type { ActorContext } from '@/lib/auth/context';
import type { PushSubscription } from '@/lib/generated/prisma/client';
import type { z } from 'zod';
import type { PUSH_PROVIDERS, ZRegisterPush, ZUnregisterPush } from '@/lib/mobile/schemas';

type Provider = (typeof PUSH_PROVIDERS)[number];

/** What one push carries; the service worker or app shows title and body and opens `link`. */
export interface PushMessage {
  title: string;
  body: string;
  link: string | null;
  severity: string | null;
  alertId: string | null;
}

/** The result of one send: `gone` removes the subscription (the push service forgot it). */
export type PushOutcome = { kind: 'ok' } | { kind: 'gone'; reason: string } | { kind: 'failed'; reason: string };

interface PushProvider {
  send(sub: PushSubscription, message: PushMessage): Promise<PushOutcome>;
}

const PUSH_TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 15_000;

// ---- VAPID keys: one pair for the service, made once, the private half encrypted ----

export async function vapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  let row = await db.vapidKey.findUnique({ where: { id: 1 } });
  if (!row) {
    const fresh = webpush.generateVAPIDKeys();
    // Two processes may race here: the first insert wins and both read it back.
    await db.vapidKey.createMany({ data: [{ id: 1, publicKey: fresh.publicKey, privateKeySealed: encryptSecret(fresh.privateKey) }], skipDuplicates: true });
    row = await db.vapidKey.findUniqueOrThrow({ where: { id: 1 } });
  }
  return { publicKey: row.publicKey, privateKey: decryptSecret(row.privateKeySealed) };
}

/** VAPID's contact: the service's https address, else the address mail is sent from. */
function vapidSubject(): string {
  const base = publicBaseUrl();
  if (base.startsWith('https:')) return base;
  const address = /<([^>]+)>/.exec(env().MAIL_FROM)?.[1] ?? env().MAIL_FROM.trim();
  return `mailto:${address}`;
}

const webPush: PushProvider = {
  async send(sub, message) {
    if (!sub.keysSealed) return { kind: 'gone', reason: 'No encryption keys stored' };
    const keys = JSON.parse(decryptSecret(sub.keysSealed)) as { p256dh: string; auth: string };
    const check = await checkWebhookUrl(sub.endpoint);
    if (!check.ok) return { kind: 'gone', reason: `Unsafe or invalid push endpoint: ${check.reason}` };
    const vapid = await vapidKeys();
    const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys }, JSON.stringify(message), {
      vapidDetails: { subject: vapidSubject(), publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: message.severity === 'critical' || message.severity === 'high' ? 'high' : 'normal',
    });
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    const res = await sendWebhookRequest({ url: check.url, pinned: check.pinned, headers, body: details.body ?? Buffer.alloc(0), timeoutMs: SEND_TIMEOUT_MS });
    if (res.status !== null && res.status >= 200 && res.status < 300) return { kind: 'ok' };
    // RFC 8030: 404 and 410 mean the subscription no longer exists.
    if (res.status === 404 || res.status === 410) return { kind: 'gone', reason: `Push service answered ${res.status}` };
    return { kind: 'failed', reason: res.error ?? `Push service answered ${res.status}${res.body ? `: ${res.body}` : ''}` };
  },
};

const PROVIDERS: Partial<Record<Provider, PushProvider>> = { webpush: webPush };

// ---- registration ----

const hashOf = (provider: string, endpoint: string) => createHash('sha256').update(`${provider}\n${endpoint}`).digest('hex');

function toDto(s: PushSubscription, vapidPublicKey: string | null) {
  return {
    id: s.id,
    provider: s.provider as Provider,
    deviceName: s.deviceName,
    createdAt: s.createdAt.toISOString(),
    lastSuccessAt: s.lastSuccessAt?.toISOString() ?? null,
    vapidPublicKey,
  };
}

/**
 * Registers the caller's browser or phone. The same endpoint registered again (by anyone: a
 * shared browser whose next user signs in) moves to the caller; its keys are replaced.
 */
export async function registerPush(ctx: ActorContext, input: z.output<typeof ZRegisterPush>) {
  decideSelf(ctx, "the caller's own push subscription");
  if (!PROVIDERS[input.provider]) {
    throw new AppError('PUSH_PROVIDER_NOT_CONFIGURED', 422, `${input.provider.toUpperCase()} is not configured on this service: use Web Push (provider webpush)`);
  }
  let endpoint: string;
  let keysSealed: string | null = null;
  if (input.provider === 'webpush') {
    const check = await checkWebhookUrl(input.subscription.endpoint);
    if (!check.ok) throw badRequest(`The push endpoint is not allowed: ${check.reason}`, [{ path: 'subscription.endpoint', message: check.reason }], 'UNSAFE_URL');
    endpoint = input.subscription.endpoint;
    keysSealed = encryptSecret(JSON.stringify(input.subscription.keys));
  } else {
    endpoint = input.token;
  }
  const endpointHash = hashOf(input.provider, endpoint);
  const data = { userId: ctx.userId, partnerId: ctx.partnerId ?? null, provider: input.provider, endpoint, keysSealed, deviceName: input.deviceName ?? null, failureCount: 0, lastError: null };
  const sub = await db.pushSubscription.upsert({ where: { endpointHash }, create: { ...data, endpointHash }, update: data });
  await writeAudit(ctx, { action: 'push_subscription.register', targetType: 'push_subscription', targetId: sub.id, details: { provider: sub.provider, deviceName: sub.deviceName } });
  return toDto(sub, input.provider === 'webpush' ? (await vapidKeys()).publicKey : null);
}

/** Removes one of the caller's own subscriptions, by id, endpoint or token; 404 otherwise. */
export async function unregisterPush(ctx: ActorContext, input: z.output<typeof ZUnregisterPush>): Promise<void> {
  decideSelf(ctx, "the caller's own push subscription");
  const where =
    'id' in input
      ? { id: input.id }
      : { endpointHash: { in: ('endpoint' in input ? ['webpush'] : ['fcm', 'apns']).map((p) => hashOf(p, 'endpoint' in input ? input.endpoint : input.token)) } };
  const { count } = await db.pushSubscription.deleteMany({ where: { AND: [where, { userId: ctx.userId }] } });
  if (count === 0) throw notFound('Push subscription');
  await writeAudit(ctx, { action: 'push_subscription.unregister', targetType: 'push_subscription', targetId: 'id' in input ? input.id : null, details: {} });
}

export async function listOwnPushSubscriptions(ctx: ActorContext) {
  decideSelf(ctx, "the caller's own push subscriptions");
  const rows = await db.pushSubscription.findMany({ where: { userId: ctx.userId }, orderBy: { createdAt: 'desc' }, take: 100 });
  const vapid = rows.some((r) => r.provider === 'webpush') ? (await vapidKeys()).publicKey : null;
  return { data: rows.map((r) => toDto(r, r.provider === 'webpush' ? vapid : null)) };
}

// ---- sending (the worker) ----

/** Whether any of these users can receive a push: the alert path skips the job otherwise. */
export async function anyPushSubscribers(client: Pick<typeof db, 'pushSubscription'>, userIds: string[]): Promise<boolean> {
  if (userIds.length === 0) return false;
  return (await client.pushSubscription.count({ where: { userId: { in: userIds } } })) > 0;
}

/**
 * Sends one message to every subscription of the users. Gone subscriptions are deleted; a
 * failure is recorded on the subscription and does not stop the others. Returns the counts.
 */
export async function sendPushToUsers(userIds: string[], message: PushMessage): Promise<{ sent: number; removed: number; failed: number }> {
  const subs = await db.pushSubscription.findMany({ where: { userId: { in: userIds } } });
  const counts = { sent: 0, removed: 0, failed: 0 };
  for (const sub of subs) {
    const provider = PROVIDERS[sub.provider as Provider];
    const outcome: PushOutcome = provider ? await provider.send(sub, message).catch((error: unknown) => ({ kind: 'failed' as const, reason: error instanceof Error ? error.message : String(error) })) : { kind: 'gone', reason: `${sub.provider} is not configured` };
    if (outcome.kind === 'ok') {
      counts.sent += 1;
      await db.pushSubscription.update({ where: { id: sub.id }, data: { lastSuccessAt: new Date(), failureCount: 0, lastError: null } });
    } else if (outcome.kind === 'gone') {
      counts.removed += 1;
      await db.pushSubscription.deleteMany({ where: { id: sub.id } });
      logger.info({ subscriptionId: sub.id, reason: outcome.reason }, 'push subscription removed');
    } else {
      counts.failed += 1;
      await db.pushSubscription.update({ where: { id: sub.id }, data: { failureCount: { increment: 1 }, lastError: outcome.reason.slice(0, 500) } });
    }
  }
  return counts;
}
