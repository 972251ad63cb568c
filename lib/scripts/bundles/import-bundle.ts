// POST /scripts/bundle/preview and /scripts/bundle/import. Bundles are untrusted: each entry is
// validated on its own (a bad one goes to `errors`, the rest import), keys outside the entry
// vocabulary (system and tenancy flags) are dropped, nothing is executed, and every imported
// script is audited with the bundle's SHA-256. Each entry commits in its own transaction.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ScriptFields } from '@/lib/scripts/schemas';
import { resolveScriptLibrary, type ScriptLibrary } from '@/lib/scripts/resolve-script-library';
import { insertScript } from '@/lib/scripts/insert-script';
import { saveScriptBody } from '@/lib/scripts/save-script-body';
import { BUNDLE_ENTRY_FIELDS, BUNDLE_MAX_SCRIPTS, ZBundleEntry, type ZBundleImportBody, type ZBundleImportResult, type ZBundlePreviewBody } from '@/lib/scripts/bundles/schemas';

type Result = z.infer<typeof ZBundleImportResult>;
type Checked = { index: number; name: string | null } & ({ ok: true; fields: ScriptFields; stripped: string[] } | { ok: false; error: string });

export function bundleSha256(bundle: unknown): string {
  return createHash('sha256').update(JSON.stringify(bundle)).digest('hex');
}

function checkEntries(scripts: unknown[]): Checked[] {
  if (scripts.length > BUNDLE_MAX_SCRIPTS) {
    throw badRequest(`A bundle holds at most ${BUNDLE_MAX_SCRIPTS} scripts`, [{ path: 'body.bundle.scripts', message: `${scripts.length} entries` }], 'BUNDLE_TOO_LARGE');
  }
  return scripts.map((raw, index) => {
    const name = raw && typeof raw === 'object' && typeof (raw as { name?: unknown }).name === 'string' ? ((raw as { name: string }).name.trim().slice(0, 255) || null) : null;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { index, name, ok: false, error: 'entry is not an object' };
    const parsed = ZBundleEntry.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { index, name, ok: false, error: `${issue.path.join('.') || 'entry'}: ${issue.message}` };
    }
    const stripped = Object.keys(raw).filter((k) => !BUNDLE_ENTRY_FIELDS.includes(k));
    return { index, name: parsed.data.name, ok: true, fields: parsed.data, stripped };
  });
}

async function resolveLibrary(ctx: UserContext, input: { availability: 'org' | 'partner'; orgId?: string; partnerId?: string }) {
  return db.$transaction((tx) => resolveScriptLibrary(tx, ctx, input));
}

const existingByName = (tx: Tx | typeof db, library: ScriptLibrary, name: string) =>
  tx.script.findFirst({ where: { partnerId: library.partnerId, libraryKey: library.libraryKey, name }, select: { id: true } });

export async function previewBundle(ctx: UserContext, input: z.output<typeof ZBundlePreviewBody>) {
  const checked = checkEntries(input.bundle.scripts);
  const library = await resolveLibrary(ctx, input);
  const seen = new Set<string>();
  const entries = [];
  for (const c of checked) {
    if (!c.ok) {
      entries.push({ index: c.index, status: 'invalid' as const, name: c.name, error: c.error });
      continue;
    }
    const conflict = seen.has(c.fields.name) || (await existingByName(db, library, c.fields.name)) !== null;
    seen.add(c.fields.name);
    entries.push({ index: c.index, status: conflict ? ('name-conflict' as const) : ('new' as const), name: c.fields.name });
  }
  return { entries };
}

/** "name (2)", "name (3)" … the first free one, kept within 255 characters. */
async function freeName(tx: Tx, library: ScriptLibrary, name: string): Promise<string> {
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = name.slice(0, 255 - suffix.length) + suffix;
    if (!(await existingByName(tx, library, candidate))) return candidate;
  }
}

export async function importBundle(ctx: UserContext, input: z.output<typeof ZBundleImportBody>): Promise<Result> {
  const checked = checkEntries(input.bundle.scripts);
  const library = await resolveLibrary(ctx, input);
  const sha = bundleSha256(input.bundle);
  const result: Result = { imported: [], skipped: [], renamed: [], versioned: [], errors: [], bundleSha256: sha };
  for (const c of checked) {
    if (!c.ok) {
      result.errors.push({ index: c.index, name: c.name, error: c.error });
      continue;
    }
    try {
      await db.$transaction(async (tx) => {
        const audit = (id: string, outcome: string, extra: Record<string, unknown> = {}) =>
          writeAudit(ctx, {
            action: 'script.bundle_import',
            targetType: 'script',
            targetId: id,
            partnerId: library.partnerId,
            orgId: library.orgId,
            details: { bundleSha256: sha, entryIndex: c.index, mode: input.mode, outcome, availability: input.availability, ...(c.stripped.length ? { strippedFields: c.stripped } : {}), ...extra },
          }, tx);
        const existing = await existingByName(tx, library, c.fields.name);
        if (!existing) {
          const s = await insertScript(tx, library, c.fields, { userId: ctx.userId, origin: { bundleSha256: sha } });
          await audit(s.id, 'imported');
          result.imported.push({ index: c.index, id: s.id, name: s.name });
        } else if (input.mode === 'skip') {
          result.skipped.push({ index: c.index, name: c.fields.name, existingId: existing.id });
        } else if (input.mode === 'rename') {
          const name = await freeName(tx, library, c.fields.name);
          const s = await insertScript(tx, library, { ...c.fields, name }, { userId: ctx.userId, origin: { bundleSha256: sha } });
          await audit(s.id, 'renamed', { originalName: c.fields.name });
          result.renamed.push({ index: c.index, id: s.id, name, originalName: c.fields.name });
        } else {
          const s = await saveScriptBody(tx, existing.id, c.fields, { userId: ctx.userId, note: `Imported from bundle ${sha.slice(0, 12)}` });
          await audit(s.id, 'versioned', { version: s.version });
          result.versioned.push({ index: c.index, id: s.id, name: s.name, version: s.version });
        }
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      result.errors.push({ index: c.index, name: c.fields.name, error: code === 'SCRIPT_NAME_CONFLICT' || code === 'P2002' ? 'name-conflict: the name was taken while importing' : 'write failed' });
    }
  }
  return result;
}
