// Partner-scoped alert templates (CRUD) and the built-in list. Templates belong to the partner:
// organization callers read them and partner callers write them.
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { AlertTemplate, Prisma } from '@/lib/generated/prisma/client';
import { badRequest, forbidden, notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { hasFullPartnerAccess, ownPartnerWhere } from '@/lib/tenancy/scope';
import { BUILT_IN_TEMPLATES } from '@/lib/alerts/templates/built-in-templates';
import { ZRuleTemplateBody, type ZCreateTemplate, type ZListTemplatesQuery, type ZUpdateTemplate } from '@/lib/alerts/templates/schemas';

function partnerOf(ctx: ScopedContext): string {
  if (ctx.scope === 'system') throw forbidden('Alert templates belong to a partner');
  return ownPartnerWhere(ctx).partnerId;
}

function assertWriter(ctx: ScopedContext): string {
  if (!hasFullPartnerAccess(ctx) || ctx.scope === 'system') throw forbidden('Alert templates are managed by partner users with access to every organization');
  return ctx.partnerId!;
}

export function toTemplateDto(t: AlertTemplate) {
  const rule = t.kind === 'rule' ? ZRuleTemplateBody.safeParse(t.rule) : null;
  return {
    id: t.id,
    kind: t.kind as 'rule' | 'message',
    builtIn: false,
    name: t.name,
    description: t.description,
    rule: rule?.success ? rule.data : null,
    subject: t.subject,
    body: t.body,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export function listBuiltInTemplates() {
  return { data: BUILT_IN_TEMPLATES.map((t) => ({ id: t.id, kind: t.kind, builtIn: true, name: t.name, description: t.description, rule: t.rule, subject: null, body: null, createdAt: null, updatedAt: null })) };
}

export async function listTemplates(ctx: ScopedContext, q: z.output<typeof ZListTemplatesQuery>) {
  const where: Prisma.AlertTemplateWhereInput = { partnerId: partnerOf(ctx), ...(q.kind ? { kind: q.kind } : {}) };
  const [rows, total] = await Promise.all([
    db.alertTemplate.findMany({ where, orderBy: [{ kind: 'asc' }, { name: 'asc' }], ...pageArgs(q) }),
    db.alertTemplate.count({ where }),
  ]);
  return pageResult(rows.map(toTemplateDto), q, total);
}

async function getTemplateOrThrow(ctx: ScopedContext, id: string) {
  const t = await db.alertTemplate.findFirst({ where: { id, partnerId: partnerOf(ctx) } });
  if (!t) throw notFound('Alert template');
  return t;
}

export async function createTemplate(ctx: ScopedContext & { userId: string }, input: z.output<typeof ZCreateTemplate>) {
  const partnerId = assertWriter(ctx);
  const t = await db.alertTemplate.create({
    data: {
      partnerId,
      kind: input.kind,
      name: input.name,
      description: input.description ?? null,
      rule: input.kind === 'rule' ? (input.rule as Prisma.InputJsonValue) : undefined,
      subject: input.kind === 'message' ? input.subject : null,
      body: input.kind === 'message' ? input.body : null,
      createdBy: ctx.userId,
    },
  });
  return toTemplateDto(t);
}

export async function updateTemplate(ctx: ScopedContext, id: string, input: z.output<typeof ZUpdateTemplate>) {
  assertWriter(ctx);
  const t = await getTemplateOrThrow(ctx, id);
  if (t.kind === 'rule' && (input.subject !== undefined || input.body !== undefined)) throw badRequest('A rule template has no subject or body', [{ path: 'subject', message: 'Not allowed for kind rule' }]);
  if (t.kind === 'message' && input.rule !== undefined) throw badRequest('A message template has no rule', [{ path: 'rule', message: 'Not allowed for kind message' }]);
  const updated = await db.alertTemplate.update({
    where: { id: t.id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.rule !== undefined ? { rule: input.rule as Prisma.InputJsonValue } : {}),
      ...(input.subject !== undefined ? { subject: input.subject } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
    },
  });
  return toTemplateDto(updated);
}

/** Deletes a template; policies that used it as their message template fall back to the default. */
export async function deleteTemplate(ctx: ScopedContext, id: string): Promise<void> {
  assertWriter(ctx);
  const t = await getTemplateOrThrow(ctx, id);
  await db.$transaction([
    db.alertPolicy.updateMany({ where: { partnerId: t.partnerId, messageTemplateId: t.id }, data: { messageTemplateId: null } }),
    db.alertTemplate.delete({ where: { id: t.id } }),
  ]);
}
