import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

export const ZAuditEntry = z.object({
  id: z.string().uuid(),
  createdAt: ZTimestamp,
  actorType: z.string().describe('The kind of caller that acted (user, apiKey, system …)'),
  actorId: z.string().uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  partnerId: z.string().uuid().nullable(),
  orgId: z.string().uuid().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  result: z.string().describe('success, denied or failure'),
  details: z.record(z.string(), z.unknown()),
}).meta({ id: 'AuditEntry' });
