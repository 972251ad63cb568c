// POST /api/v1/script-library/from-template/:templateId
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZFromTemplate, ZScript } from '@/lib/scripts/schemas';
import { createFromTemplate } from '@/lib/scripts/clone-library-script';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  params: z.object({ templateId: z.string().uuid() }),
  body: ZFromTemplate,
  status: 201,
  audit: 'script.create_from_template',
  summary: 'Create a script from a template',
  description: '`name` is required; `description`, `category`, `tags`, `osTypes` and `timeoutSeconds` override the template’s. Placement as in POST /scripts.',
  tags: ['Script library'],
  response: ZScript,
  handler: ({ ctx, params, body }) => createFromTemplate(ctx, params.templateId, body),
});
