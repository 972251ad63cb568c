// /api/v1/alert-templates/templates/:id — update or delete a template.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZTemplate, ZUpdateTemplate } from '@/lib/alerts/templates/schemas';
import { deleteTemplate, updateTemplate } from '@/lib/alerts/templates/templates';

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  body: ZUpdateTemplate,
  summary: 'Update an alert template',
  description: 'Rule templates take `rule`; message templates take `subject` and `body`.',
  tags: ['Alert templates'],
  response: ZTemplate,
  audit: 'alert_template.update',
  handler: ({ ctx, params, body }) => updateTemplate(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  summary: 'Delete an alert template',
  description: 'Policies using it as their message template fall back to the default message.',
  tags: ['Alert templates'],
  audit: 'alert_template.delete',
  handler: ({ ctx, params }) => deleteTemplate(ctx, params.id),
});
