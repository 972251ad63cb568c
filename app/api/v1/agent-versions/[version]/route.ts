// PATCH /api/v1/agent-versions/:version — promote a release and steer its rollout (system operators).
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZAgentVersion } from '@/lib/agent-releases/schemas';
import { updateAgentVersion, ZUpdateAgentVersion } from '@/lib/agent-releases/manage-releases';

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  scopes: ['system'],
  // Checked by updateAgentVersion, so a malformed version is a 400 rather than a 404.
  params: z.object({ version: z.string().describe('A registered version (a semantic version such as 1.2.3)') }),
  body: ZUpdateAgentVersion,
  summary: 'Promote an agent version or change its rollout',
  description: [
    'Platform administrators only (releases are platform-wide). `promoted: true` makes the release the one served by default and offered to agents for self-update (the previous one is demoted). `rolloutPercent` (0-100) and `rolloutGroupIds` decide which devices are offered it: a device is offered the promoted release when its agent is older and its bucket (a stable hash of the device id, 0-99) is below the percentage, or it belongs to one of the groups.',
    '400 when `version` is not a semantic version, a group does not exist, or the body is empty; 404 when the version is not registered. Audited as `agent_version.update`. See docs/AGENT-UPDATES.md.',
  ].join('\n\n'),
  tags: ['Agents'],
  response: ZAgentVersion,
  handler: ({ ctx, params, body }) => updateAgentVersion(ctx, params.version, body),
});
