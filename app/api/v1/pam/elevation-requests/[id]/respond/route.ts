// POST /api/v1/pam/elevation-requests/:id/respond — a technician approves or denies a pending request.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZElevationRequest, ZRespondBody } from '@/lib/pam/schemas';
import { respondToRequest } from '@/lib/pam/requests';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:manage',
  params: ZIdParams,
  body: ZRespondBody,
  audit: 'pam_elevation.respond',
  summary: 'Approve or deny an elevation request',
  description: 'Needs `pam:manage`. `approve` lets the agent run the command as root for `durationMinutes` (the organization’s default duration when omitted, at most 1440); `deny` refuses it. 409 `NOT_PENDING` when the request is no longer pending (decided by someone else first, or the requester stopped waiting).',
  tags: ['PAM'],
  response: ZElevationRequest,
  handler: ({ ctx, params, body }) => respondToRequest(ctx, params.id, body),
});
