// GET /api/v1/agents/:agentId/discovery/jobs/:jobId/credentials — SNMP credentials of a running scan.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { ZScanCredentialsResponse } from '@/lib/discovery/scan-wire';
import { handOverScanCredentials } from '@/lib/discovery/ingest';

export const GET = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: z.object({ agentId: z.string().uuid(), jobId: z.string().uuid() }),
  summary: 'Fetch the SNMP credentials of a discovery scan',
  description: 'The probe agent fetches the profile’s SNMP credentials when the scan starts, so they never travel in (or are stored with) the command. Only the job’s probe device, only while the job is queued or running (else 409 `JOB_NOT_RUNNING`).',
  tags: ['Agents'],
  response: ZScanCredentialsResponse,
  handler: ({ ctx, params }) => {
    assertOwnAgent(ctx, params.agentId);
    return handOverScanCredentials(ctx, params.jobId);
  },
});
