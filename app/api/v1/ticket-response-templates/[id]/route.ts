// /api/v1/ticket-response-templates/:id — one canned reply.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZResponseTemplate, ZUpdateResponseTemplate } from '@/lib/ticket-templates/schemas';
import { getResponseTemplateOrThrow, toResponseTemplateDto } from '@/lib/ticket-templates/response-template-store';
import { updateResponseTemplate } from '@/lib/ticket-templates/update-response-template';
import { deleteResponseTemplate } from '@/lib/ticket-templates/delete-response-template';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:read',
  scopes: ['partner'],
  params: ZIdParams,
  summary: 'Get a canned reply',
  tags: ['Tickets'],
  response: ZResponseTemplate,
  handler: async ({ ctx, params }) => toResponseTemplateDto(await getResponseTemplateOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'tickets:manage',
  mfa: true,
  scopes: ['partner'],
  params: ZIdParams,
  body: ZUpdateResponseTemplate,
  summary: 'Update a canned reply',
  description: 'Same name and placeholder rules as on create.',
  tags: ['Tickets'],
  response: ZResponseTemplate,
  handler: ({ ctx, params, body }) => updateResponseTemplate(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'tickets:manage',
  mfa: true,
  scopes: ['partner'],
  params: ZIdParams,
  summary: 'Delete a canned reply',
  tags: ['Tickets'],
  handler: ({ ctx, params }) => deleteResponseTemplate(ctx, params.id),
});
