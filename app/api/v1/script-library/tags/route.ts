// /api/v1/script-library/tags — the partner's script tags.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateTag, ZTag, ZVocabularyQuery } from '@/lib/scripts/schemas';
import { createTag, listTags } from '@/lib/scripts/script-vocabulary';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:read',
  query: ZVocabularyQuery,
  summary: 'List script tags',
  description: 'Partner-wide, with the number of scripts carrying each.',
  tags: ['Script library'],
  response: z.object({ data: z.array(ZTag) }),
  handler: ({ ctx, query }) => listTags(ctx, query.partnerId),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  scopes: ['partner', 'system'],
  body: ZCreateTag,
  status: 201,
  audit: 'script_tag.create',
  summary: 'Create a script tag',
  description: 'Names are unique per partner (409 `SCRIPT_TAG_EXISTS`). Saving a script with unknown tag names also creates them.',
  tags: ['Script library'],
  response: ZTag,
  handler: ({ ctx, body }) => createTag(ctx, body),
});
