// /api/v1/alert-templates/templates — the partner's rule and message templates.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateTemplate, ZListTemplatesQuery, ZTemplate, ZTemplatePage } from '@/lib/alerts/templates/schemas';
import { createTemplate, listTemplates } from '@/lib/alerts/templates/templates';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: ZListTemplatesQuery,
  summary: 'List alert templates',
  description: 'The partner’s own templates (`kind` rule or message). Built-in rule templates: GET /alert-templates/templates/built-in.',
  tags: ['Alert templates'],
  response: ZTemplatePage,
  handler: ({ ctx, query }) => listTemplates(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  body: ZCreateTemplate,
  status: 201,
  summary: 'Create an alert template',
  description: 'Partner users with access to every organization. Names are unique per partner and kind (409).',
  tags: ['Alert templates'],
  response: ZTemplate,
  audit: 'alert_template.create',
  handler: ({ ctx, body }) => createTemplate(ctx, body),
});
