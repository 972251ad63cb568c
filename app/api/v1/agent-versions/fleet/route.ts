// GET /api/v1/agent-versions/fleet — agent versions across the fleet (system operators).
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { fleetAgentVersions } from '@/lib/agent-releases/fleet-versions';
import { ZFleetAgentVersion } from '@/lib/agent-releases/schemas';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  scopes: ['system'],
  summary: 'Agent versions across the fleet',
  description: 'Platform administrators only. Active devices (not decommissioned or uninstalled) per reported agent version, newest first (devices that never reported one last), with how many are updating, refused or rolled back their last self-update. See docs/AGENT-UPDATES.md.',
  tags: ['Agents'],
  response: z.object({ data: z.array(ZFleetAgentVersion) }),
  handler: () => fleetAgentVersions(),
});
