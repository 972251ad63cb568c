// POST /api/v1/agents/:agentId/discovery/jobs/:jobId/results — a batch of hosts from a running scan.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { ZScanBatch, ZScanBatchResponse } from '@/lib/discovery/scan-wire';
import { recordScanBatch } from '@/lib/discovery/ingest';

export const POST = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: z.object({ agentId: z.string().uuid(), jobId: z.string().uuid() }),
  body: ZScanBatch,
  cleanText: true,
  maxBodyBytes: 4 * 1024 * 1024,
  audit: false,
  summary: 'Report a batch of discovery results',
  description: 'Sent by the probe agent while a `discovery_scan` runs: up to 500 hosts, the addresses probed so far and the total. Hosts outside the job’s subnets are dropped (listed in `rejected`). The first batch moves the job to `running`. 404 for a job of another device; 409 `JOB_NOT_RUNNING` once the job is final (cancelled): the agent stops scanning.',
  tags: ['Agents'],
  response: ZScanBatchResponse,
  handler: ({ ctx, params, body }) => {
    assertOwnAgent(ctx, params.agentId);
    return recordScanBatch(ctx, params.jobId, body);
  },
});
