// POST /api/v1/auth/register-partner — self-service partner registration, step 1 of 2.
import { defineRoute } from '@/lib/http/define-route';
import { ZRegisterPartnerBody, ZRegistrationAccepted } from '@/lib/registration/schemas';
import { requestRegistration } from '@/lib/registration/request-registration';
import { whenRegistrationEnabled } from '@/lib/registration/registration-gate';

export const POST = whenRegistrationEnabled(
  defineRoute({
    auth: 'none',
    permission: 'none',
    authorization: 'public',
    body: ZRegisterPartnerBody,
    errors: [429],
    summary: 'Request partner registration',
    description:
      'Creates nothing: hashes the password, parks the registration under the SHA-256 of a single-use token (valid `REGISTRATION_TOKEN_TTL_HOURS`, default 24) and queues an email with the link `APP_BASE_URL/verify-email?token=…`. Never looks up whether the address has an account: every accepted input gets the same 200 body after the same work. 400 for invalid input or a password that fails the server-side strength check (the message is the first failure). 404 with the plain body `{"error":"Not Found"}` when `ENABLE_REGISTRATION` is off. 429 after `REGISTER_PARTNER_RATE_LIMIT_PER_HOUR` (default 3) accepted attempts per client IP in a sliding hour; 503 when the rate-limit store is unavailable.',
    tags: ['Registration'],
    response: ZRegistrationAccepted,
    audit: false,
    handler: ({ ctx, body }) => requestRegistration(ctx, { kind: 'partner', ...body }),
  }),
);
