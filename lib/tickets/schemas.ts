import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

export const TICKET_STATUSES = ['new', 'open', 'pending', 'on_hold', 'resolved', 'closed'] as const;
export const TICKET_PRIORITIES = ['p1', 'p2', 'p3', 'p4'] as const;
export const TICKET_TYPES = ['incident', 'service_request', 'problem', 'change', 'question'] as const;
export const TICKET_SOURCES = ['console', 'portal', 'email', 'ai', 'vulnerability', 'alert', 'automation'] as const;
export const COMMENT_VISIBILITIES = ['public', 'internal'] as const;

export type TicketStatusName = (typeof TICKET_STATUSES)[number];
export type TicketPriorityName = (typeof TICKET_PRIORITIES)[number];

/** Statuses in which the service desk still owes work (SLA clock running). */
export const OPEN_STATUSES: TicketStatusName[] = ['new', 'open', 'pending', 'on_hold'];

export const MAX_DESCRIPTION = 100_000;
export const MAX_BULK_IDS = 100;
export const MAX_ATTACHMENTS_PER_COMMENT = 5;

const ZTags = z.array(z.string().trim().min(1).max(50)).max(20);
const ZEmail = z.string().trim().toLowerCase().email().max(255);

/** A query value given once, repeated (`a=1&a=2`) or comma-separated (`a=1,2`). */
const multi = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).filter((s) => s !== '')), z.array(item).min(1).optional());

const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ZCreateTicket = z
  .object({
    orgId: z.string().uuid().optional().describe('Required for partner and system callers; organization users create in their own organization'),
    siteId: z.string().uuid().nullable().optional(),
    deviceId: z.string().uuid().nullable().optional().describe('A device of the ticket’s organization the ticket is about'),
    subject: z.string().trim().min(1).max(255),
    description: z.string().max(MAX_DESCRIPTION).default(''),
    status: z.enum(['new', 'open', 'pending', 'on_hold']).default('new'),
    priority: z.enum(TICKET_PRIORITIES).default('p3'),
    type: z.enum(TICKET_TYPES).default('incident'),
    tags: ZTags.default([]),
    assigneeId: z.string().uuid().nullable().optional(),
    requesterName: z.string().trim().max(255).nullable().optional(),
    requesterEmail: ZEmail.nullable().optional(),
    dueAt: z.coerce.date().nullable().optional().describe('Overrides the due date derived from the priority SLA'),
  })
  .strict();

export const ZUpdateTicket = z
  .object({
    subject: z.string().trim().min(1).max(255),
    description: z.string().max(MAX_DESCRIPTION),
    status: z.enum(TICKET_STATUSES),
    priority: z.enum(TICKET_PRIORITIES),
    type: z.enum(TICKET_TYPES),
    tags: ZTags,
    siteId: z.string().uuid().nullable(),
    assigneeId: z.string().uuid().nullable(),
    requesterName: z.string().trim().max(255).nullable(),
    requesterEmail: ZEmail.nullable(),
    dueAt: z.coerce.date().nullable(),
  })
  .partial()
  .strict();

export const TICKET_SORTS = ['number', 'createdAt', 'updatedAt', 'dueAt', 'priority', 'status'] as const;

export const ZListTicketsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  deleted: z.enum(['only']).optional().describe('`only`: the Archived queue of soft-deleted tickets (needs tickets:manage)'),
  status: multi(z.enum(TICKET_STATUSES)),
  priority: multi(z.enum(TICKET_PRIORITIES)),
  type: multi(z.enum(TICKET_TYPES)),
  source: multi(z.enum(TICKET_SOURCES)),
  orgId: z.string().uuid().optional(),
  siteId: z.string().uuid().optional(),
  deviceId: z.string().uuid().optional(),
  assigneeId: z.union([z.string().uuid(), z.enum(['me', 'none'])]).optional().describe('A user id, `me` or `none` (unassigned)'),
  requesterEmail: z.string().trim().toLowerCase().max(255).optional(),
  tag: z.string().trim().max(50).optional(),
  overdue: queryBool.optional().describe('true: open tickets past their due date'),
  search: z.string().trim().max(255).optional().describe('Matches subject or requester email (case-insensitive), or the number (`42` or `#42`)'),
  createdAfter: z.coerce.date().optional(),
  createdBefore: z.coerce.date().optional(),
  sort: z.enum(TICKET_SORTS).default('createdAt'),
  sortDir: z.enum(['asc', 'desc']).default('desc'),
});

const ZBulkIds = z.array(z.string().uuid()).min(1).max(MAX_BULK_IDS);

export const ZBulkTickets = z.discriminatedUnion('action', [
  z.object({ action: z.literal('assign'), ids: ZBulkIds, assigneeId: z.string().uuid().nullable() }).strict(),
  z.object({ action: z.literal('status'), ids: ZBulkIds, status: z.enum(TICKET_STATUSES) }).strict(),
  z.object({ action: z.literal('delete'), ids: ZBulkIds }).strict(),
]);

export const ZCreateComment = z
  .object({
    content: z.string().max(MAX_DESCRIPTION).default(''),
    attachmentIds: z
      .array(z.string().uuid())
      .max(MAX_ATTACHMENTS_PER_COMMENT)
      .default([])
      .refine((ids) => new Set(ids).size === ids.length, 'attachmentIds must not repeat an id'),
    visibility: z.enum(COMMENT_VISIBILITIES).default('public').describe('`internal` notes are seen by the service desk only'),
  })
  .strict()
  .refine((c) => c.content.trim() !== '' || c.attachmentIds.length > 0, { message: 'content may be empty only when attachmentIds is not', path: ['content'] });

export const ZTicketAttachmentParams = z.object({ id: z.string().uuid(), attachmentId: z.string().uuid() });

export const ZListCommentsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

const ZUserRef = z.object({ id: z.string().uuid(), name: z.string(), email: z.string() });

export const ZTicket = z.object({
  id: z.string().uuid(),
  number: z.number().int(),
  partnerId: z.string().uuid(),
  orgId: z.string().uuid(),
  organization: z.object({ id: z.string().uuid(), name: z.string() }),
  siteId: z.string().uuid().nullable(),
  deviceId: z.string().uuid().nullable(),
  alertId: z.string().uuid().nullable().describe('The alert the ticket was opened from (POST /alerts/:id/ticket)'),
  subject: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  type: z.enum(TICKET_TYPES),
  source: z.enum(TICKET_SOURCES),
  tags: z.array(z.string()),
  assigneeId: z.string().uuid().nullable(),
  assignee: ZUserRef.nullable(),
  requesterName: z.string().nullable(),
  requesterEmail: z.string().nullable(),
  createdById: z.string().uuid().nullable(),
  dueAt: ZTimestamp.nullable(),
  overdue: z.boolean(),
  firstResponseAt: ZTimestamp.nullable(),
  resolvedAt: ZTimestamp.nullable(),
  closedAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  deletedAt: ZTimestamp.nullable(),
}).meta({ id: 'Ticket' });
export type TTicket = z.infer<typeof ZTicket>;

export const ZAttachment = z.object({
  id: z.string().uuid(),
  ticketId: z.string().uuid(),
  commentId: z.string().uuid().nullable().describe('null while the upload is pending (visible to its uploader only)'),
  fileName: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  uploadedById: z.string().uuid().nullable(),
  createdAt: ZTimestamp,
  contentUrl: z.string(),
}).meta({ id: 'TicketAttachment' });
export type TAttachment = z.infer<typeof ZAttachment>;

export const ZComment = z.object({
  id: z.string().uuid(),
  ticketId: z.string().uuid(),
  visibility: z.enum(COMMENT_VISIBILITIES),
  authorType: z.enum(['user', 'requester', 'system']),
  authorUserId: z.string().uuid().nullable(),
  authorName: z.string().nullable(),
  authorEmail: z.string().nullable(),
  content: z.string(),
  source: z.enum(TICKET_SOURCES),
  attachments: z.array(ZAttachment),
  createdAt: ZTimestamp,
}).meta({ id: 'TicketComment' });

const ZBulkResult = z.object({
  id: z.string().uuid(),
  result: z.enum(['updated', 'skipped', 'failed']),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export const ZBulkResponse = z.object({
  action: z.enum(['assign', 'status', 'delete']),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  results: z.array(ZBulkResult),
});

export const ZCreateTicketFromAlert = z
  .object({
    priority: z.enum(TICKET_PRIORITIES).optional().describe('Default: from the alert severity (critical p1, high p2, medium p3, low and info p4)'),
    assigneeId: z.string().uuid().nullable().optional(),
  })
  .strict();
