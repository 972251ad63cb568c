// POST /scripts/import/:id (system library) and POST /script-library/from-template/:templateId:
// a copy of a built-in script in a tenant library, then an ordinary script of that tenant.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { TLibraryScript, ZCloneLibraryScript, ZFromTemplate } from '@/lib/scripts/schemas';
import { ZScriptFields } from '@/lib/scripts/schemas';
import { findSystemScript } from '@/lib/scripts/system-library';
import { findTemplate } from '@/lib/scripts/templates';
import { resolveScriptLibrary } from '@/lib/scripts/resolve-script-library';
import { insertScript } from '@/lib/scripts/insert-script';
import { toScriptDto } from '@/lib/scripts/to-script-dto';

async function clone(ctx: ActorContext, source: TLibraryScript, overrides: Record<string, unknown>, placement: { availability: 'org' | 'partner'; orgId?: string; partnerId?: string }, origin: Record<string, unknown>, action: string) {
  const { id: _id, ...body } = source;
  const fields = ZScriptFields.parse({ ...body, ...overrides });
  return db.$transaction(async (tx) => {
    const library = await resolveScriptLibrary(tx, ctx, placement);
    const script = await insertScript(tx, library, fields, { userId: ctx.userId, origin });
    await writeAudit(ctx, { action, targetType: 'script', targetId: script.id, partnerId: script.partnerId, orgId: script.orgId, details: { name: script.name, ...origin } }, tx);
    return toScriptDto(script);
  });
}

export async function importSystemScript(ctx: ActorContext, id: string, input: z.output<typeof ZCloneLibraryScript>) {
  const source = findSystemScript(id);
  if (!source) throw notFound('System library script');
  const { name, ...placement } = input;
  return clone(ctx, source, name ? { name } : {}, placement, { systemScriptId: id }, 'script.import_system');
}

export async function createFromTemplate(ctx: ActorContext, templateId: string, input: z.output<typeof ZFromTemplate>) {
  const template = findTemplate(templateId);
  if (!template) throw notFound('Template');
  const { availability, orgId, partnerId, ...overrides } = input;
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return clone(ctx, template, defined, { availability, orgId, partnerId }, { templateId }, 'script.create_from_template');
}
