// DELETE /api/v1/script-library/tags/:id
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { deleteTag } from '@/lib/scripts/script-vocabulary';

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  scopes: ['partner', 'system'],
  params: ZIdParams,
  audit: 'script_tag.delete',
  summary: 'Delete a script tag',
  description: 'Removes the tag from every script.',
  tags: ['Script library'],
  handler: ({ ctx, params }) => deleteTag(ctx, params.id),
});
