// GET /agent-versions/fleet: how many devices run each agent version, and where their
// self-updates stand (platform-wide, for system operators steering a rollout).
import { dbPool } from '@/lib/db';
import { compareReleaseVersions } from '@/lib/agent-releases/release-versions';

export async function fleetAgentVersions() {
  const { rows } = await dbPool().query<{ version: string | null; devices: string; updating: string; failed: string; rolled_back: string }>(
    `select agent_version as version, count(*) as devices,
       count(*) filter (where agent_update_state in ('downloading', 'trial')) as updating,
       count(*) filter (where agent_update_state = 'failed' and agent_update_version is distinct from agent_version) as failed,
       count(*) filter (where agent_update_state = 'rolled_back' and agent_update_version is distinct from agent_version) as rolled_back
     from devices where status not in ('decommissioned', 'uninstalled')
     group by agent_version`,
  );
  const data = rows
    .map((r) => ({ version: r.version, devices: Number(r.devices), updating: Number(r.updating), failed: Number(r.failed), rolledBack: Number(r.rolled_back) }))
    .sort((a, b) => (a.version === null ? 1 : b.version === null ? -1 : compareReleaseVersions(b.version, a.version)));
  return { data };
}
