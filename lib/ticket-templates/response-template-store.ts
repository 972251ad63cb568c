// Shared pieces of the canned-reply operations: partner-scoped lookup, DTO, body validation.
import type { DbOrTx } from '@/lib/db';
import { db } from '@/lib/db';
import type { TicketResponseTemplate } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest, conflict, notFound } from '@/lib/http/errors';
import { unknownPlaceholders } from '@/lib/ticket-templates/placeholders';
import { ownPartnerWhere } from '@/lib/tenancy/scope';

/** Canned replies are partner-wide; routes admit partner scope only, so partnerId is set. */
export const templateWhere = (ctx: ActorContext) => ownPartnerWhere(ctx);

export async function getResponseTemplateOrThrow(ctx: ActorContext, id: string, client: DbOrTx = db) {
  const template = await client.ticketResponseTemplate.findFirst({ where: { id, ...templateWhere(ctx) } });
  if (!template) throw notFound('Response template');
  return template;
}

export function assertKnownPlaceholders(body: string): void {
  const unknown = unknownPlaceholders(body);
  if (unknown.length) {
    throw badRequest(
      `Unknown placeholder${unknown.length > 1 ? 's' : ''}: ${unknown.map((u) => `{{${u}}}`).join(', ')}`,
      unknown.map((u) => ({ path: 'body.body', message: `Unknown placeholder {{${u}}}` })),
      'UNKNOWN_PLACEHOLDER',
    );
  }
}

export const templateNameTaken = () => conflict('A canned reply with this name already exists', 'TEMPLATE_NAME_TAKEN');

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === 'P2002';
}

export function toResponseTemplateDto(t: TicketResponseTemplate) {
  return {
    id: t.id,
    partnerId: t.partnerId,
    name: t.name,
    category: t.category,
    body: t.body,
    createdById: t.createdById,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
