// /api/v1/custom-fields/:id
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCustomField, ZUpdateCustomField } from '@/lib/custom-fields/schemas';
import { deleteCustomField, getCustomFieldOrThrow, updateCustomField } from '@/lib/custom-fields/manage-custom-fields';
import { toCustomFieldDto } from '@/lib/custom-fields/to-custom-field-dto';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Get a custom field',
  tags: ['Custom fields'],
  response: ZCustomField,
  handler: async ({ ctx, params }) => toCustomFieldDto(await getCustomFieldOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  body: ZUpdateCustomField,
  audit: 'custom_field.update',
  summary: 'Update a custom field',
  description: '`name`, `description`, `options` (select fields) and `scriptWritable`; key and type are fixed.',
  tags: ['Custom fields'],
  response: ZCustomField,
  handler: ({ ctx, params, body }) => updateCustomField(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  audit: 'custom_field.delete',
  summary: 'Delete a custom field',
  description: 'Deletes the definition and every device’s value of it.',
  tags: ['Custom fields'],
  handler: ({ ctx, params }) => deleteCustomField(ctx, params.id),
});
