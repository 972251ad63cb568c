// GET /api/v1/remote/sessions/:id — one session.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZRemoteSession } from '@/lib/remote/schemas';
import { getRemoteSession } from '@/lib/remote/sessions';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Get a remote session',
  tags: ['Remote access'],
  response: ZRemoteSession,
  handler: ({ ctx, params }) => getRemoteSession(ctx, params.id),
});
