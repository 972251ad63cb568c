// GET/POST /automations, GET/PATCH/DELETE /automations/:id.
import { db, type DbOrTx } from '@/lib/db';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { writeAudit } from '@/lib/audit/write-audit';
import { forbidden } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import { automationWhere, getAutomationOrThrow } from '@/lib/automations/automation-scope';
import { nextCronRun } from '@/lib/automations/cron';
import { toAutomationDto } from '@/lib/automations/to-automation-dto';
import { validateAutomationRefs } from '@/lib/automations/validate-automation';
import type { CreateAutomationInput, ListAutomationsQuery, TAutomation, TTrigger, UpdateAutomationInput } from '@/lib/automations/schemas';

/** The event type an event or alert trigger listens to (the matcher's index column). */
export function triggerEventType(t: TTrigger): string | null {
  if (t.type === 'event') return t.eventType;
  if (t.type === 'alert') return 'alert.triggered';
  return null;
}

export async function orgTimeZone(client: DbOrTx, orgId: string): Promise<string> {
  const org = await client.organization.findUnique({ where: { id: orgId }, select: { timezone: true } });
  return org?.timezone || 'UTC';
}

/** The next due time of an enabled schedule trigger, else null. */
export async function computeNextRunAt(client: DbOrTx, orgId: string, trigger: TTrigger, enabled: boolean, after = new Date()): Promise<Date | null> {
  if (!enabled || trigger.type !== 'schedule') return null;
  return nextCronRun(trigger.cron, after, await orgTimeZone(client, orgId));
}

export async function listAutomations(ctx: ScopedContext, query: ListAutomationsQuery) {
  const where: Prisma.AutomationWhereInput = {
    AND: [
      automationWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.triggerType ? { triggerType: query.triggerType } : {},
      query.enabled !== undefined ? { enabled: query.enabled } : {},
      query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
    ],
  };
  const [rows, total] = await Promise.all([db.automation.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }), db.automation.count({ where })]);
  return pageResult(rows.map(toAutomationDto), query, total);
}

export async function getAutomation(ctx: ScopedContext, id: string): Promise<TAutomation> {
  return toAutomationDto(await getAutomationOrThrow(ctx, id));
}

export async function createAutomation(ctx: ActorContext, input: CreateAutomationInput): Promise<TAutomation> {
  const owner = await resolveRecordOwner(ctx, input.orgId, 'automations');
  if (!owner.orgId) throw forbidden('An automation belongs to one organization: give orgId');
  const orgId = owner.orgId;
  return db.$transaction(async (tx) => {
    await validateAutomationRefs(tx, { partnerId: owner.partnerId, orgId, createdBy: ctx.userId }, input);
    const created = await tx.automation.create({
      data: {
        partnerId: owner.partnerId,
        orgId,
        name: input.name,
        description: input.description ?? null,
        enabled: input.enabled,
        triggerType: input.trigger.type,
        trigger: input.trigger as Prisma.InputJsonValue,
        eventType: triggerEventType(input.trigger),
        conditions: input.conditions as Prisma.InputJsonValue,
        actions: input.actions as Prisma.InputJsonValue,
        targets: input.targets as Prisma.InputJsonValue,
        nextRunAt: await computeNextRunAt(tx, orgId, input.trigger, input.enabled),
        createdBy: ctx.userId,
      },
    });
    await writeAudit(ctx, { action: 'automation.create', targetType: 'automation', targetId: created.id, partnerId: created.partnerId, orgId: created.orgId, details: { name: created.name, trigger: created.triggerType } }, tx);
    return toAutomationDto(created);
  });
}

export async function updateAutomation(ctx: ActorContext, id: string, input: UpdateAutomationInput): Promise<TAutomation> {
  return db.$transaction(async (tx) => {
    const current = await getAutomationOrThrow(ctx, id, tx, true);
    await validateAutomationRefs(tx, current, input);
    const trigger = input.trigger ?? (current.trigger as TTrigger);
    const enabled = input.enabled ?? current.enabled;
    const updated = await tx.automation.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description,
        enabled,
        triggerType: trigger.type,
        trigger: trigger as Prisma.InputJsonValue,
        eventType: triggerEventType(trigger),
        conditions: input.conditions as Prisma.InputJsonValue | undefined,
        actions: input.actions as Prisma.InputJsonValue | undefined,
        targets: input.targets as Prisma.InputJsonValue | undefined,
        nextRunAt: await computeNextRunAt(tx, current.orgId, trigger, enabled),
      },
    });
    await writeAudit(ctx, { action: 'automation.update', targetType: 'automation', targetId: id, partnerId: updated.partnerId, orgId: updated.orgId, details: { fields: Object.keys(input) } }, tx);
    return toAutomationDto(updated);
  });
}

export async function deleteAutomation(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await getAutomationOrThrow(ctx, id, tx, true);
    await tx.automation.delete({ where: { id } });
    await writeAudit(ctx, { action: 'automation.delete', targetType: 'automation', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { name: current.name } }, tx);
  });
}
