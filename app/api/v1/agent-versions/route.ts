// GET /api/v1/agent-versions — registered agent releases.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { listAgentVersions } from '@/lib/agent-releases/agent-versions';
import { ZAgentVersion } from '@/lib/agent-releases/schemas';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  summary: 'List agent versions',
  description: 'Every registered release, newest first, with its artifacts per os/arch (SHA-256, size, download URL). The promoted release is the one served by default.',
  tags: ['Agents'],
  response: z.object({ data: z.array(ZAgentVersion) }),
  handler: () => listAgentVersions(),
});
