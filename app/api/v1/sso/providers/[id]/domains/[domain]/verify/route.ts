// /api/v1/sso/providers/:id/domains/:domain/verify — prove the partner owns an email domain.
import { defineRoute } from '@/lib/http/define-route';
import { ZSsoDomain, ZSsoDomainParams } from '@/lib/sso/schemas';
import { verifySsoDomain } from '@/lib/sso/verify-sso-domain';

export const POST = defineRoute({
  auth: 'user',
  permission: 'sso:manage',
  mfa: true,
  params: ZSsoDomainParams,
  errors: [409, 422, 429],
  summary: 'Verify an SSO email domain',
  description:
    'Looks up the TXT record at `_rmm-sso.<domain>` now (the `txtRecord` of the domain in the provider’s `domains`). Found with the domain’s token: the domain becomes `verified` and from then on routes sign-ins (login-page lookup by address, just-in-time users whose address the IdP did not verify, linking existing accounts by address). Not found: 422 `DOMAIN_NOT_VERIFIED` with the reason, the domain stays `pending`. A domain another partner has verified: 409 `DOMAIN_ALREADY_VERIFIED`. Already verified: answered as is. A domain the provider does not claim: 404.',
  tags: ['Single sign-on'],
  response: ZSsoDomain,
  handler: ({ ctx, params }) => verifySsoDomain(ctx, params.id, params.domain),
});
