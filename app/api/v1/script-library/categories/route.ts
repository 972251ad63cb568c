// /api/v1/script-library/categories — the partner's script categories.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZCategory, ZCreateCategory, ZVocabularyQuery } from '@/lib/scripts/schemas';
import { createCategory, listCategories } from '@/lib/scripts/script-vocabulary';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:read',
  query: ZVocabularyQuery,
  summary: 'List script categories',
  description: 'Partner-wide, shared by every library of the partner, with the number of scripts in each.',
  tags: ['Script library'],
  response: z.object({ data: z.array(ZCategory) }),
  handler: ({ ctx, query }) => listCategories(ctx, query.partnerId),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  scopes: ['partner', 'system'],
  body: ZCreateCategory,
  status: 201,
  audit: 'script_category.create',
  summary: 'Create a script category',
  description: 'Names are unique per partner (409 `SCRIPT_CATEGORY_EXISTS`). Saving a script with an unknown `category` name also creates it.',
  tags: ['Script library'],
  response: ZCategory,
  handler: ({ ctx, body }) => createCategory(ctx, body),
});
