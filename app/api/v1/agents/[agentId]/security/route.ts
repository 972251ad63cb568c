// PUT /api/v1/agents/:agentId/security — the agent's security state report.
import { defineRoute } from '@/lib/http/define-route';
import { ZAgentParams } from '@/lib/agents/schemas';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { ZSecurityReport, ZSecurityReportResponse } from '@/lib/security/posture-schemas';
import { storeSecurityReport } from '@/lib/security/store-security-report';

export const PUT = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: ZAgentParams,
  body: ZSecurityReport,
  cleanText: true,
  audit: false,
  summary: 'Upload the security state',
  description: 'Firewall, disk encryption, antivirus, password policy, admin accounts and SSH configuration as the agent read them; sent at start, every RMM_AGENT_SECURITY_REPORT_HOURS (default 6) and after each threat scan. Replaces the stored state and recomputes the device’s score (a `security.score_changed` event when it moved). 403 `AGENT_ACCESS_NARROWED` while the partner is offboarding.',
  tags: ['Agents'],
  response: ZSecurityReportResponse,
  handler: ({ ctx, params, body }) => {
    assertOwnAgent(ctx, params.agentId);
    return storeSecurityReport(ctx, body);
  },
});
