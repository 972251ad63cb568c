// /api/v1/patch-policies — patch policies: which devices and sources, which severities are
// approved automatically and when, how installs reboot and in which maintenance window.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreatePatchPolicy, ZListPatchPoliciesQuery, ZPatchPolicy } from '@/lib/patches/policy-schemas';
import { listPatchPolicies } from '@/lib/patches/list-patch-policies';
import { createPatchPolicy } from '@/lib/patches/create-patch-policy';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  query: ZListPatchPoliciesQuery,
  summary: 'List patch policies',
  description: 'Policies of the caller’s organizations plus partner-wide ones, by name. Needs `patches:read`.',
  tags: ['Patches'],
  response: ZPageOf(ZPatchPolicy),
  handler: ({ ctx, query }) => listPatchPolicies(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:approve',
  body: ZCreatePatchPolicy,
  status: 201,
  summary: 'Create a patch policy',
  description: [
    'Needs `patches:approve`. A policy belongs to one organization (`orgId`) or, omitted, to the whole partner (callers that see every organization).',
    '**Targets**: organizations, sites, device groups and devices inside the policy’s scope (else 400 `TARGET_NOT_IN_SCOPE`); none at all covers every device of the policy’s organization or partner. **Sources**: the patch sources covered (default all five).',
    '**Auto-approval**: per severity (`critical`, `important`, `moderate`, `low`, `unknown`), `approve` and `afterDays` (0 to 90): an hourly worker approves a patch available on a targeted device once that many days passed since it was first seen, for the device’s organization, recording the policy as the approver. A decline or deferral by a person is never overridden.',
    '**Installs**: `rebootBehavior` `never`, `if_required` (default) or `always`; `maintenanceWindowId` a window of the policy’s organization or a partner-wide one, not cancelled (else 400 `WINDOW_NOT_IN_SCOPE`).',
  ].join('\n\n'),
  tags: ['Patches'],
  response: ZPatchPolicy,
  handler: ({ ctx, body }) => createPatchPolicy(ctx, body),
});
