// POST /api/v1/remote/sessions/:id/desktop-connect-code — a one-time code for a native viewer.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZConnectCode } from '@/lib/remote/schemas';
import { mintConnectCode } from '@/lib/remote/connect';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  params: ZIdParams,
  status: 201,
  summary: 'Mint a desktop connect code',
  description: 'A one-time code, valid 5 minutes and stored hashed, that a native desktop viewer exchanges to join this desktop session. Only for a desktop session, by the person who opened it. Audited as `remote_session.connect_code`.',
  tags: ['Remote access'],
  response: ZConnectCode,
  audit: false,
  errors: [409],
  handler: ({ ctx, params }) => mintConnectCode(ctx, params.id),
});
