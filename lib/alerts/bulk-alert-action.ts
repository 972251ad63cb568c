// POST /alerts/bulk: each alert moves in its own transaction through the same CAS as the single
// routes, so one conflict or missing id never undoes the others (partial success).
import type { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { ZBulkAlertBody } from '@/lib/alerts/schemas';
import { transitionAlert } from '@/lib/alerts/transition-alert';

export async function bulkAlertAction(ctx: ActorContext, input: z.output<typeof ZBulkAlertBody>) {
  const results = [];
  for (const id of input.alertIds) {
    try {
      const alert = await transitionAlert({ userId: ctx.userId, ctx }, id, input.action, { note: input.note, scope: tenantWhere(ctx), audit: true });
      results.push({ id, ok: true, status: 200, alert });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, status: error.status, error: { code: error.code, message: error.message, details: error.details } });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { action: input.action, succeeded, failed: results.length - succeeded, results };
}
