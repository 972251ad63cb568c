// /api/v1/pam/signer-groups/:id — update or delete a signer group.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZSignerGroup, ZUpdateSignerGroup } from '@/lib/pam/schemas';
import { deleteSignerGroup, updateSignerGroup } from '@/lib/pam/rules';

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:manage',
  params: ZIdParams,
  body: ZUpdateSignerGroup,
  audit: 'pam_signer_group.update',
  summary: 'Update a signer group',
  description: 'Needs `pam:manage`. Lists given replace the current ones; the group must keep at least one signer or thumbprint. Rules using it match by the new lists at once.',
  tags: ['PAM'],
  response: ZSignerGroup,
  handler: ({ ctx, params, body }) => updateSignerGroup(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:manage',
  params: ZIdParams,
  audit: 'pam_signer_group.delete',
  summary: 'Delete a signer group',
  description: 'Needs `pam:manage`. 409 `SIGNER_GROUP_IN_USE` while a rule names it.',
  tags: ['PAM'],
  handler: ({ ctx, params }) => deleteSignerGroup(ctx, params.id),
});
