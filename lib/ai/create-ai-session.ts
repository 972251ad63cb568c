import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { ownPartnerWhere } from '@/lib/tenancy/scope';
import { requireAiModel } from '@/lib/ai/model-settings';
import { DEFAULT_SESSION_TITLE, type TAiSession } from '@/lib/ai/schemas';
import { toAiSessionDto } from '@/lib/ai/to-ai-dto';

/** A new, empty conversation of the caller (409 AI_NOT_CONFIGURED while no model is set). */
export async function createAiSession(ctx: UserContext, input: { title?: string }): Promise<TAiSession> {
  const { partnerId } = ownPartnerWhere(ctx);
  const settings = requireAiModel();
  const row = await db.aiSession.create({
    data: { partnerId, orgId: ctx.scope === 'organization' ? ctx.orgId : null, userId: ctx.userId, title: input.title ?? DEFAULT_SESSION_TITLE, provider: settings.provider, model: settings.model },
  });
  return toAiSessionDto(row, 0);
}
