// GET /api/v1/devices/:id/effective-policy — the settings a device runs with and where each comes from.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZEffectivePolicy } from '@/lib/policies/schemas';
import { effectivePolicy } from '@/lib/policies/effective-policy';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:read',
  params: ZIdParams,
  summary: 'Effective policy of a device',
  description:
    'Needs `policies:read`. The active policies that apply to the device, most specific assignment first (device > group > site > organization > partner), and their settings merged key by key: each setting comes from the most specific policy that sets it (between policies at the same level, the most recently updated), with the policy and the assignment level that supplied it. A device outside the caller’s scope is 404.',
  tags: ['Policies'],
  response: ZEffectivePolicy,
  handler: ({ ctx, params }) => effectivePolicy(ctx, params.id),
});
