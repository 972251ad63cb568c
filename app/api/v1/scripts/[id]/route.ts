// /api/v1/scripts/:id — read, replace (a new version) or delete a script.
import { defineRoute } from '@/lib/http/define-route';
import { ZScript, ZScriptIdParams, ZUpdateScript } from '@/lib/scripts/schemas';
import { getScriptOrThrow } from '@/lib/scripts/get-script-or-throw';
import { toScriptDto } from '@/lib/scripts/to-script-dto';
import { updateScript } from '@/lib/scripts/update-script';
import { deleteScript } from '@/lib/scripts/delete-script';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:read',
  params: ZScriptIdParams,
  summary: 'Get a script',
  tags: ['Scripts'],
  response: ZScript,
  handler: async ({ ctx, params }) => toScriptDto(await getScriptOrThrow(ctx, params.id)),
});

export const PUT = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  params: ZScriptIdParams,
  body: ZUpdateScript,
  audit: 'script.update',
  summary: 'Replace a script',
  description: 'Replaces every field of the body (same rules as POST; the library cannot change). Each save raises `version` by one and keeps every earlier body (GET /script-library/scripts/:id/versions). Partner-library scripts need access to every organization (else 403).',
  tags: ['Scripts'],
  response: ZScript,
  handler: ({ ctx, params, body }) => updateScript(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  params: ZScriptIdParams,
  audit: 'script.delete',
  summary: 'Delete a script',
  description: 'Deletes the script with its versions. Its executions stay readable (with the script name and version they ran).',
  tags: ['Scripts'],
  handler: ({ ctx, params }) => deleteScript(ctx, params.id),
});
