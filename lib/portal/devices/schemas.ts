import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

export const DEVICE_STATUSES = ['online', 'offline', 'pending', 'unknown'] as const;

export const ZListPortalDevicesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(255).optional().describe('Name or asset tag'),
});

export const ZPortalDevice = z.object({
  id: z.string().uuid().describe('The device id, or the asset id of a device no agent reports'),
  name: z.string().describe('Display name, else host name'),
  os: z.string().nullable().describe('Reported by the agent; null until then'),
  model: z.string().nullable().describe('Manufacturer and model as the MSP recorded them'),
  status: z.enum(DEVICE_STATUSES).describe('`unknown` for devices no agent reports'),
  lastSeenAt: ZTimestamp.nullable(),
  assetTag: z.string().nullable(),
  serialNumber: z.string().nullable(),
  site: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
}).meta({ id: 'PortalDevice' });
export type TPortalDevice = z.infer<typeof ZPortalDevice>;
