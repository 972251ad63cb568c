// /api/v1/partner-api/enrollment-keys — mint an enrollment key (doc 3 "Enrollment key (partner API create)").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { WRITE_RULES_NOTE, ZProvisionEnrollmentKey } from '@/lib/partner-api/schemas';
import { ZEnrollmentKeyWithSecret } from '@/lib/enrollment-keys/schemas';
import { runPartnerApiWrite } from '@/lib/partner-api/run-partner-api-write';
import { assertMintRestrictions, provisionEnrollmentKey } from '@/lib/partner-api/provision-enrollment-key';

export const POST = definePartnerApiRoute({
  scope: 'enrollment-keys:write',
  body: ZProvisionEnrollmentKey,
  status: 201,
  summary: 'Mint an enrollment key',
  description: [
    'The raw key is in field `key` of this response only (and `enrollmentSecret` when `issueEnrollmentSecret` is true). The principal must carry both an expiry and a source-CIDR allowlist, else 403 `partner_provisioning_principal_restrictions_required`. `orgId` must be accessible to the principal (403); `siteId` must be a site of it (400).',
    '`maxUsage` 1–100,000; `ttlMinutes` 1–525,600 or `expiresAt` (not both). Without either the lifetime is the default (`ENROLLMENT_KEY_DEFAULT_TTL_MINUTES`, 30 days); every lifetime is clamped to `PARTNER_API_ENROLLMENT_KEY_MAX_TTL_MINUTES` and to the organization\'s `settings.enrollmentKeyMaxTtlMinutes` (the answer\'s `expiresAt` is the real expiry).',
    'Mint caps: 10 per hour per principal and 100 per hour per partner (429 with `Retry-After`), besides the write budget. Delete or let keys expire after a rollout.',
    WRITE_RULES_NOTE,
  ].join('\n\n'),
  response: ZEnrollmentKeyWithSecret,
  handler: ({ ctx, body, req }) => {
    assertMintRestrictions(ctx);
    return runPartnerApiWrite(ctx, req, { route: 'enrollment-keys', body, kind: 'mint', action: 'enrollment_key.create', run: (tx) => provisionEnrollmentKey(ctx, body, tx) });
  },
});
