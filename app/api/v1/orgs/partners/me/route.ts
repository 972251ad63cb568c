// /api/v1/orgs/partners/me — the caller's own partner (partner scope).
import { defineRoute } from '@/lib/http/define-route';
import { ZPartner, ZUpdateMyPartner } from '@/lib/partners/schemas';
import { getMyPartner, updateMyPartner } from '@/lib/partners/my-partner';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  scopes: ['partner'],
  summary: "Get the caller's partner",
  tags: ['Partners'],
  response: ZPartner,
  handler: ({ ctx }) => getMyPartner(ctx),
});

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'partner:manage',
  mfa: true,
  scopes: ['partner'],
  body: ZUpdateMyPartner,
  summary: "Update the caller's partner",
  description:
    '`settings` is merged: only the keys sent are overwritten (omitting `security.ipAllowlist` keeps it, `[]` clears it). Allowlist entries are validated (400); enabling one needs trusted-proxy configuration (400 `proxy_trust_required`). `serviceManagementPsaConnectionId` is required for mode `external` and must be null otherwise.',
  tags: ['Partners'],
  response: ZPartner,
  handler: ({ ctx, body }) => updateMyPartner(ctx, body),
});
