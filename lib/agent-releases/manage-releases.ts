// Registering and steering agent releases: a registered artifact is signed with the release key
// at once; PATCH /agent-versions/:version promotes a release and sets its rollout (releases are
// platform-wide, so only system operators change them).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { db } from '@/lib/db';
import type { AuthContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { badRequest, conflict, notFound } from '@/lib/http/errors';
import { parseOrThrow } from '@/lib/http/parse-input';
import { ZReleaseVersion } from '@/lib/agent-releases/release-versions';
import { signArtifact } from '@/lib/agent-releases/release-signing';
import { invalidatePromotedRelease } from '@/lib/agent-releases/update-offer';
import { getAgentVersion } from '@/lib/agent-releases/agent-versions';

export const ZUpdateAgentVersion = z
  .object({
    promoted: z.literal(true).optional().describe('Make this the promoted release (served by default and offered to agents for self-update); the previous one is demoted'),
    rolloutPercent: z.number().int().min(0).max(100).optional().describe('Share of devices (by a stable hash of the device id) offered this release while it is promoted'),
    rolloutGroupIds: z.array(z.string().uuid()).max(100).optional().describe('Devices in these groups are offered the release whatever the percentage'),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Give at least one of promoted, rolloutPercent, rolloutGroupIds' });
export type UpdateAgentVersionInput = z.infer<typeof ZUpdateAgentVersion>;

export async function updateAgentVersion(ctx: AuthContext, rawVersion: string, body: UpdateAgentVersionInput) {
  const version = parseOrThrow(ZReleaseVersion, rawVersion, 'version');
  const groupIds = body.rolloutGroupIds ? [...new Set(body.rolloutGroupIds)] : undefined;
  await db.$transaction(async (tx) => {
    const existing = await tx.agentVersion.findUnique({ where: { version }, select: { version: true, promoted: true, rolloutPercent: true, rolloutGroupIds: true, _count: { select: { artifacts: true } } } });
    if (!existing) throw notFound(`Agent version ${version}`);
    if (body.promoted && existing._count.artifacts === 0) throw conflict(`Agent ${version} has no artifacts yet; upload them before promoting it`, 'AGENT_VERSION_EMPTY');
    if (groupIds?.length) {
      const found = await tx.deviceGroup.findMany({ where: { id: { in: groupIds } }, select: { id: true } });
      const missing = groupIds.filter((id) => !found.some((g) => g.id === id));
      if (missing.length) throw badRequest('Unknown device groups', missing.map((id) => ({ path: 'rolloutGroupIds', message: `Device group ${id} not found` })));
    }
    if (body.promoted && !existing.promoted) {
      await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended('agent-release-registration', 0))`;
      await tx.agentVersion.updateMany({ where: { promoted: true }, data: { promoted: false, promotedByOperatorAt: null } });
    }
    // An operator's promotion (even of the release already promoted) is kept over the bundled
    // agent a later server start registers.
    await tx.agentVersion.update({ where: { version }, data: { promoted: body.promoted, promotedByOperatorAt: body.promoted ? new Date() : undefined, rolloutPercent: body.rolloutPercent, rolloutGroupIds: groupIds } });
    await writeAudit(ctx, {
      action: 'agent_version.update',
      targetType: 'agent_version',
      targetId: version,
      partnerId: null,
      orgId: null,
      details: { before: { promoted: existing.promoted, rolloutPercent: existing.rolloutPercent, rolloutGroupIds: existing.rolloutGroupIds }, changes: { ...body, rolloutGroupIds: groupIds } },
    }, tx);
  });
  invalidatePromotedRelease();
  return getAgentVersion(version);
}

export interface NewReleaseArtifact {
  os: 'linux' | 'macos' | 'windows';
  arch: string;
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * Registers (or replaces) a release with its artifacts, each signed with the release key;
 * `promoted` makes it the promoted release, as an operator's choice (kept over the bundled agent).
 */
export async function registerAgentRelease(input: { version: string; notes?: string; promoted?: boolean; rolloutPercent?: number; artifacts: NewReleaseArtifact[] }): Promise<void> {
  const version = parseOrThrow(ZReleaseVersion, input.version, 'version');
  const artifacts = await Promise.all(
    input.artifacts.map(async (a) => {
      const sha256 = createHash('sha256').update(a.content).digest('hex');
      return { version, os: a.os, arch: a.arch, fileName: a.fileName, contentType: a.contentType, sha256, size: a.content.length, content: new Uint8Array(a.content), signature: await signArtifact({ version, os: a.os, arch: a.arch, sha256 }) };
    }),
  );
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended('agent-release-registration', 0))`;
    await tx.agentVersion.upsert({
      where: { version },
      create: { version, notes: input.notes ?? null, rolloutPercent: input.rolloutPercent ?? 100 },
      update: { notes: input.notes ?? null, ...(input.rolloutPercent !== undefined ? { rolloutPercent: input.rolloutPercent } : {}) },
    });
    await tx.agentArtifact.deleteMany({ where: { version } });
    await tx.agentArtifact.createMany({ data: artifacts });
    if (input.promoted) {
      await tx.agentVersion.updateMany({ where: { promoted: true, version: { not: version } }, data: { promoted: false, promotedByOperatorAt: null } });
      await tx.agentVersion.update({ where: { version }, data: { promoted: true, promotedByOperatorAt: new Date() } });
    }
  });
  invalidatePromotedRelease();
}
