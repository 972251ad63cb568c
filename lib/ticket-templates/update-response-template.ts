import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import {
  assertKnownPlaceholders,
  getResponseTemplateOrThrow,
  isUniqueViolation,
  templateNameTaken,
  toResponseTemplateDto,
} from '@/lib/ticket-templates/response-template-store';
import type { ZUpdateResponseTemplate } from '@/lib/ticket-templates/schemas';

export async function updateResponseTemplate(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateResponseTemplate>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  if (input.body !== undefined) assertKnownPlaceholders(input.body);
  try {
    const template = await db.$transaction(async (tx) => {
      const current = await getResponseTemplateOrThrow(ctx, id, tx);
      const updated = await tx.ticketResponseTemplate.update({ where: { id: current.id }, data: input });
      await writeAudit(ctx, { action: 'ticket_response_template.update', targetType: 'ticket_response_template', targetId: id, partnerId: current.partnerId, orgId: null, details: { fields: Object.keys(input) } }, tx);
      return updated;
    });
    return toResponseTemplateDto(template);
  } catch (error) {
    if (isUniqueViolation(error)) throw templateNameTaken();
    throw error;
  }
}
