// GET /api/v1/agent-versions/:version/download — an exact registered release.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { OS_TYPES } from '@/lib/agents/schemas';
import { artifactResponse, findAgentArtifact } from '@/lib/agent-releases/agent-versions';
import { AGENT_ARCHES } from '@/lib/agent-releases/schemas';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  // Checked by findAgentArtifact, so a malformed version is a 400 rather than the 404 of a
  // malformed path id.
  params: z.object({ version: z.string().describe('An exact registered version (a semantic version such as 1.2.3)') }),
  query: z.object({ os: z.enum(OS_TYPES).default('linux'), arch: z.enum(AGENT_ARCHES).default('amd64') }),
  summary: 'Download an agent version',
  description: 'The artifact of that exact registered version for `os`/`arch` (default linux/amd64); 400 when `version` is not a semantic version, 404 when it is not registered.',
  tags: ['Agents'],
  handler: async ({ params, query }) => artifactResponse(await findAgentArtifact(query.os, query.arch, params.version)),
});
