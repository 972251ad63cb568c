// SNMP templates: the built-in ones (read-only, shared) and the partner's own. Templates are
// partner-wide: every caller of the partner reads them, callers that see every organization
// write them.
import type { z } from 'zod';
import type { ScopedContext, ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma, SnmpTemplate } from '@/lib/generated/prisma/client';
import { badRequest, conflict, forbidden, notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { hasFullPartnerAccess, partnerWhere } from '@/lib/tenancy/scope';
import { ZTemplateOid, type ZCreateSnmpTemplate, type ZListSnmpTemplatesQuery, type ZUpdateSnmpTemplate } from '@/lib/snmp/schemas';

const visible = (ctx: ScopedContext): Prisma.SnmpTemplateWhereInput => ({ OR: [{ builtIn: true }, { ...partnerWhere(ctx), builtIn: false }] });

function toDto(t: SnmpTemplate & { _count: { devices: number } }) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    builtIn: t.builtIn,
    oids: ZTemplateOid.array().catch([]).parse(t.oids),
    deviceCount: t._count.devices,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
const withCount = { _count: { select: { devices: true } } } as const;

export async function listSnmpTemplates(ctx: ScopedContext, q: z.output<typeof ZListSnmpTemplatesQuery>) {
  const where: Prisma.SnmpTemplateWhereInput = { AND: [visible(ctx), q.search ? { name: { contains: q.search, mode: 'insensitive' } } : {}] };
  const [rows, total] = await Promise.all([db.snmpTemplate.findMany({ where, include: withCount, orderBy: [{ builtIn: 'desc' }, { name: 'asc' }, { id: 'asc' }], ...pageArgs(q) }), db.snmpTemplate.count({ where })]);
  return pageResult(rows.map(toDto), q, total);
}

async function getTemplateOrThrow(ctx: ScopedContext, id: string) {
  const t = await db.snmpTemplate.findFirst({ where: { AND: [{ id }, visible(ctx)] }, include: withCount });
  if (!t) throw notFound('SNMP template');
  return t;
}

export async function getSnmpTemplate(ctx: ScopedContext, id: string) {
  return toDto(await getTemplateOrThrow(ctx, id));
}

function assertWritable(ctx: ScopedContext, t?: SnmpTemplate) {
  if (t?.builtIn) throw forbidden('Built-in SNMP templates are read-only: copy one into a template of your own', 'SNMP_TEMPLATE_BUILT_IN');
  if (!hasFullPartnerAccess(ctx)) throw forbidden('SNMP templates are partner-wide: writing them needs access to every organization');
}

export async function createSnmpTemplate(ctx: ActorContext, input: z.output<typeof ZCreateSnmpTemplate>) {
  assertWritable(ctx);
  if (!ctx.partnerId) throw badRequest('Partner context required', [{ path: 'partnerId', message: 'Platform callers cannot own templates' }]);
  const t = await db.snmpTemplate.create({ data: { partnerId: ctx.partnerId, name: input.name, description: input.description, oids: input.oids as Prisma.InputJsonValue, createdBy: ctx.userId }, include: withCount });
  return toDto(t);
}

export async function updateSnmpTemplate(ctx: ScopedContext, id: string, input: z.output<typeof ZUpdateSnmpTemplate>) {
  const t = await getTemplateOrThrow(ctx, id);
  assertWritable(ctx, t);
  const updated = await db.snmpTemplate.update({ where: { id: t.id }, data: { ...input, ...(input.oids ? { oids: input.oids as Prisma.InputJsonValue } : {}) }, include: withCount });
  return toDto(updated);
}

/** A template in use by devices is not deleted (409): move the devices first. */
export async function deleteSnmpTemplate(ctx: ScopedContext, id: string): Promise<void> {
  const t = await getTemplateOrThrow(ctx, id);
  assertWritable(ctx, t);
  if (t._count.devices > 0) throw conflict(`The template is used by ${t._count.devices} SNMP device(s)`, 'SNMP_TEMPLATE_IN_USE', { deviceCount: t._count.devices });
  await db.snmpTemplate.delete({ where: { id: t.id } });
}
