// /api/v1/enrollment-keys — keys that let agents enroll devices into an organization.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateEnrollmentKey, ZEnrollmentKey, ZEnrollmentKeyWithSecret, ZListEnrollmentKeysQuery } from '@/lib/enrollment-keys/schemas';
import { listEnrollmentKeys } from '@/lib/enrollment-keys/list-enrollment-keys';
import { createEnrollmentKey } from '@/lib/enrollment-keys/create-enrollment-key';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListEnrollmentKeysQuery,
  summary: 'List enrollment keys',
  description: 'Newest first. Keys are never shown again after creation or rotation: only `keyPrefix`. `status` is active, expired or exhausted; deleted keys are not listed.',
  tags: ['Enrollment keys'],
  response: ZPageOf(ZEnrollmentKey),
  handler: ({ ctx, query }) => listEnrollmentKeys(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:write',
  mfa: true,
  body: ZCreateEnrollmentKey,
  status: 201,
  summary: 'Create an enrollment key',
  description: [
    '`orgId` may be omitted when the partner has exactly one organization; `siteId` pins enrolled devices to that site. `maxUsage` 1–100,000 (unlimited when omitted); `ttlMinutes` 1–525,600 or `expiresAt` (not both); default lifetime 30 days (ENROLLMENT_KEY_DEFAULT_TTL_MINUTES).',
    '`issueEnrollmentSecret: true` also mints a per-key `enrollmentSecret`; otherwise enrollment needs the global AGENT_ENROLLMENT_SECRET when the server sets one. The raw `key` (and secret) are returned exactly once and stored only as SHA-256 digests.',
    'Enrollment keys enroll devices into customer tenants: delete them (or let them expire) after a rollout.',
  ].join('\n\n'),
  tags: ['Enrollment keys'],
  response: ZEnrollmentKeyWithSecret,
  handler: ({ ctx, body }) => createEnrollmentKey(ctx, body),
});
