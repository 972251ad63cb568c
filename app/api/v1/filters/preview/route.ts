// POST /api/v1/filters/preview — the devices an unsaved rule tree matches (writes nothing).
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZDevice } from '@/lib/devices/schemas';
import { ZPreviewFilterBody, ZPreviewFilterQuery } from '@/lib/filters/schemas';
import { previewRules } from '@/lib/filters/preview-filter';
import { FILTER_GRAMMAR_DOC } from '@/lib/device-filters/grammar-doc';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'filters:read',
  query: ZPreviewFilterQuery,
  body: ZPreviewFilterBody,
  summary: 'Preview a filter',
  description: [
    'Needs `filters:read`. Evaluates `rules` over the devices the caller sees (decommissioned ones excluded), optionally of one organization (`orgId`): a page of the matches by hostname (`page`, `limit`) and their total in `pagination.total`. A bad rule is a 400 whose `details[].path` names the node (`body.rules.conditions.1.conditions.0.value`). Nothing is saved.',
    FILTER_GRAMMAR_DOC,
  ].join('\n\n'),
  tags: ['Saved filters'],
  audit: false,
  response: ZPageOf(ZDevice),
  handler: ({ ctx, body, query }) => previewRules(ctx, body, query),
});
