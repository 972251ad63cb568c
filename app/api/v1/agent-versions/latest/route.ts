// GET /api/v1/agent-versions/latest — the promoted agent release.
import { defineRoute } from '@/lib/http/define-route';
import { latestAgentVersion } from '@/lib/agent-releases/agent-versions';
import { ZAgentVersion } from '@/lib/agent-releases/schemas';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  summary: 'Latest agent version',
  description: 'The promoted release (what downloads without `version` serve). Agents compare it with their own version.',
  tags: ['Agents'],
  response: ZAgentVersion,
  handler: () => latestAgentVersion(),
});
