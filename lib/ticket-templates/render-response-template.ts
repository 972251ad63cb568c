import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { getTicketOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import { fillPlaceholders, placeholderValues } from '@/lib/ticket-templates/placeholders';
import { getResponseTemplateOrThrow } from '@/lib/ticket-templates/response-template-store';

/** The canned reply filled for one ticket the caller sees; nothing is written. */
export async function renderResponseTemplate(ctx: ActorContext, id: string, ticketId: string) {
  const [template, ticket] = await Promise.all([getResponseTemplateOrThrow(ctx, id), getTicketOrThrow(ctx, ticketId)]);
  const partner = await db.partner.findUniqueOrThrow({ where: { id: ticket.partnerId }, select: { name: true } });
  const values = placeholderValues({
    ticket,
    organizationName: ticket.organization.name,
    partnerName: partner.name,
    agent: { name: ctx.name, email: ctx.email },
  });
  return { templateId: template.id, ticketId: ticket.id, content: fillPlaceholders(template.body, values) };
}
