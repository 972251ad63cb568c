// PUT /api/v1/agents/:agentId/patches — the agent's patch scan.
import { defineRoute } from '@/lib/http/define-route';
import { ZAgentParams } from '@/lib/agents/schemas';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { ZPatchReport, ZPatchReportResponse } from '@/lib/patches/schemas';
import { storePatchReport } from '@/lib/patches/store-patch-report';

export const PUT = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: ZAgentParams,
  body: ZPatchReport,
  cleanText: true,
  maxBodyBytes: 8 * 1024 * 1024,
  audit: false,
  summary: 'Upload a patch scan',
  description: 'Every update the package manager offers (name, installed and candidate version, origin, vendor, severity, CVE ids); sent on `patch_scan` and by the agent’s own schedule. The `manager` fixes the patch `source` (apt/dnf → linux, windows_update → os_vendor_a, softwareupdate → os_vendor_b, winget/choco/brew → third_party, custom → custom). Replaces the device’s list of available patches of that source only: patches of other sources stay as they are. Refused with 422 `MANAGER_NOT_FOR_OS` (nothing stored) when the manager does not run on the device’s OS (apt/dnf: Linux; windows_update, winget, choco: Windows; softwareupdate: macOS; brew: macOS and Linux), and with 403 `AGENT_ACCESS_NARROWED` while the partner is offboarding.',
  tags: ['Agents'],
  response: ZPatchReportResponse,
  errors: [422],
  handler: ({ ctx, params, body }) => {
    assertOwnAgent(ctx, params.agentId);
    return storePatchReport(ctx, body);
  },
});
