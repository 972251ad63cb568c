// /api/v1/script-library/scripts/:id/versions — a script's history; save a new version.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZScriptIdParams, ZScriptVersion, ZUpdateScript } from '@/lib/scripts/schemas';
import { createScriptVersion, listScriptVersions } from '@/lib/scripts/script-versions';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:read',
  params: ZScriptIdParams,
  summary: 'List a script’s versions',
  description: 'Every saved body, newest first; `current` marks the one in use. Version 1 is the body the script was created with.',
  tags: ['Script library'],
  response: z.object({ data: z.array(ZScriptVersion) }),
  handler: ({ ctx, params }) => listScriptVersions(ctx, params.id),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  params: ZScriptIdParams,
  body: ZUpdateScript,
  status: 201,
  audit: 'script.version',
  summary: 'Save a new version of a script',
  description: 'Same body and rules as PUT /scripts/:id (with an optional `note`); answers the new version.',
  tags: ['Script library'],
  response: ZScriptVersion,
  handler: ({ ctx, params, body }) => createScriptVersion(ctx, params.id, body),
});
