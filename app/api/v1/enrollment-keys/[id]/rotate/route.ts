// POST /api/v1/enrollment-keys/:id/rotate — replace the raw key (and per-key secret).
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZEnrollmentKeyWithSecret } from '@/lib/enrollment-keys/schemas';
import { rotateEnrollmentKey } from '@/lib/enrollment-keys/rotate-enrollment-key';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:write',
  mfa: true,
  params: ZIdParams,
  summary: 'Rotate an enrollment key',
  description: 'Issues a new raw key — and a new per-key secret when the key has one — returned once; the old values stop working at once. Limits, usage count and expiry are kept.',
  tags: ['Enrollment keys'],
  response: ZEnrollmentKeyWithSecret,
  handler: ({ ctx, params }) => rotateEnrollmentKey(ctx, params.id),
});
