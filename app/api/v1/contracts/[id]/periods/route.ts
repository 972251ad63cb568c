// GET /api/v1/contracts/:id/periods — billed periods, newest first.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPeriodOutcome } from '@/lib/contracts/schemas';
import { listContractPeriods } from '@/lib/contracts/period-outcome';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  params: ZIdParams,
  summary: 'List a contract’s billed periods',
  description: 'Every invoiced period with its outcome, newest first (up to 240).',
  tags: ['Billing'],
  response: z.object({ data: z.array(ZPeriodOutcome) }),
  handler: ({ ctx, params }) => listContractPeriods(ctx, params.id),
});
