// The self-update offer carried by heartbeat answers. The heartbeat is the hot path, so the
// promoted release (with its artifacts' digests and signatures, never their bytes) is read once
// per PROMOTED_CACHE_MS per process; the state stays in PostgreSQL, changes made through this
// process drop the cache at once and other processes see them within the TTL.
import { db, dbPool } from '@/lib/db';
import { publicBaseUrl } from '@/lib/public-url';
import { compareReleaseVersions } from '@/lib/agent-releases/release-versions';
import { signArtifact } from '@/lib/agent-releases/release-signing';
import { inRollout, rolloutBucket } from '@/lib/agent-releases/rollout';
import type { AgentContext } from '@/lib/auth/context';
import type { UpdateOffer } from '@/lib/agent-releases/update-wire';

const PROMOTED_CACHE_MS = 15_000;

interface PromotedArtifact {
  os: string;
  arch: string;
  sha256: string;
  signature: string;
  contentType: string;
}

export interface PromotedRelease {
  version: string;
  rolloutPercent: number;
  rolloutGroupIds: string[];
  artifacts: PromotedArtifact[];
}

let cache: { at: number; value: Promise<PromotedRelease | null> } | undefined;

async function loadPromoted(): Promise<PromotedRelease | null> {
  const row = await db.agentVersion.findFirst({
    where: { promoted: true },
    select: { version: true, rolloutPercent: true, rolloutGroupIds: true, artifacts: { select: { os: true, arch: true, sha256: true, signature: true, contentType: true } } },
  });
  if (!row) return null;
  const artifacts: PromotedArtifact[] = [];
  for (const a of row.artifacts) {
    let signature = a.signature;
    if (!signature) {
      // Artifacts registered before releases were signed: signed on first use.
      signature = await signArtifact({ version: row.version, ...a });
      await db.agentArtifact.updateMany({ where: { version: row.version, os: a.os, arch: a.arch, sha256: a.sha256, signature: null }, data: { signature } });
    }
    artifacts.push({ ...a, signature });
  }
  return { version: row.version, rolloutPercent: row.rolloutPercent, rolloutGroupIds: row.rolloutGroupIds, artifacts };
}

export function promotedRelease(): Promise<PromotedRelease | null> {
  const now = Date.now();
  if (!cache || now - cache.at > PROMOTED_CACHE_MS) {
    const value = loadPromoted();
    cache = { at: now, value };
    value.catch(() => {
      if (cache?.value === value) cache = undefined;
    });
  }
  return cache.value;
}

/** Drops the cached promoted release (after a promotion, a rollout change or a registration). */
export function invalidatePromotedRelease(): void {
  cache = undefined;
}

export type { UpdateOffer };

// A version the device rolled back is not offered again; one it could not take (download error,
// digest or signature mismatch) is offered again after FAILED_RETRY_MS.
const FAILED_RETRY_MS = 6 * 3600 * 1000;

function declinedBefore(ctx: AgentContext, version: string): boolean {
  if (ctx.agentUpdateVersion !== version) return false;
  if (ctx.agentUpdateState === 'rolled_back') return true;
  return ctx.agentUpdateState === 'failed' && (!ctx.agentUpdateAt || Date.now() - ctx.agentUpdateAt.getTime() < FAILED_RETRY_MS);
}

/**
 * The update offered to a beating agent, or undefined: the promoted release when it is newer than
 * the version the agent reports, has an artifact for its platform, was not rolled back (or lately
 * refused) by this device, and the device is inside the rollout.
 */
export async function updateOfferFor(ctx: AgentContext, reportedVersion: string | undefined): Promise<UpdateOffer | undefined> {
  const current = reportedVersion ?? ctx.agentVersion;
  if (ctx.narrowed || !current || !ctx.osType || !ctx.architecture) return undefined;
  const release = await promotedRelease();
  if (!release || compareReleaseVersions(current, release.version) >= 0) return undefined;
  if (declinedBefore(ctx, release.version)) return undefined;
  const artifact = release.artifacts.find((a) => a.os === ctx.osType && a.arch === ctx.architecture);
  if (!artifact) return undefined;
  const bucket = rolloutBucket(ctx.deviceId);
  let groups: string[] = [];
  if (bucket >= release.rolloutPercent && release.rolloutGroupIds.length > 0) {
    const { rows } = await dbPool().query<{ group_id: string }>('select group_id::text from device_group_memberships where device_id = $1 and group_id = any($2::uuid[])', [ctx.deviceId, release.rolloutGroupIds]);
    groups = rows.map((r) => r.group_id);
  }
  if (!inRollout(bucket, release.rolloutPercent, release.rolloutGroupIds, groups)) return undefined;
  return {
    version: release.version,
    os: artifact.os,
    arch: artifact.arch,
    url: `${publicBaseUrl()}/api/v1/agents/download/${artifact.os}/${artifact.arch}?version=${encodeURIComponent(release.version)}`,
    sha256: artifact.sha256,
    signature: artifact.signature,
    format: artifact.contentType === 'application/javascript' ? 'bundle' : 'binary',
  };
}
