// POST /api/v1/discovery/scan — scan a profile now.
import { defineRoute } from '@/lib/http/define-route';
import { ZJob, ZScanInput } from '@/lib/discovery/schemas';
import { startScan } from '@/lib/discovery/jobs';
import { JOB_STATES_DOC, SCAN_DOC } from '@/lib/discovery/docs';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:manage',
  body: ZScanInput,
  status: 202,
  summary: 'Start a discovery scan',
  description: `Needs \`discovery:manage\`. Queues a \`discovery_scan\` command for the profile’s probe agent and answers the job (status \`queued\`). 404 for a profile outside your scope; 409 \`SCAN_IN_PROGRESS\` while another scan of the profile is active, \`PROFILE_DISABLED\` for a disabled profile, \`PROBE_UNAVAILABLE\` when the probe device is decommissioned.\n\n${SCAN_DOC}\n\n${JOB_STATES_DOC}`,
  tags: ['Discovery'],
  response: ZJob,
  handler: ({ ctx, body }) => startScan(ctx, body.profileId),
});
