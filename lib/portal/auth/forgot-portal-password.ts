// POST /portal/auth/forgot-password: the same 200 body, after the same work (one queued job),
// whatever the address, so neither the answer nor its timing tells whether an account exists.
// The worker looks the address up and mails existing accounts a reset link
// (send-portal-password-resets.ts).
import { z } from 'zod';
import { db } from '@/lib/db';
import type { AuthContext } from '@/lib/auth/context';
import { tooManyRequests } from '@/lib/http/errors';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { resolveLoginPortal } from '@/lib/portal/auth/resolve-login-portal';
import { assertSameOrigin } from '@/lib/portal/session/request-host';
import { FORGOT_PASSWORD_MESSAGE, type ZPortalForgotPassword } from '@/lib/portal/auth/schemas';
import type { TPasswordResetRequest } from '@/lib/portal/auth/send-portal-password-resets';

const REQUESTS_PER_IP_PER_HOUR = 10;

export async function forgotPortalPassword(ctx: AuthContext, input: z.output<typeof ZPortalForgotPassword>, req: Request) {
  assertSameOrigin(req);
  const verdict = await consumeRateLimit(`portal-forgot:ip:${ctx.ip ?? 'unknown'}`, REQUESTS_PER_IP_PER_HOUR, 3600);
  if (!verdict.allowed) throw tooManyRequests('Too many password reset requests; try again later', verdict.retryAfterSeconds);
  const portal = await resolveLoginPortal(req, input.site);
  // A named portal that does not exist has no accounts (and its existence is no secret).
  if (portal !== undefined) {
    const job: TPasswordResetRequest = { email: input.email, portal, ip: ctx.ip, requestId: ctx.requestId };
    await enqueueJob(db, 'send_portal_password_resets', job, { maxAttempts: 5 });
  }
  return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
}
