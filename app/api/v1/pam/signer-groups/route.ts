// /api/v1/pam/signer-groups — reusable lists of code signers for elevation rules.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateSignerGroup, ZListPamQuery, ZSignerGroup } from '@/lib/pam/schemas';
import { createSignerGroup, listSignerGroups } from '@/lib/pam/rules';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:read',
  query: ZListPamQuery,
  summary: 'List signer groups',
  description: 'Needs `pam:read`. By name, each with the number of rules using it. Filter: `orgId`.',
  tags: ['PAM'],
  response: ZPageOf(ZSignerGroup),
  handler: ({ ctx, query }) => listSignerGroups(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:manage',
  body: ZCreateSignerGroup,
  status: 201,
  audit: 'pam_signer_group.create',
  summary: 'Create a signer group',
  description: 'Needs `pam:manage`. `signers` (code-signer names, matched case-insensitively) and `thumbprints` (64 hex characters, stored lowercased), at least one entry in all. A rule with `matchSignerGroupId` matches a request whose signer or thumbprint is in the group.',
  tags: ['PAM'],
  response: ZSignerGroup,
  handler: ({ ctx, body }) => createSignerGroup(ctx, body),
});
