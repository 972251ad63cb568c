// PUT /api/v1/vulnerabilities/feeds/:id/document — upload a feed's document.
import { defineRoute } from '@/lib/http/define-route';
import { ZFeedLoad, ZFeedParams } from '@/lib/vulnerabilities/schemas';
import { uploadFeedDocument } from '@/lib/vulnerabilities/feeds';

export const PUT = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system'],
  params: ZFeedParams,
  // No `body`: the document is read raw (up to 100 MiB) and parsed in its own format.
  requestBody: { contentType: 'application/json', description: 'The feed document in its own format: OSV records (array, one record, or `{ vulns }`, or a zip archive of such JSON files as osv.dev publishes each ecosystem, `all.zip`) or the CISA KEV catalog, up to 100 MiB. It is read as a stream.', schema: { type: 'object' } },
  summary: 'Upload a vulnerability feed document',
  description:
    'Platform administrators only. Replaces the feed’s content: the same document again changes nothing (`changed: false`); otherwise only inserted, changed and removed advisories are written and only their packages are queued for recomputation across the fleet (`packagesQueued`). Malformed records are skipped and counted (`invalid`); 400 `FEED_INVALID` when nothing in the document is of the feed’s format, 413 `FEED_TOO_LARGE` over 100 MiB.',
  tags: ['Vulnerabilities'],
  response: ZFeedLoad,
  handler: ({ params, req }) => uploadFeedDocument(params.id, req),
});
