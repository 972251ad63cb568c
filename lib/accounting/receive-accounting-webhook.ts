// POST /webhooks/accounting: the accounting system's change notification. It only wakes the
// reconcile sweep of the company it names; the sweep is authoritative, so a lost notification
// costs latency, never data. Order: rate limit, configuration, signature, body, enqueue.
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { AnonymousContext } from '@/lib/auth/context';
import { AppError, tooManyRequests, unauthorized, unavailable } from '@/lib/http/errors';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { logger } from '@/lib/observability/logger';
import { verifyAccountingSignature } from '@/lib/accounting/verify-accounting-signature';
import { parseAccountingNotification } from '@/lib/accounting/parse-accounting-notification';

export const RECONCILE_SWEEP_TASK = 'accounting_reconcile_sweep';
const MAX_BODY_BYTES = 1024 * 1024;

export async function receiveAccountingWebhook(ctx: AnonymousContext, req: Request) {
  const config = env();
  const verdict = await consumeRateLimit(`accounting-webhook:ip:${ctx.ip ?? 'unknown'}`, config.ACCOUNTING_WEBHOOK_RATE_LIMIT_PER_MINUTE, 60);
  if (!verdict.allowed) throw tooManyRequests('Too many notifications; slow down', verdict.retryAfterSeconds);
  const token = config.ACCOUNTING_WEBHOOK_VERIFIER_TOKEN;
  if (!token) throw unavailable('The accounting webhook is not configured', 'ACCOUNTING_WEBHOOK_NOT_CONFIGURED');

  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 413, 'Notification body too large');
  const raw = new Uint8Array(await req.arrayBuffer());
  if (raw.byteLength > MAX_BODY_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 413, 'Notification body too large');
  if (!verifyAccountingSignature(token, raw, req.headers.get('accounting-signature'))) {
    throw unauthorized('Missing or invalid accounting-signature', 'INVALID_SIGNATURE');
  }
  const companies = parseAccountingNotification(raw);
  if (!companies) throw new AppError('INVALID_NOTIFICATION', 400, 'Notification body cannot be parsed');

  try {
    await db.$transaction(async (tx) => {
      for (const companyId of companies) {
        // One queued sweep per company: a burst of notifications collapses into one job.
        await enqueueJob(tx, RECONCILE_SWEEP_TASK, { companyId, trigger: 'webhook' }, { jobKey: `accounting_sweep:${companyId}` });
      }
    });
  } catch (error) {
    logger.error({ err: error, requestId: ctx.requestId }, 'could not enqueue the accounting reconcile sweep');
    throw unavailable('Could not queue the reconcile sweep; retry later', 'ENQUEUE_FAILED');
  }
  logger.info({ requestId: ctx.requestId, companies }, 'accounting notification accepted');
  return { accepted: true, companies };
}
