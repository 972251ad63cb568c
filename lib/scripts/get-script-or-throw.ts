import { db, type DbOrTx } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { scriptWhere } from '@/lib/scripts/script-scope';
import { SCRIPT_INCLUDE } from '@/lib/scripts/to-script-dto';

/** Lookup and authorization in one query: a script outside the caller's scope is "not found". */
export async function getScriptOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const script = await client.script.findFirst({ where: { AND: [{ id }, scriptWhere(ctx)] }, include: SCRIPT_INCLUDE });
  if (!script) throw notFound('Script');
  return script;
}
