// Bearer-token authentication for agents: an indexed lookup by the token's SHA-256. Agents never
// pass the user IP-allowlist guard (doc 1 rule 9); the partner guard and offboarding apply.
// Concurrent lookups share one statement (`= any($1)`, planned once per connection: see
// batch-params.ts): the whole fleet authenticates every interval, and under load one round trip
// per batch instead of per beat is what lets one process keep up (see README "Scaling"). Each
// answer is read fresh: a revoked token fails at once.
import { dbPool } from '@/lib/db';
import { AppError, unauthorized, unavailable } from '@/lib/http/errors';
import { sha256Hex } from '@/lib/auth/secrets';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import { bearerToken } from '@/lib/auth/authenticate-user';
import type { AgentContext } from '@/lib/auth/context';
import { coalesceCalls } from '@/lib/batching/coalesce-calls';
import { batchArrayParams } from '@/lib/batching/batch-params';
import { recordDecision } from '@/lib/tenancy/authorization-decisions';

interface AgentRow {
  id: string;
  agent_id: string;
  partner_id: string;
  org_id: string;
  site_id: string | null;
  hostname: string;
  status: string;
  agent_version: string | null;
  os_version: string | null;
  os_type: string | null;
  architecture: string | null;
  agent_update_state: string | null;
  agent_update_version: string | null;
  agent_update_at: Date | null;
  agent_revoked_at: Date | null;
  partner_status: string;
  partner_deleted: boolean;
  org_deleted: boolean;
}

const LOOKUP = `
  select d.agent_token_hash, d.id, d.agent_id, d.partner_id, d.org_id, d.site_id, d.hostname, d.status, d.agent_version, d.os_version, d.os_type,
         d.architecture, d.agent_update_state, d.agent_update_version, d.agent_update_at,
         d.agent_revoked_at, p.status as partner_status, p.deleted_at is not null as partner_deleted,
         o.deleted_at is not null as org_deleted
  from devices d join partners p on p.id = d.partner_id join organizations o on o.id = d.org_id
  where d.agent_token_hash = any(${batchArrayParams(['text[]'])})`;

const lookupAgent = coalesceCalls<string, AgentRow | undefined>(
  async (hashes) => {
    const { rows } = await dbPool().query<AgentRow & { agent_token_hash: string }>({ name: 'agent-auth-batch', text: LOOKUP, values: [hashes] });
    const byHash = new Map(rows.map((r) => [r.agent_token_hash, r]));
    return hashes.map((h) => byHash.get(h));
  },
  { maxBatch: 500, maxInFlight: 2 },
);

export const agentRevoked = () =>
  new AppError('AGENT_REVOKED', 401, 'This agent credential was revoked (device decommissioned or uninstalled, or partner churned); enroll again');

/**
 * Resolves the agent of a bearer token. `allowNarrowed` admits agents of an offboarding partner
 * (heartbeat and self_uninstall only); every other agent route refuses them with 403.
 */
export async function authenticateAgent(
  req: Request,
  base: { requestId: string; ip: string | null },
  opts: { allowNarrowed: boolean },
): Promise<AgentContext> {
  const token = bearerToken(req);
  if (!token) throw unauthorized('Missing agent token (Authorization: Bearer <authToken from enrollment>)');
  let row: AgentRow | undefined;
  try {
    row = await lookupAgent(sha256Hex(token));
  } catch {
    throw unavailable('Could not verify the agent credential; try again shortly');
  }
  if (!row) throw unauthorized('Invalid agent token', 'INVALID_AGENT_TOKEN');
  if (row.agent_revoked_at || row.partner_deleted || row.org_deleted || row.status === 'decommissioned' || row.status === 'uninstalled') {
    throw agentRevoked();
  }
  assertPartnerActive(row.partner_status);
  const narrowed = row.partner_status === 'offboarding';
  if (narrowed && !opts.allowNarrowed) {
    throw new AppError(
      'AGENT_ACCESS_NARROWED',
      403,
      'The partner is offboarding: this agent may only heartbeat and run a queued self_uninstall',
    );
  }
  return {
    kind: 'agent',
    ...base,
    agentId: row.agent_id,
    deviceId: row.id,
    partnerId: row.partner_id,
    orgId: row.org_id,
    siteId: row.site_id,
    hostname: row.hostname,
    deviceStatus: row.status,
    agentVersion: row.agent_version,
    osVersion: row.os_version,
    osType: row.os_type,
    architecture: row.architecture,
    agentUpdateState: row.agent_update_state,
    agentUpdateVersion: row.agent_update_version,
    agentUpdateAt: row.agent_update_at,
    narrowed,
  };
}

/** The path names an agent; its token must be that agent's. */
export function assertOwnAgent(ctx: AgentContext, agentId: string): void {
  if (ctx.agentId !== agentId) throw new AppError('AGENT_MISMATCH', 403, 'This token belongs to a different agent');
  // The agent acts on its own device only: the authorization decision of every agent route.
  recordDecision(ctx);
}
