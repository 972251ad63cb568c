// /api/v1/alerts/policies/:id — one policy.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPolicy, ZUpdatePolicy } from '@/lib/alerts/policies/schemas';
import { getPolicyOrThrow } from '@/lib/alerts/policies/get-policy-or-throw';
import { toPolicyDto } from '@/lib/alerts/policies/to-policy-dto';
import { updatePolicy } from '@/lib/alerts/policies/update-policy';
import { deletePolicy } from '@/lib/alerts/policies/delete-policy';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  params: ZIdParams,
  summary: 'Get an alert policy',
  tags: ['Alert policies'],
  response: ZPolicy,
  handler: async ({ ctx, params }) => toPolicyDto(await getPolicyOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  body: ZUpdatePolicy,
  summary: 'Update an alert policy',
  description: 'Any subset of the fields; lists replace the stored ones.',
  tags: ['Alert policies'],
  response: ZPolicy,
  audit: 'alert_policy.update',
  handler: ({ ctx, params, body }) => updatePolicy(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  summary: 'Delete an alert policy',
  tags: ['Alert policies'],
  audit: 'alert_policy.delete',
  handler: ({ ctx, params }) => deletePolicy(ctx, params.id),
});
