import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { forbidden } from '@/lib/http/errors';
import { getWritableTicketOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import { audienceOf } from '@/lib/tickets/ticket-scope';
import { insertTicketComment } from '@/lib/tickets/comments/insert-ticket-comment';
import { toCommentDto } from '@/lib/tickets/comments/to-comment-dto';
import type { ZCreateComment } from '@/lib/tickets/schemas';

/** POST /tickets/:id/comments */
export async function createTicketComment(ctx: ActorContext, ticketId: string, input: z.output<typeof ZCreateComment>) {
  const role = audienceOf(ctx) === 'customer' ? 'customer' : 'staff';
  if (role === 'customer' && input.visibility === 'internal') throw forbidden('Internal notes are for the service desk only');
  const comment = await db.$transaction(async (tx) => {
    const ticket = await getWritableTicketOrThrow(ctx, ticketId, tx);
    return insertTicketComment(tx, ctx, ticket, {
      visibility: input.visibility,
      content: input.content,
      attachmentIds: input.attachmentIds,
      author: { type: 'user', userId: ctx.userId, name: ctx.name, email: ctx.email, role },
      source: 'console',
    });
  });
  return toCommentDto(comment);
}
