// Registers the bundled agent as a release (once per process): every supported os/arch gets an
// artifact — the single-executable binary when `npm run build:agent-binaries` built one for that
// platform (served from its file), else the JS bundle (run by an installed Node.js). The bundled
// version is promoted only when no release is promoted, or when the promoted one was chosen by an
// earlier server start (not by an operator) and is older: a restart never overrides a release an
// operator promoted, and never promotes a release an operator uploaded but left unpromoted.
// Releases stay in the database, so a server upgraded to a newer agent can still serve an older
// registered version on request.
import { db } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import { readAgentBinaries, readBundledAgent, AGENT_BUNDLE_FILE } from '@/lib/agent-releases/bundled-agent';
import { compareReleases, isReleaseVersion } from '@/lib/agent-releases/release-versions';
import { signArtifact } from '@/lib/agent-releases/release-signing';
import { invalidatePromotedRelease } from '@/lib/agent-releases/update-offer';

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
  const binaries = readAgentBinaries(bundle);
  const unsigned = AGENT_PLATFORMS.map((p) => {
    const binary = binaries.find((b) => b.os === p.os && b.arch === p.arch);
    if (binary) {
      return { version: bundle.version, os: p.os, arch: p.arch, fileName: binary.fileName, contentType: 'application/octet-stream', sha256: binary.sha256, size: binary.size, content: new Uint8Array(0), filePath: binary.filePath };
    }
    return {
      version: bundle.version,
      os: p.os,
      arch: p.arch,
      fileName: AGENT_BUNDLE_FILE.replace('.cjs', `-${bundle.version}.cjs`),
      contentType: 'application/javascript',
      sha256: bundle.sha256,
      size: bundle.content.length,
      content: new Uint8Array(bundle.content),
      filePath: null,
    };
  });
  const artifacts = await Promise.all(unsigned.map(async (a) => ({ ...a, signature: await signArtifact(a) })));
  await db.$transaction(async (tx) => {
    // Serialise registrations of concurrent processes.
    await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended('agent-release-registration', 0))`;
    const existing = await tx.agentVersion.findUnique({ where: { version: bundle.version }, include: { artifacts: { select: { os: true, arch: true, sha256: true, filePath: true } } } });
    const fresh =
      !existing ||
      existing.artifacts.length !== artifacts.length ||
      artifacts.some((n) => !existing.artifacts.some((a) => a.os === n.os && a.arch === n.arch && a.sha256 === n.sha256 && a.filePath === n.filePath));
    if (fresh) {
      await tx.agentVersion.upsert({ where: { version: bundle.version }, create: { version: bundle.version, notes: 'Reference agent bundled with this server' }, update: {} });
      await tx.agentArtifact.deleteMany({ where: { version: bundle.version } });
      await tx.agentArtifact.createMany({ data: artifacts });
    }
    const promoted = await tx.agentVersion.findFirst({ where: { promoted: true }, select: { version: true, releasedAt: true, promotedByOperatorAt: true } });
    const bundled = await tx.agentVersion.findUniqueOrThrow({ where: { version: bundle.version }, select: { version: true, releasedAt: true } });
    if (!promoted || (!promoted.promotedByOperatorAt && compareReleases(bundled, promoted) > 0)) {
      await tx.agentVersion.updateMany({ where: { promoted: true }, data: { promoted: false } });
      await tx.agentVersion.update({ where: { version: bundle.version }, data: { promoted: true, promotedByOperatorAt: null } });
    }
    // Six artifacts of the bundle (hundreds of KB each) go in at once, after waiting for any other
    // process's registration: on a busy database that takes longer than Prisma's 5 s default, and
    // the request that triggered it would answer 503 instead of the releases.
  }, { maxWait: 10_000, timeout: 60_000 });
  invalidatePromotedRelease();
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
