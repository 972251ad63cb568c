import { z } from 'zod';
import { ZPageOf, ZTimestamp } from '@/lib/http/common-schemas';
import { MAX_DESCRIPTION, TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from '@/lib/tickets/schemas';

/** Ticket types a customer chooses between; the service desk may reclassify. */
export const PORTAL_TICKET_TYPES = ['incident', 'service_request', 'question'] as const;

export const ZCreatePortalTicket = z
  .object({
    subject: z.string().trim().min(1).max(255),
    description: z.string().max(MAX_DESCRIPTION).default(''),
    priority: z.enum(TICKET_PRIORITIES).default('p3'),
    type: z.enum(PORTAL_TICKET_TYPES).default('incident'),
  })
  .strict();
export const PORTAL_TICKET_FIELDS = ['subject', 'description', 'priority', 'type'] as const;

export const ZCreatePortalComment = z.object({ content: z.string().max(MAX_DESCRIPTION).default('') }).strict();
export const PORTAL_COMMENT_FIELDS = ['content'] as const;

export const ZListPortalTicketsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(['open', 'closed', 'all']).default('all').describe('`open`: new, open, pending, on hold; `closed`: resolved or closed'),
  mine: z.enum(['true', 'false']).optional().transform((v) => v === 'true').describe('true: only tickets I requested'),
  search: z.string().trim().max(255).optional().describe('Subject (case-insensitive) or number (`42` or `#42`)'),
});

export const ZPortalTicketQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('Page of the conversation'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const ZPortalAttachment = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: ZTimestamp,
  contentUrl: z.string().describe('GET it with the portal session (the portal content route)'),
}).meta({ id: 'PortalAttachment' });

export const ZPortalComment = z.object({
  id: z.string().uuid(),
  authorName: z.string().nullable(),
  fromServiceDesk: z.boolean(),
  mine: z.boolean(),
  content: z.string(),
  createdAt: ZTimestamp,
  attachments: z.array(ZPortalAttachment),
}).meta({ id: 'PortalComment' });

export const ZPortalTicket = z.object({
  id: z.string().uuid(),
  number: z.number().int(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  type: z.enum(TICKET_TYPES),
  requesterName: z.string().nullable(),
  requesterEmail: z.string().nullable(),
  mine: z.boolean().describe('I am the requester'),
  assigneeName: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  resolvedAt: ZTimestamp.nullable(),
  closedAt: ZTimestamp.nullable(),
}).meta({ id: 'PortalTicket' });
export type TPortalTicket = z.infer<typeof ZPortalTicket>;

export const ZPortalTicketDetail = ZPortalTicket.extend({ comments: ZPageOf(ZPortalComment).describe('The public conversation, oldest first') });

export const ZPortalTicketAttachmentParams = z.object({ id: z.string().uuid(), attachmentId: z.string().uuid() });
