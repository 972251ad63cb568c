// POST /api/v1/remote/desktop-connect — a native desktop viewer redeems a one-time connect code.
import { defineRoute } from '@/lib/http/define-route';
import { ZDesktopViewerGrant, ZRedeemConnectCode } from '@/lib/remote/schemas';
import { redeemConnectCode } from '@/lib/remote/viewer';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZRedeemConnectCode,
  errors: [401, 409, 429],
  summary: 'Redeem a desktop connect code (native viewer)',
  description: [
    'Unauthenticated: the one-time code of POST /remote/sessions/:id/desktop-connect-code is the credential. Redeeming spends it; a code used before, unknown or older than its 5 minutes answers 401 `INVALID_CONNECT_CODE`. Rate-limited per source IP (REMOTE_CONNECT_RATE_LIMIT_PER_IP per REMOTE_CONNECT_RATE_LIMIT_WINDOW_SECONDS; 429 `RATE_LIMITED` with Retry-After, failed attempts count too).',
    'Answers what the viewer needs to signal: the session and device, the ICE servers (TURN credentials minted for the technician who opened the session) and a `viewerToken`, valid 10 minutes and only for this session’s POST /remote/desktop-connect/signal. 409 `SESSION_NOT_PENDING` when the session has ended, `SESSION_TYPE_MISMATCH` for a terminal session, `DEVICE_INACTIVE` for a device that takes no sessions. Audited as `remote_session.connect_code_redeemed` in the name of the session’s technician.',
  ].join('\n\n'),
  tags: ['Remote access'],
  response: ZDesktopViewerGrant,
  handler: ({ ctx, body }) => redeemConnectCode(ctx, body),
});
