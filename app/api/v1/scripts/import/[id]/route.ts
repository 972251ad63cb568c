// POST /api/v1/scripts/import/:id — clone a system-library script into a tenant library.
import { defineRoute } from '@/lib/http/define-route';
import { ZCloneLibraryScript, ZScript, ZScriptIdParams } from '@/lib/scripts/schemas';
import { importSystemScript } from '@/lib/scripts/clone-library-script';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  params: ZScriptIdParams,
  body: ZCloneLibraryScript,
  status: 201,
  audit: 'script.import_system',
  summary: 'Clone a system-library script',
  description: 'Copies the script into an organization library (`availability` org, default) or the partner library; `name` renames the copy. A name already used in that library: 409 `SCRIPT_NAME_CONFLICT`. The copy records `origin.systemScriptId`.',
  tags: ['Scripts'],
  response: ZScript,
  handler: ({ ctx, params, body }) => importSystemScript(ctx, params.id, body),
});
