// /api/v1/custom-fields — device custom field definitions.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateCustomField, ZCustomField, ZListCustomFieldsQuery } from '@/lib/custom-fields/schemas';
import { createCustomField, listCustomFields } from '@/lib/custom-fields/manage-custom-fields';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListCustomFieldsQuery,
  summary: 'List custom fields',
  description: 'Device custom field definitions in scope: partner-wide ones and those of your organizations.',
  tags: ['Custom fields'],
  response: z.object({ data: z.array(ZCustomField) }),
  handler: ({ ctx, query }) => listCustomFields(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  body: ZCreateCustomField,
  status: 201,
  audit: 'custom_field.create',
  summary: 'Create a custom field',
  description: '`key` (lowercase, unique in its scope, else 409 `CUSTOM_FIELD_KEY_EXISTS`), `name`, `type` text|number|boolean|date|select (`options` for select), `scriptWritable` (default false: scripts may then set it with a `::service:custom-fields:: {json}` output line). With `orgId` the field belongs to that organization; without it, to the whole partner (needs access to every organization).',
  tags: ['Custom fields'],
  response: ZCustomField,
  handler: ({ ctx, body }) => createCustomField(ctx, body),
});
