// GET /api/v1/security/posture — the reported security state of every device in scope.
import { defineRoute } from '@/lib/http/define-route';
import { ZPostureList, ZSecurityListQuery } from '@/lib/security/posture-schemas';
import { listPosture } from '@/lib/security/read-security';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZSecurityListQuery.omit({ status: true }),
  summary: 'List security posture',
  description: 'Needs `devices:read`. The last security report of each device that sent one (firewall, disk encryption, antivirus with signature age, password policy, admin accounts, SSH root login) and its pending security updates from the patch scan. Areas the agent could not read say `unknown` with the reason in `detail`.',
  tags: ['Security'],
  response: ZPostureList,
  handler: ({ ctx, query }) => listPosture(ctx, query),
});
