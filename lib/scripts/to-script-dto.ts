import type { Prisma } from '@/lib/generated/prisma/client';
import type { TScript, TScriptParameter } from '@/lib/scripts/schemas';

export const SCRIPT_INCLUDE = { category: { select: { name: true } }, tags: { select: { tag: { select: { name: true } } } } } as const;
export type ScriptRow = Prisma.ScriptGetPayload<{ include: typeof SCRIPT_INCLUDE }>;

export function toScriptSummaryDto(s: ScriptRow) {
  return {
    id: s.id,
    partnerId: s.partnerId,
    orgId: s.orgId,
    availability: s.orgId ? ('org' as const) : ('partner' as const),
    name: s.name,
    description: s.description,
    categoryId: s.categoryId,
    category: s.category?.name ?? null,
    tags: s.tags.map((t) => t.tag.name).sort(),
    osTypes: s.osTypes,
    language: s.language,
    runAs: s.runAs,
    timeoutSeconds: s.timeoutSeconds,
    version: s.version,
    contentBytes: Buffer.byteLength(s.content, 'utf8'),
    origin: (s.origin ?? null) as Record<string, unknown> | null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function toScriptDto(s: ScriptRow): TScript {
  return {
    ...toScriptSummaryDto(s),
    content: s.content,
    parameters: (s.parameters ?? []) as TScriptParameter[],
    exitCodeSeverityMapping: (s.exitCodeSeverityMapping ?? null) as TScript['exitCodeSeverityMapping'],
    createdById: s.createdById,
    updatedById: s.updatedById,
  };
}
