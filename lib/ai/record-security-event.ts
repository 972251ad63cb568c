// One AI security event (what the assistant refused or noticed), with an audit entry beside it
// so the partner's audit log shows it too.
import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { writeAudit } from '@/lib/audit/write-audit';
import { logger } from '@/lib/observability/logger';
import type { AiSecurityEventKind } from '@/lib/ai/schemas';

export interface SecurityEventInput {
  kind: AiSecurityEventKind;
  sessionId: string | null;
  toolName?: string | null;
  detail: string;
  excerpt?: string | null;
}

export async function recordAiSecurityEvent(ctx: UserContext, partnerId: string, event: SecurityEventInput): Promise<void> {
  try {
    const row = await db.aiSecurityEvent.create({
      data: {
        partnerId,
        orgId: ctx.orgId,
        userId: ctx.userId,
        sessionId: event.sessionId,
        kind: event.kind,
        toolName: event.toolName ?? null,
        detail: event.detail.slice(0, 1000),
        excerpt: event.excerpt?.slice(0, 500) ?? null,
      },
    });
    await writeAudit(ctx, {
      action: `ai.security.${event.kind}`,
      targetType: 'ai_session',
      targetId: event.sessionId,
      result: 'denied',
      details: { eventId: row.id, tool: event.toolName ?? null, detail: event.detail.slice(0, 300) },
    });
  } catch (err) {
    // The answer to the user must not fail because its record could not be written; the log has it.
    logger.error({ err, kind: event.kind, sessionId: event.sessionId }, 'AI security event not recorded');
  }
}
