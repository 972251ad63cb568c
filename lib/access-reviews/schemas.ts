import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

export const ZListAccessReviewsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  status: z.enum(['open', 'completed']).optional(),
  partnerId: z.string().uuid().optional().describe('System scope only: one partner'),
});

export const ZCreateAccessReview = z
  .object({
    name: z.string().trim().min(1).max(200).optional().describe('Default: "Access review <date>"'),
    description: z.string().trim().max(2000).nullable().optional(),
    dueAt: z.iso.datetime({ offset: true }).optional().describe('When the review should be completed (informational)'),
    partnerId: z.string().uuid().optional().describe('Required for system-scope callers; ignored otherwise'),
  })
  .strict();

export const ZReviewItemParams = z.object({ id: z.string().uuid(), itemId: z.string().uuid() });

export const ZDecideReviewItem = z
  .object({
    decision: z.enum(['keep', 'revoke']),
    note: z.string().trim().max(1000).nullable().optional(),
  })
  .strict();

export const ZAccessReviewItem = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  userStatus: z.string(),
  scope: z.enum(['system', 'partner', 'organization']),
  orgId: z.string().uuid().nullable(),
  role: z.object({ id: z.string().uuid(), name: z.string(), permissions: z.array(z.string()) }),
  orgAccess: z.enum(['all', 'selected', 'none']).nullable(),
  orgIds: z.array(z.string().uuid()),
  decision: z.enum(['keep', 'revoke']).nullable(),
  note: z.string().nullable(),
  decidedBy: z.object({ id: z.string().uuid().nullable(), email: z.string().nullable() }).nullable(),
  decidedAt: ZTimestamp.nullable(),
  outcome: z.enum(['revoked', 'already_removed', 'kept']).nullable(),
  appliedAt: ZTimestamp.nullable(),
}).meta({ id: 'AccessReviewItem' });

const ZCounts = z.object({ total: z.number().int(), undecided: z.number().int(), keep: z.number().int(), revoke: z.number().int() });

export const ZAccessReviewSummary = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(['open', 'completed']),
  dueAt: ZTimestamp.nullable(),
  createdBy: z.object({ id: z.string().uuid().nullable(), email: z.string().nullable() }),
  completedBy: z.object({ id: z.string().uuid().nullable(), email: z.string().nullable() }).nullable(),
  completedAt: ZTimestamp.nullable(),
  counts: ZCounts,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});

export const ZAccessReview = ZAccessReviewSummary.extend({ items: z.array(ZAccessReviewItem) }).meta({ id: 'AccessReview' });
