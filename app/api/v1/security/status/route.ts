// GET /api/v1/security/status — the security score and check outcomes of every device in scope.
import { defineRoute } from '@/lib/http/define-route';
import { ZSecurityListQuery, ZSecurityStatusList } from '@/lib/security/posture-schemas';
import { listSecurityStatus } from '@/lib/security/read-security';
import { SCORE_FORMULA } from '@/lib/security/score';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZSecurityListQuery.omit({ status: true }),
  summary: 'List device security status',
  description: `Needs \`devices:read\`. Every active device in scope (optionally one organization), ordered by hostname, with its 0–100 security score, the outcome of each check (pass, fail or unknown), active threats and its last scan. A device that never reported has score null and no checks. ${SCORE_FORMULA}.`,
  tags: ['Security'],
  response: ZSecurityStatusList,
  handler: ({ ctx, query }) => listSecurityStatus(ctx, query),
});
