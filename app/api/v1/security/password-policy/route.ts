// GET /api/v1/security/password-policy — password policy of every reporting device with its check outcome.
import { defineRoute } from '@/lib/http/define-route';
import { ZPasswordPolicyState, ZAreaList, ZSecurityListQuery } from '@/lib/security/posture-schemas';
import { listArea } from '@/lib/security/read-security';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZSecurityListQuery,
  summary: 'List password policy',
  description: 'Needs `devices:read`. Password policy per device from /etc/login.defs and pam_pwquality (pwquality.conf or the PAM line): minimum length, classes, maximum/minimum age. Passes with a minimum length of 12 or more and a maximum age of 365 days or less. `summary` counts pass/fail/unknown over all reporting devices in scope; `status` filters the rows.',
  tags: ['Security'],
  response: ZAreaList(ZPasswordPolicyState),
  handler: ({ ctx, query }) => listArea(ctx, 'passwordPolicy', query),
});
