// POST /api/v1/script-library/scripts/:id/rollback/:versionId
import { defineRoute } from '@/lib/http/define-route';
import { ZScript, ZVersionParams } from '@/lib/scripts/schemas';
import { rollbackScript } from '@/lib/scripts/script-versions';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  params: ZVersionParams,
  audit: 'script.rollback',
  summary: 'Roll a script back to an earlier version',
  description: 'Restores that version’s body as a new version (history is never rewritten). Category and tags are kept as they are.',
  tags: ['Script library'],
  response: ZScript,
  handler: ({ ctx, params }) => rollbackScript(ctx, params.id, params.versionId),
});
