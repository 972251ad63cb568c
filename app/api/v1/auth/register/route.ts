// POST /api/v1/auth/register — ordinary user registration, step 1 of 2.
import { defineRoute } from '@/lib/http/define-route';
import { ZRegisterUserBody, ZRegistrationAccepted } from '@/lib/registration/schemas';
import { requestRegistration } from '@/lib/registration/request-registration';
import { whenRegistrationEnabled } from '@/lib/registration/registration-gate';

export const POST = whenRegistrationEnabled(
  defineRoute({
    auth: 'none',
    permission: 'none',
    authorization: 'public',
    body: ZRegisterUserBody,
    errors: [429],
    summary: 'Request a user account',
    description:
      'Registers a person without a tenant: the same email-verified, enumeration-safe flow as POST /auth/register-partner, and the link completes through POST /auth/verify-email, which creates an active account with no partner or organization and issues no tokens. The account signs in once a partner or organization administrator invites that address (until then sign-in answers 403 `NO_TENANT_ACCESS` after a correct password). 404 with the plain body when `ENABLE_REGISTRATION` is off; 429 after `REGISTER_USER_RATE_LIMIT_PER_HOUR` (default 5) accepted attempts per client IP per hour; 503 when the rate-limit store is unavailable.',
    tags: ['Registration'],
    response: ZRegistrationAccepted,
    audit: false,
    handler: ({ ctx, body }) => requestRegistration(ctx, { kind: 'user', ...body }),
  }),
);
