// GET|POST /script-library/scripts/:id/versions and POST …/rollback/:versionId. Every save adds
// a version row; a rollback restores an earlier body as a new version (history is never edited).
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import type { ScriptVersion } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ScriptFields, TScriptParameter, ZUpdateScript } from '@/lib/scripts/schemas';
import { getScriptOrThrow } from '@/lib/scripts/get-script-or-throw';
import { assertMayWriteLibrary } from '@/lib/scripts/script-scope';
import { saveScriptBody } from '@/lib/scripts/save-script-body';
import { toScriptDto } from '@/lib/scripts/to-script-dto';
import { updateScript } from '@/lib/scripts/update-script';

function toVersionDto(v: ScriptVersion, currentVersion: number) {
  return {
    id: v.id,
    scriptId: v.scriptId,
    version: v.version,
    current: v.version === currentVersion,
    name: v.name,
    description: v.description,
    osTypes: v.osTypes,
    language: v.language,
    content: v.content,
    runAs: v.runAs,
    timeoutSeconds: v.timeoutSeconds,
    parameters: v.parameters as TScriptParameter[],
    exitCodeSeverityMapping: (v.exitCodeSeverityMapping ?? null) as Record<string, never> | null,
    note: v.note,
    createdById: v.createdById,
    createdAt: v.createdAt.toISOString(),
  };
}

export async function listScriptVersions(ctx: ScopedContext, scriptId: string) {
  const script = await getScriptOrThrow(ctx, scriptId);
  const rows = await db.scriptVersion.findMany({ where: { scriptId }, orderBy: { version: 'desc' } });
  return { data: rows.map((v) => toVersionDto(v, script.version)) };
}

/** POST …/versions: saves a new body (same as PUT /scripts/:id) and answers the new version. */
export async function createScriptVersion(ctx: ActorContext, scriptId: string, input: z.output<typeof ZUpdateScript>) {
  const script = await updateScript(ctx, scriptId, input, 'script.version');
  const row = await db.scriptVersion.findUniqueOrThrow({ where: { scriptId_version: { scriptId, version: script.version } } });
  return toVersionDto(row, script.version);
}

export async function rollbackScript(ctx: ActorContext, scriptId: string, versionId: string) {
  return db.$transaction(async (tx) => {
    const script = await getScriptOrThrow(ctx, scriptId, tx);
    assertMayWriteLibrary(ctx, script.orgId);
    const target = await tx.scriptVersion.findFirst({ where: { id: versionId, scriptId } });
    if (!target) throw notFound('Script version');
    const fields: ScriptFields = {
      name: target.name,
      description: target.description,
      osTypes: target.osTypes,
      language: target.language,
      content: target.content,
      runAs: target.runAs,
      timeoutSeconds: target.timeoutSeconds,
      parameters: target.parameters as TScriptParameter[],
      exitCodeSeverityMapping: (target.exitCodeSeverityMapping ?? null) as ScriptFields['exitCodeSeverityMapping'],
      // Category and tags are library labels, not part of the versioned body: they stay.
      category: script.category?.name ?? null,
      tags: script.tags.map((t) => t.tag.name),
    };
    const saved = await saveScriptBody(tx, scriptId, fields, { userId: ctx.userId, note: `Rollback to version ${target.version}` });
    await writeAudit(ctx, { action: 'script.rollback', targetType: 'script', targetId: scriptId, partnerId: saved.partnerId, orgId: saved.orgId, details: { fromVersion: script.version, toVersion: saved.version, restoredVersion: target.version } }, tx);
    return toScriptDto(saved);
  });
}
