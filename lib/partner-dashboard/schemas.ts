import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

const ZCount = z.number().int().min(0);

export const ZPartnerDashboard = z.object({
  generatedAt: ZTimestamp,
  organizations: z.object({ total: ZCount, sites: ZCount }),
  devices: z
    .object({
      total: ZCount.describe('Not decommissioned'),
      online: ZCount,
      offline: ZCount,
      pending: ZCount.describe('Provisioned, no agent yet'),
      uninstalled: ZCount,
      byOsType: z.record(z.string(), ZCount).describe('Key `unknown` for devices that reported no OS yet'),
      byOrganization: z.array(z.object({ orgId: z.string().uuid(), name: z.string(), total: ZCount, online: ZCount, offline: ZCount })).describe('Up to 10 organizations with the most devices'),
    })
    .nullable()
    .describe('Null without devices:read'),
  alerts: z
    .object({
      open: ZCount.describe('Active, acknowledged or suppressed'),
      bySeverity: z.object({ critical: ZCount, high: ZCount, medium: ZCount, low: ZCount, info: ZCount }),
    })
    .nullable()
    .describe('Null without alerts:read or when the alerts domain is not deployed on this server'),
  tickets: z
    .object({
      open: ZCount.describe('Not resolved or closed'),
      byStatus: z.object({ new: ZCount, open: ZCount, pending: ZCount, on_hold: ZCount, resolved: ZCount, closed: ZCount }),
      byPriority: z.object({ p1: ZCount, p2: ZCount, p3: ZCount, p4: ZCount }).describe('Open tickets only'),
    })
    .nullable()
    .describe('Null without tickets:read'),
});
export type TPartnerDashboard = z.infer<typeof ZPartnerDashboard>;
