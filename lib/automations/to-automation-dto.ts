import type { Automation, AutomationRun, AutomationRunStep } from '@/lib/generated/prisma/client';
import type { TAction, TAutomation, TAutomationRun, TConditions, TTargets, TTrigger } from '@/lib/automations/schemas';

export function toAutomationDto(a: Automation): TAutomation {
  return {
    id: a.id,
    partnerId: a.partnerId,
    orgId: a.orgId,
    name: a.name,
    description: a.description,
    enabled: a.enabled,
    trigger: a.trigger as TTrigger,
    conditions: a.conditions as TConditions,
    actions: a.actions as TAction[],
    targets: a.targets as TTargets,
    nextRunAt: a.nextRunAt?.toISOString() ?? null,
    lastRunAt: a.lastRunAt?.toISOString() ?? null,
    createdBy: a.createdBy,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export type RunWithSteps = AutomationRun & { steps: AutomationRunStep[]; automation: { name: string } };

export const RUN_INCLUDE = { steps: { orderBy: [{ actionIndex: 'asc' as const }, { deviceId: 'asc' as const }] }, automation: { select: { name: true } } };

export function toRunDto(r: RunWithSteps): TAutomationRun {
  return {
    id: r.id,
    automationId: r.automationId,
    automationName: r.automation.name,
    orgId: r.orgId,
    status: r.status as TAutomationRun['status'],
    source: r.source as TAutomationRun['source'],
    eventId: r.eventId,
    event: (r.event as Record<string, unknown> | null) ?? null,
    deviceIds: r.deviceIds,
    reason: r.reason,
    requestedBy: r.requestedBy,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    steps: r.steps.map((s) => ({
      actionIndex: s.actionIndex,
      actionType: s.actionType as TAutomationRun['steps'][number]['actionType'],
      deviceId: s.deviceId,
      status: s.status as TAutomationRun['steps'][number]['status'],
      result: (s.result as Record<string, unknown> | null) ?? null,
      error: s.error,
      finishedAt: s.finishedAt?.toISOString() ?? null,
    })),
  };
}
