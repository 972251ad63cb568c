import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertKnownPlaceholders, isUniqueViolation, templateNameTaken, templateWhere, toResponseTemplateDto } from '@/lib/ticket-templates/response-template-store';
import type { ZCreateResponseTemplate } from '@/lib/ticket-templates/schemas';

export async function createResponseTemplate(ctx: ActorContext, input: z.output<typeof ZCreateResponseTemplate>) {
  assertKnownPlaceholders(input.body);
  const { partnerId } = templateWhere(ctx);
  try {
    const template = await db.$transaction(async (tx) => {
      const created = await tx.ticketResponseTemplate.create({
        data: { partnerId, name: input.name, category: input.category ?? null, body: input.body, createdById: ctx.userId },
      });
      await writeAudit(ctx, { action: 'ticket_response_template.create', targetType: 'ticket_response_template', targetId: created.id, partnerId, orgId: null, details: { name: created.name } }, tx);
      return created;
    });
    return toResponseTemplateDto(template);
  } catch (error) {
    if (isUniqueViolation(error)) throw templateNameTaken();
    throw error;
  }
}
