// Management posture report (doc 3 "Management posture report", "Management posture").
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { PRODUCT_SLUG } from '@/lib/posture/products';

export const POSTURE_MAX_STALENESS_DAYS = 365;
export const POSTURE_MAX_PAGE = 500;

const ZStalenessDays = z.coerce
  .number()
  .int()
  .min(1)
  .max(POSTURE_MAX_STALENESS_DAYS)
  .default(7)
  .describe('A device whose last posture report is older than this many days counts as stale (default 7, up to 365)');

export const ZPostureSummaryQuery = z.object({
  orgId: z.string().uuid().optional().describe('One organization; omit for every visible organization'),
  stalenessDays: ZStalenessDays,
});

export const ZPostureSummary = z.object({
  data: z.object({
    orgs: z.array(
      z.object({
        orgId: z.string().uuid(),
        products: z.array(z.object({ product: z.string(), status: z.enum(['active', 'installed']), deviceCount: z.number().int() })),
      }),
    ),
    totals: z.object({
      neverScanned: z.number().int().describe('Devices that never reported posture (unknown, not clean)'),
      stale: z.number().int().describe('Devices whose last report is older than stalenessDays'),
    }),
  }),
});

export const ZPostureDevicesQuery = z.object({
  product: z.string().regex(PRODUCT_SLUG).optional().describe('Devices where this product was found; omit for devices with any product'),
  posture: z
    .enum(['detected', 'never-scanned', 'stale'])
    .default('detected')
    .describe('detected (default): devices with a product found; never-scanned / stale: the devices behind the summary totals'),
  orgId: z.string().uuid().optional(),
  stalenessDays: ZStalenessDays,
  limit: z.coerce.number().int().min(1).max(POSTURE_MAX_PAGE).default(100).describe('At most 500'),
  cursor: z.string().max(2000).optional().describe('nextCursor of the previous page'),
});

export const ZPostureDevice = z.object({
  deviceId: z.string().uuid(),
  hostname: z.string(),
  displayName: z.string().nullable(),
  orgId: z.string().uuid(),
  siteId: z.string().uuid().nullable(),
  status: z.string(),
  osType: z.string().nullable(),
  lastSeenAt: ZTimestamp.nullable(),
  postureScannedAt: ZTimestamp.nullable(),
  products: z.array(z.object({ product: z.string(), name: z.string(), status: z.enum(['active', 'installed']), version: z.string().nullable() })),
}).meta({ id: 'PostureDevice' });

export const ZPostureDevices = z.object({
  data: z.object({
    devices: z.array(ZPostureDevice),
    nextCursor: z.string().nullable(),
    hasMore: z.boolean(),
  }),
});
