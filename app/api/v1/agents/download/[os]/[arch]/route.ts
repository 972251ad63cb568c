// GET /api/v1/agents/download/:os/:arch — the agent file (no authentication).
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { OS_TYPES } from '@/lib/agents/schemas';
import { artifactResponse, findAgentArtifact } from '@/lib/agent-releases/agent-versions';
import { AGENT_ARCHES } from '@/lib/agent-releases/schemas';
import { ZReleaseVersion } from '@/lib/agent-releases/release-versions';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  params: z.object({ os: z.enum(OS_TYPES), arch: z.enum(AGENT_ARCHES) }),
  query: z.object({ version: ZReleaseVersion.optional().describe('An exact registered version (a semantic version such as 1.2.3); default: the promoted release') }),
  summary: 'Download the agent',
  description:
    'The reference agent: a self-contained executable (Node single-executable application, no Node.js needed) for linux/amd64, linux/arm64, windows/amd64, macos/amd64 and macos/arm64 when the server was built with `npm run build:agent-binaries` (content type application/octet-stream; macOS binaries are unsigned and must be ad-hoc signed with `codesign --sign -`, which install.sh does), otherwise one JavaScript file run by Node.js ≥ 18 (`node rmm-agent.cjs enroll …`, content type application/javascript). `os` is windows, macos or linux; `arch` amd64 or arm64. Without `version` the promoted release is served; a `version` that is not a semantic version is 400, an unregistered version (or os/arch) 404. Headers `X-Agent-Version` and `X-Checksum-SHA256` identify the file and `X-Agent-Signature` carries its Ed25519 release signature (see GET /agent-versions/signing-key); 503 AGENT_BINARY_UNAVAILABLE when a registered binary is no longer on the server.',
  tags: ['Agents'],
  handler: async ({ params, query }) => artifactResponse(await findAgentArtifact(params.os, params.arch, query.version)),
});
