// GET /api/v1/security/admin-audit — admin accounts of every reporting device with its check outcome.
import { defineRoute } from '@/lib/http/define-route';
import { ZAdminAccountsState, ZAreaList, ZSecurityListQuery } from '@/lib/security/posture-schemas';
import { listArea } from '@/lib/security/read-security';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZSecurityListQuery,
  summary: 'List admin accounts',
  description: 'Needs `devices:read`. Administrative accounts per device: members of sudo, wheel and admin in /etc/group and accounts with uid 0 besides root. Passes with at most 3 admin accounts and no extra uid-0 account. `summary` counts pass/fail/unknown over all reporting devices in scope; `status` filters the rows.',
  tags: ['Security'],
  response: ZAreaList(ZAdminAccountsState),
  handler: ({ ctx, query }) => listArea(ctx, 'adminAccounts', query),
});
