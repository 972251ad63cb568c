// /api/v1/enrollment-keys/:id — one enrollment key.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZEnrollmentKey } from '@/lib/enrollment-keys/schemas';
import { getEnrollmentKeyOrThrow } from '@/lib/enrollment-keys/get-enrollment-key-or-throw';
import { toEnrollmentKeyDto } from '@/lib/enrollment-keys/to-enrollment-key-dto';
import { deleteEnrollmentKey } from '@/lib/enrollment-keys/delete-enrollment-key';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Get an enrollment key',
  tags: ['Enrollment keys'],
  response: ZEnrollmentKey,
  handler: async ({ ctx, params }) => toEnrollmentKeyDto(await getEnrollmentKeyOrThrow(ctx, params.id)),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  summary: 'Delete (revoke) an enrollment key',
  description: 'Effective at once: enrollments with it answer 403 `ENROLLMENT_KEY_REVOKED`. Devices already enrolled are unaffected.',
  tags: ['Enrollment keys'],
  handler: ({ ctx, params }) => deleteEnrollmentKey(ctx, params.id),
});
