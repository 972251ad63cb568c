// POST /api/v1/scripts/bundle/preview — what an import would do; writes nothing.
import { defineRoute } from '@/lib/http/define-route';
import { parseOrThrow } from '@/lib/http/parse-input';
import { ZBundlePreview, ZBundlePreviewBody } from '@/lib/scripts/bundles/schemas';
import { readBundleRequest } from '@/lib/scripts/bundles/read-bundle-request';
import { previewBundle } from '@/lib/scripts/bundles/import-bundle';
import { BUNDLE_RULES, PREVIEW_REQUEST_BODY } from '@/lib/scripts/bundles/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'scripts:write',
  mfa: true,
  scopes: ['partner', 'system'],
  requestBody: PREVIEW_REQUEST_BODY,
  audit: false,
  summary: 'Preview a script bundle import',
  description: `Body \`{ bundle, availability, orgId? }\`. Answers \`{ entries: [{ index, status, name, error? }] }\` with status \`new\`, \`name-conflict\` (a script of that name exists in the target library, or an earlier entry has it) or \`invalid\` (with the error). Writes nothing. ${BUNDLE_RULES}`,
  tags: ['Script bundles'],
  response: ZBundlePreview,
  handler: async ({ ctx, req }) => previewBundle(ctx, parseOrThrow(ZBundlePreviewBody, await readBundleRequest(req), 'body')),
});
