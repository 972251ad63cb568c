// POST /api/v1/pam/elevation-requests/:id/revoke — ends an active elevation; the agent kills the command.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZElevationRequest, ZRevokeBody } from '@/lib/pam/schemas';
import { revokeElevation } from '@/lib/pam/requests';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:manage',
  params: ZIdParams,
  body: ZRevokeBody,
  audit: 'pam_elevation.revoke',
  summary: 'Revoke an active elevation',
  description: 'Needs `pam:manage`. The elevation becomes `revoked` at once; the agent, which checks every few seconds, kills the elevated command (SIGTERM, then SIGKILL) and reports its end. 409 `NOT_ACTIVE` when the elevation is not active (pending, denied, expired, ended or already revoked).',
  tags: ['PAM'],
  response: ZElevationRequest,
  handler: ({ ctx, params, body }) => revokeElevation(ctx, params.id, body.note),
});
