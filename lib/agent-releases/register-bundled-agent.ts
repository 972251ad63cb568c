// Registers the bundled agent as a release (once per process): every supported os/arch gets an
// artifact, and the newest registered version is promoted. Releases stay in the database, so a
// server upgraded to a newer agent can still serve an older registered version on request.
import { db } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import { readBundledAgent, AGENT_BUNDLE_FILE } from '@/lib/agent-releases/bundled-agent';
import { compareReleases, isReleaseVersion } from '@/lib/agent-releases/release-versions';

export const AGENT_PLATFORMS = [
  { os: 'linux', arch: 'amd64' },
  { os: 'linux', arch: 'arm64' },
  { os: 'macos', arch: 'amd64' },
  { os: 'macos', arch: 'arm64' },
  { os: 'windows', arch: 'amd64' },
  { os: 'windows', arch: 'arm64' },
] as const;

let registration: Promise<void> | undefined;

async function register(): Promise<void> {
  const bundle = readBundledAgent();
  if (!bundle) {
    logger.warn('agent bundle not built (agent/dist): run npm run build to serve agent downloads');
    return;
  }
  if (!isReleaseVersion(bundle.version)) {
    logger.warn({ version: bundle.version }, 'agent bundle version is not a semantic version (agent/src/version.ts): not registered');
    return;
  }
  await db.$transaction(async (tx) => {
    // Serialise registrations of concurrent processes.
    await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended('agent-release-registration', 0))`;
    const existing = await tx.agentVersion.findUnique({ where: { version: bundle.version }, include: { artifacts: { select: { sha256: true } } } });
    const fresh = !existing || existing.artifacts.length !== AGENT_PLATFORMS.length || existing.artifacts.some((a) => a.sha256 !== bundle.sha256);
    if (fresh) {
      await tx.agentVersion.upsert({ where: { version: bundle.version }, create: { version: bundle.version, notes: 'Reference agent bundled with this server' }, update: {} });
      await tx.agentArtifact.deleteMany({ where: { version: bundle.version } });
      await tx.agentArtifact.createMany({
        data: AGENT_PLATFORMS.map((p) => ({
          version: bundle.version,
          os: p.os,
          arch: p.arch,
          fileName: AGENT_BUNDLE_FILE.replace('.cjs', `-${bundle.version}.cjs`),
          contentType: 'application/javascript',
          sha256: bundle.sha256,
          size: bundle.content.length,
          content: new Uint8Array(bundle.content),
        })),
      });
    }
    const versions = await tx.agentVersion.findMany({ select: { version: true, promoted: true, releasedAt: true } });
    const newest = versions.sort(compareReleases).at(-1)!.version;
    if (!versions.some((v) => v.promoted && v.version === newest)) {
      await tx.agentVersion.updateMany({ where: { promoted: true }, data: { promoted: false } });
      await tx.agentVersion.update({ where: { version: newest }, data: { promoted: true } });
    }
  });
}

export function ensureBundledAgentRegistered(): Promise<void> {
  registration ??= register().catch((error) => {
    registration = undefined; // try again on the next request
    throw error;
  });
  return registration;
}

/** Tests: register again (e.g. in a fresh database). */
export function resetAgentRegistration(): void {
  registration = undefined;
}
