import { db } from '@/lib/db';
import type { PortalContext } from '@/lib/auth/context';
import { toPortalAttachmentDto } from '@/lib/portal/tickets/to-portal-dto';

interface CommentLike {
  id: string;
  authorType: string;
  authorUserId: string | null;
  authorName: string | null;
  authorEmail: string | null;
  content: string;
  createdAt: string | Date;
  attachments: { id: string; ticketId: string; fileName: string; contentType: string; sizeBytes: number; createdAt: string }[];
}

/**
 * Public comments as a customer sees them. A comment by a signed-in user is the service desk's
 * unless that user belongs to the customer's organization (a customer using the console).
 */
export async function toPortalCommentDtos(comments: CommentLike[], ctx: Pick<PortalContext, 'email' | 'orgId'>) {
  const userIds = [...new Set(comments.map((c) => c.authorUserId).filter((id): id is string => id !== null))];
  const customers = userIds.length
    ? new Set((await db.organizationUser.findMany({ where: { userId: { in: userIds }, orgId: ctx.orgId }, select: { userId: true } })).map((u) => u.userId))
    : new Set<string>();
  return comments.map((c) => ({
    id: c.id,
    authorName: c.authorName,
    fromServiceDesk: c.authorType === 'user' && !customers.has(c.authorUserId ?? ''),
    mine: c.authorType === 'requester' && c.authorEmail === ctx.email,
    content: c.content,
    createdAt: typeof c.createdAt === 'string' ? c.createdAt : c.createdAt.toISOString(),
    attachments: c.attachments.map(toPortalAttachmentDto),
  }));
}
