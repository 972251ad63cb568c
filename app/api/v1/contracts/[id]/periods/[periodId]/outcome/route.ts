// GET /api/v1/contracts/:id/periods/:periodId/outcome — what a period billed.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZPeriodOutcome, ZPeriodParams } from '@/lib/contracts/schemas';
import { getPeriodOutcome } from '@/lib/contracts/period-outcome';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  params: ZPeriodParams,
  summary: 'What a billing period billed',
  description: 'Snapshot device total (enrolled devices of the organization), uncovered total (no per-device line of an active contract held them) with a per-role breakdown, flagged total, and billed overage (device count and amount). 404 `PERIOD_NOT_FOUND` when the contract has no such period.',
  tags: ['Billing'],
  response: z.object({ data: ZPeriodOutcome }),
  handler: ({ ctx, params }) => getPeriodOutcome(ctx, params.id, params.periodId),
});
