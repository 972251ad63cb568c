// GET /api/v1/agents/:agentId/software/installers/:versionId — an installer file for the agent.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { downloadInstallerForAgent } from '@/lib/software/download-catalog-installer';

export const GET = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: z.object({ agentId: z.string().uuid(), versionId: z.string().uuid() }),
  summary: 'Download a catalog installer (agent)',
  description: 'The installer file of a software catalog version of the device’s partner or of the system catalog, with its SHA-256 in `ETag` and `X-Checksum-SHA256`. The agent verifies the bytes against the SHA-256 of the command that asked for them before running anything. 404 for a version outside its catalog or without an installer.',
  tags: ['Agents'],
  handler: ({ ctx, params }) => {
    assertOwnAgent(ctx, params.agentId);
    return downloadInstallerForAgent(ctx, params.versionId);
  },
});
