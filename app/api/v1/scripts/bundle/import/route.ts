// POST /api/v1/scripts/bundle/import — import a script bundle into a library.
import { defineRoute } from '@/lib/http/define-route';
import { parseOrThrow } from '@/lib/http/parse-input';
import { ZBundleImportBody, ZBundleImportResult } from '@/lib/scripts/bundles/schemas';
import { readBundleRequest } from '@/lib/scripts/bundles/read-bundle-request';
import { importBundle } from '@/lib/scripts/bundles/import-bundle';
import { BUNDLE_RULES, IMPORT_REQUEST_BODY } from '@/lib/scripts/bundles/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'scripts:write',
  mfa: true,
  scopes: ['partner', 'system'],
  requestBody: IMPORT_REQUEST_BODY,
  audit: 'script.bundle_import',
  summary: 'Import a script bundle',
  description: `Body \`{ bundle, availability, mode, orgId? }\`; \`mode\` decides name conflicts: \`skip\` (default), \`rename\` (appends " (2)", " (3)" …) or \`new-version\` (the existing script keeps its history and gets the entry as its next version). Answers 200 \`{ imported, skipped, renamed, versioned, errors, bundleSha256 }\`: invalid entries land in \`errors\` while the others import. Every imported, renamed or versioned script gets an audit entry \`script.bundle_import\` carrying the bundle’s SHA-256 (of the bundle as canonical JSON, i.e. of the exported document). ${BUNDLE_RULES}`,
  tags: ['Script bundles'],
  response: ZBundleImportResult,
  handler: async ({ ctx, req }) => importBundle(ctx, parseOrThrow(ZBundleImportBody, await readBundleRequest(req), 'body')),
});
