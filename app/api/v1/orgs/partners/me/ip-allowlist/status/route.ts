// GET /api/v1/orgs/partners/me/ip-allowlist/status — the caller's address as the allowlist sees it.
import { defineRoute } from '@/lib/http/define-route';
import { ZAllowlistStatus, ZAllowlistStatusQuery } from '@/lib/security/schemas';
import { getAllowlistStatus } from '@/lib/security/get-allowlist-status';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  scopes: ['partner'],
  query: ZAllowlistStatusQuery,
  summary: 'IP allowlist status for the caller',
  description:
    "Shows the caller's address as the server resolves it (X-Forwarded-For only from a trusted proxy), whether the partner's allowlist admits it and which entry matched, and whether trusted-proxy parsing is configured (needed to enable a list). Pass `proposed` to test a candidate list before PATCH /orgs/partners/me so an admin does not lock themselves out. A caller the current list refuses never gets here (403 `IP_NOT_ALLOWED`).",
  tags: ['Partners'],
  response: ZAllowlistStatus,
  handler: ({ ctx, query, req }) => getAllowlistStatus(ctx, req.headers, query),
});
