import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { insertTicket } from '@/lib/tickets/insert-ticket';
import { audienceOf } from '@/lib/tickets/ticket-scope';
import { toTicketDto } from '@/lib/tickets/to-ticket-dto';
import type { ZCreateTicket } from '@/lib/tickets/schemas';

/** POST /tickets: a ticket opened from the console or the API. */
export async function createTicket(ctx: ActorContext, input: z.output<typeof ZCreateTicket>) {
  const orgId = input.orgId ?? (ctx.scope === 'organization' ? ctx.orgId : null);
  if (!orgId) throw badRequest('body.orgId: required for partner and system callers', [{ path: 'body.orgId', message: 'Required' }]);
  // A customer opening a ticket for themselves is its requester unless they name someone else.
  const selfRequester = audienceOf(ctx) === 'customer' && input.requesterEmail === undefined;
  const ticket = await db.$transaction(async (tx) => {
    const org = await getOrganizationOrThrow(ctx, orgId, tx);
    if (input.deviceId) {
      // In scope (404 otherwise) and of the same organization as the ticket.
      const device = await getDeviceOrThrow(ctx, input.deviceId, tx);
      if (device.orgId !== org.id) throw badRequest('deviceId must be a device of the ticket’s organization', [{ path: 'body.deviceId', message: 'Not a device of the organization' }], 'DEVICE_NOT_IN_ORG');
    }
    return insertTicket(tx, ctx, {
      partnerId: org.partnerId,
      orgId: org.id,
      siteId: input.siteId,
      deviceId: input.deviceId,
      subject: input.subject,
      description: input.description,
      status: input.status,
      priority: input.priority,
      type: input.type,
      source: 'console',
      tags: input.tags,
      assigneeId: input.assigneeId,
      requesterName: selfRequester ? ctx.name : input.requesterName,
      requesterEmail: selfRequester ? ctx.email : input.requesterEmail,
      createdById: ctx.userId,
      dueAt: input.dueAt,
    });
  });
  return toTicketDto(ticket);
}
