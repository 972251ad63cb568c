import type { AlertPolicy } from '@/lib/generated/prisma/client';

export function toPolicyDto(p: AlertPolicy) {
  return {
    id: p.id,
    partnerId: p.partnerId,
    orgId: p.orgId,
    name: p.name,
    enabled: p.enabled,
    severities: p.severities,
    ruleIds: p.ruleIds,
    channelIds: p.channelIds,
    userIds: p.userIds,
    notifyOnResolve: p.notifyOnResolve,
    escalateAfterMinutes: p.escalateAfterMinutes,
    escalationChannelIds: p.escalationChannelIds,
    escalationUserIds: p.escalationUserIds,
    messageTemplateId: p.messageTemplateId,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
