// Which tickets, comments and attachments a caller sees. The console and (later) the customer
// portal share these predicates: the portal passes the customer audience.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { orgWhere, tenantWhere } from '@/lib/tenancy/scope';

/**
 * `staff`: the service desk (partner and system scope) sees internal notes.
 * `customer`: organization-scope users and portal sessions see public comments only, and only
 * attachments of public comments (plus their own pending uploads).
 */
export type TicketAudience = 'staff' | 'customer';

export function audienceOf(ctx: Pick<ScopedContext, 'scope'>): TicketAudience {
  return ctx.scope === 'organization' ? 'customer' : 'staff';
}

/** Tickets in scope (live and soft-deleted): in live organizations the caller sees. */
export function ticketWhere(ctx: ScopedContext): Prisma.TicketWhereInput {
  return { ...tenantWhere(ctx), organization: orgWhere(ctx) };
}

export function visibleCommentWhere(audience: TicketAudience): Prisma.TicketCommentWhereInput {
  return audience === 'customer' ? { visibility: 'public' } : {};
}

/**
 * Attachments a viewer may read on a ticket: those of comments it sees, and its own pending
 * uploads (a pending upload belongs to its uploader alone).
 */
export function visibleAttachmentWhere(audience: TicketAudience, uploaderId: string | null): Prisma.TicketAttachmentWhereInput {
  return {
    OR: [
      { commentId: { not: null }, comment: visibleCommentWhere(audience) },
      ...(uploaderId ? [{ commentId: null, uploadedById: uploaderId }] : []),
    ],
  };
}
