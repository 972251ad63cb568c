// /api/v1/patch-policies/:id — one patch policy.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPatchPolicy, ZUpdatePatchPolicy } from '@/lib/patches/policy-schemas';
import { getPatchPolicy } from '@/lib/patches/list-patch-policies';
import { updatePatchPolicy } from '@/lib/patches/update-patch-policy';
import { deletePatchPolicy } from '@/lib/patches/delete-patch-policy';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  params: ZIdParams,
  summary: 'Get a patch policy',
  description: 'Needs `patches:read`.',
  tags: ['Patches'],
  response: ZPatchPolicy,
  handler: ({ ctx, params }) => getPatchPolicy(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:approve',
  params: ZIdParams,
  body: ZUpdatePatchPolicy,
  summary: 'Edit a patch policy',
  description:
    'Needs `patches:approve`. Fields given replace the stored ones (`autoApprove` as a whole: severities left out are not auto-approved); the owner cannot change. Targets and the maintenance window are checked as on create. Approvals already recorded stay.',
  tags: ['Patches'],
  response: ZPatchPolicy,
  handler: ({ ctx, params, body }) => updatePatchPolicy(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:approve',
  params: ZIdParams,
  summary: 'Delete a patch policy',
  description: 'Needs `patches:approve`. Approvals the policy already recorded stay.',
  tags: ['Patches'],
  handler: ({ ctx, params }) => deletePatchPolicy(ctx, params.id),
});
