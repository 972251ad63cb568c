// GET /scripts/bundle/export?ids=: the scripts as a bundle, in the order asked. An id that is
// missing or outside the caller's scope makes the whole export 404 (never a partial bundle).
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { scriptWhere } from '@/lib/scripts/script-scope';
import { SCRIPT_INCLUDE, toScriptDto } from '@/lib/scripts/to-script-dto';

export async function exportBundle(ctx: ScopedContext, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await db.script.findMany({ where: { AND: [{ id: { in: unique } }, scriptWhere(ctx)] }, include: SCRIPT_INCLUDE });
  const byId = new Map(rows.map((r) => [r.id, toScriptDto(r)]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length) throw new AppError('NOT_FOUND', 404, 'Script not found', missing.map((id) => ({ path: 'query.ids', message: id })));
  return {
    bundleVersion: 1 as const,
    scripts: unique.map((id) => {
      const s = byId.get(id)!;
      return {
        name: s.name,
        osTypes: s.osTypes,
        language: s.language,
        content: s.content,
        runAs: s.runAs,
        timeoutSeconds: s.timeoutSeconds,
        description: s.description,
        category: s.category,
        tags: s.tags,
        parameters: s.parameters,
        exitCodeSeverityMapping: s.exitCodeSeverityMapping,
      };
    }),
  };
}
