// GET, POST /api/v1/vulnerabilities/feeds — the advisory feeds (system operators).
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateFeedBody, ZFeed, ZFeedList } from '@/lib/vulnerabilities/schemas';
import { createFeed, listFeeds } from '@/lib/vulnerabilities/feeds';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:read',
  scopes: ['system'],
  summary: 'List vulnerability feeds',
  description: 'Platform administrators only (system scope). The OSV and CISA KEV feeds the findings are computed from, with their entry counts, last load and fetch, and the last fetch error.',
  tags: ['Vulnerabilities'],
  response: ZFeedList,
  handler: () => listFeeds(),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system'],
  body: ZCreateFeedBody,
  status: 201,
  summary: 'Add a vulnerability feed',
  description: [
    'Platform administrators only. `kind` `osv`: OSV records (osv.dev’s format; an array of records, one record, or a `{ vulns: [...] }` answer) for the Debian, Ubuntu, Alpine and npm ecosystems. `kind` `kev`: the CISA Known Exploited Vulnerabilities catalog JSON.',
    'With a `url`, the worker fetches it at once and then every `refreshHours` (default 24) under the outbound URL-safety rules of webhooks (http/https only, no loopback, link-local, metadata or, when hosted, private addresses; the connection is pinned to the checked address; redirects are checked the same way; 100 MiB at most); 400 `FEED_URL_UNSAFE` for a URL that can never be fetched. Without one, upload documents with `PUT /vulnerabilities/feeds/:id/document`. 409 `FEED_NAME_TAKEN`.',
  ].join('\n\n'),
  tags: ['Vulnerabilities'],
  response: ZFeed,
  handler: ({ ctx, body }) => createFeed(ctx.userId, body),
});
