import type { AlertChannel } from '@/lib/generated/prisma/client';

export function toChannelDto(c: AlertChannel) {
  return {
    id: c.id,
    partnerId: c.partnerId,
    orgId: c.orgId,
    name: c.name,
    kind: c.kind,
    enabled: c.enabled,
    config: (c.configDisplay ?? {}) as Record<string, unknown>,
    lastTestAt: c.lastTestAt?.toISOString() ?? null,
    lastTestOk: c.lastTestOk,
    lastError: c.lastError,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
