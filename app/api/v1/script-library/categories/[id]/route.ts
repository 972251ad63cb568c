// /api/v1/script-library/categories/:id
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCategory, ZUpdateCategory } from '@/lib/scripts/schemas';
import { deleteCategory, getCategory, updateCategory } from '@/lib/scripts/script-vocabulary';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:read',
  params: ZIdParams,
  summary: 'Get a script category',
  tags: ['Script library'],
  response: ZCategory,
  handler: ({ ctx, params }) => getCategory(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  scopes: ['partner', 'system'],
  params: ZIdParams,
  body: ZUpdateCategory,
  audit: 'script_category.update',
  summary: 'Rename or describe a script category',
  tags: ['Script library'],
  response: ZCategory,
  handler: ({ ctx, params, body }) => updateCategory(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  scopes: ['partner', 'system'],
  params: ZIdParams,
  audit: 'script_category.delete',
  summary: 'Delete a script category',
  description: 'Its scripts stay, uncategorised.',
  tags: ['Script library'],
  handler: ({ ctx, params }) => deleteCategory(ctx, params.id),
});
