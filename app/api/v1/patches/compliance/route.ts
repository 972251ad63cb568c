// GET /api/v1/patches/compliance — patch compliance per organization or device.
import { defineRoute } from '@/lib/http/define-route';
import { ZCompliance, ZComplianceQuery } from '@/lib/patches/schemas';
import { getPatchCompliance } from '@/lib/patches/get-patch-compliance';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  query: ZComplianceQuery,
  summary: 'Patch compliance',
  description:
    'Devices up to date (nothing missing that is not declined, no failed install), missing a critical or important patch, and with a failed install: a summary over the scope and rows per organization (`by=organization`, default) or per device (`by=device`). Active devices only.',
  tags: ['Patches'],
  response: ZCompliance,
  handler: ({ ctx, query }) => getPatchCompliance(ctx, query),
});
