// /api/v1/ticket-response-templates — the partner's canned replies.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { PLACEHOLDERS } from '@/lib/ticket-templates/placeholders';
import { ZCreateResponseTemplate, ZListResponseTemplatesQuery, ZResponseTemplate } from '@/lib/ticket-templates/schemas';
import { listResponseTemplates } from '@/lib/ticket-templates/list-response-templates';
import { createResponseTemplate } from '@/lib/ticket-templates/create-response-template';

const placeholderDoc = Object.entries(PLACEHOLDERS).map(([k, v]) => `- \`{{${k}}}\`: ${v}`).join('\n');

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:read',
  scopes: ['partner'],
  query: ZListResponseTemplatesQuery,
  summary: 'List canned replies',
  description: 'Partner-wide canned replies, by name.',
  tags: ['Tickets'],
  response: ZPageOf(ZResponseTemplate),
  handler: ({ ctx, query }) => listResponseTemplates(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'tickets:manage',
  mfa: true,
  scopes: ['partner'],
  body: ZCreateResponseTemplate,
  status: 201,
  summary: 'Create a canned reply',
  description: `Names are unique per partner (409 \`TEMPLATE_NAME_TAKEN\`). The body may use these placeholders, filled by \`POST /ticket-response-templates/:id/render\`; any other \`{{x.y}}\` is refused with 400 \`UNKNOWN_PLACEHOLDER\`:\n\n${placeholderDoc}`,
  tags: ['Tickets'],
  response: ZResponseTemplate,
  handler: ({ ctx, body }) => createResponseTemplate(ctx, body),
});
