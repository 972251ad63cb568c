// GET /api/v1/script-library/templates
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZLibraryScript, ZSystemLibraryQuery } from '@/lib/scripts/schemas';
import { listTemplates } from '@/lib/scripts/list-library';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:read',
  query: ZSystemLibraryQuery,
  summary: 'List script templates',
  description: 'Starting points showing the conventions: parameters (`SERVICE_PARAM_<name>`), secret variables (`SERVICE_VAR_<NAME>`), `{{var.key}}`, custom-field output lines and exit-code severities. Create a script from one with POST /script-library/from-template/:templateId.',
  tags: ['Script library'],
  response: z.object({ data: z.array(ZLibraryScript) }),
  handler: ({ query }) => listTemplates(query),
});
