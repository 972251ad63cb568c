// /api/v1/agent-versions/:version — one release; promote it and steer its rollout, or delete it
// (system operators).
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZAgentVersion } from '@/lib/agent-releases/schemas';
import { updateAgentVersion, ZUpdateAgentVersion } from '@/lib/agent-releases/manage-releases';
import { getAgentVersion } from '@/lib/agent-releases/agent-versions';
import { deleteAgentVersion } from '@/lib/agent-releases/upload-release';
import { parseOrThrow } from '@/lib/http/parse-input';
import { ZReleaseVersion } from '@/lib/agent-releases/release-versions';

const ZVersionParams = z.object({ version: z.string().describe('A registered version (a semantic version such as 1.2.3)') });

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  params: ZVersionParams,
  summary: 'Get an agent version',
  description: 'One registered release with its artifacts (SHA-256, size, signature, download URL); 400 when `version` is not a semantic version, 404 when it is not registered.',
  tags: ['Agents'],
  response: ZAgentVersion,
  handler: ({ params }) => getAgentVersion(parseOrThrow(ZReleaseVersion, params.version, 'version')),
});

export const PATCH = defineRoute({
  auth: ['user'],
  permission: 'devices:write',
  scopes: ['system'],
  mfa: true,
  // Checked by updateAgentVersion, so a malformed version is a 400 rather than a 404.
  params: ZVersionParams,
  body: ZUpdateAgentVersion,
  summary: 'Promote an agent version or change its rollout',
  description: [
    'Platform administrators only (releases are platform-wide), signed in with MFA: a promoted release is code every agent runs. `promoted: true` makes the release the one served by default and offered to agents for self-update (the previous one is demoted). `rolloutPercent` (0-100) and `rolloutGroupIds` decide which devices are offered it: a device is offered the promoted release when its agent is older and its bucket (a stable hash of the device id, 0-99) is below the percentage, or it belongs to one of the groups.',
    '400 when `version` is not a semantic version, a group does not exist, or the body is empty; 404 when the version is not registered; 409 `AGENT_VERSION_EMPTY` when promoting a release with no artifacts. A promotion made here is kept when the server restarts with a newer bundled agent. Audited as `agent_version.update`. See docs/AGENT-UPDATES.md.',
  ].join('\n\n'),
  tags: ['Agents'],
  response: ZAgentVersion,
  handler: ({ ctx, params, body }) => updateAgentVersion(ctx, params.version, body),
});

export const DELETE = defineRoute({
  auth: ['user'],
  permission: 'devices:write',
  scopes: ['system'],
  mfa: true,
  params: ZVersionParams,
  summary: 'Delete an agent version',
  description: 'Removes a release that is not promoted, with its artifacts and their stored bytes (409 `AGENT_VERSION_PROMOTED` for the promoted one: promote another first). A server whose bundled agent is this version registers it again at its next start. Audited as `agent_version.delete`.',
  tags: ['Agents'],
  handler: ({ ctx, params }) => deleteAgentVersion(ctx, params.version),
});
